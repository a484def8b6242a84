import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMAGE_RULES, processImage } from './images';

const RED = { r: 255, g: 0, b: 0 };
const BLUE = { r: 0, g: 0, b: 255 };

/** A width × height image, its left half red and its right half blue. */
function halves(width: number, height: number) {
  const left = Math.floor(width / 2);
  return sharp({ create: { width, height, channels: 3, background: BLUE } }).composite([
    {
      input: { create: { width: left, height, channels: 3, background: RED } },
      left: 0,
      top: 0,
    },
  ]);
}

/** The colour at (x, y) of an encoded image. */
async function pixel(content: Buffer, x: number, y: number) {
  const { data, info } = await sharp(content).raw().toBuffer({ resolveWithObject: true });
  const at = (y * info.width + x) * info.channels;
  return { r: data[at]!, g: data[at + 1]!, b: data[at + 2]! };
}

const near = (actual: { r: number; g: number; b: number }, expected: typeof RED) =>
  Math.abs(actual.r - expected.r) < 40 &&
  Math.abs(actual.g - expected.g) < 40 &&
  Math.abs(actual.b - expected.b) < 40;

function chunk(type: string, data: Buffer) {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A 1-bit greyscale PNG built by hand: all-white rows compress to almost nothing, so a file of a
 * few KB can declare tens of megapixels. `rows` (default all) is how many rows its data holds.
 */
function bitPng(width: number, height: number, rows = height) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([1, 0, 0, 0, 0], 8); // bit depth 1, greyscale, deflate, adaptive filters, no interlace
  const row = Buffer.alloc(1 + Math.ceil(width / 8), 0xff);
  row[0] = 0; // filter: none
  const raw = Buffer.alloc(row.length * rows);
  for (let i = 0; i < rows; i += 1) row.copy(raw, i * row.length);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

async function refused(input: Parameters<typeof processImage>[0], code: string) {
  await expect(processImage(input)).rejects.toMatchObject({ name: 'AppError', code });
}

async function hasNoMetadata(content: Buffer) {
  const metadata = await sharp(content).metadata();
  expect(metadata.format).toBe('webp');
  expect(metadata.exif).toBeUndefined();
  expect(metadata.xmp).toBeUndefined();
  expect(metadata.iptc).toBeUndefined();
  expect(metadata.icc).toBeUndefined();
  expect(metadata.orientation).toBeUndefined();
}

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'despacho-images-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('processImage', () => {
  it('turns a JPEG upright by its EXIF orientation and keeps none of its metadata (GPS included)', async () => {
    // Stored 400 × 200, red left; orientation 6 says "rotate 90° clockwise to show it".
    const jpeg = await halves(400, 200)
      .jpeg({ quality: 95 })
      .withMetadata({ orientation: 6 })
      .withExif({
        IFD0: { Artist: 'Ana', Make: 'Phone' },
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '19/1 26/1 0/1' },
      })
      .toBuffer();
    const before = await sharp(jpeg).metadata();
    expect(before.orientation).toBe(6);
    expect(before.exif?.includes('Ana')).toBe(true);

    const image = await processImage(jpeg);

    expect(image.source).toEqual({ kind: 'jpeg', width: 200, height: 400, bytes: jpeg.length });
    for (const version of [image.large, image.thumbnail]) {
      await hasNoMetadata(version.content);
      expect(version.content.includes('Ana')).toBe(false);
      expect(version.bytes).toBe(version.content.length);
    }
    // Upright: taller than wide, the red half now on top.
    expect(image.large).toMatchObject({ format: 'webp', width: 200, height: 400 });
    expect(image.thumbnail).toMatchObject({ width: 160, height: 320 });
    expect(near(await pixel(image.large.content, 100, 50), RED)).toBe(true);
    expect(near(await pixel(image.large.content, 100, 350), BLUE)).toBe(true);
  });

  it('accepts a PNG and a WebP, shrinking the large ones to 1200 px and never enlarging', async () => {
    const png = await halves(3000, 1500).png().toBuffer();
    const fromPng = await processImage(png);
    expect(fromPng.source).toMatchObject({ kind: 'png', width: 3000, height: 1500 });
    expect(fromPng.large).toMatchObject({ width: 1200, height: 600 });
    expect(fromPng.thumbnail).toMatchObject({ width: 320, height: 160 });
    await hasNoMetadata(fromPng.large.content);

    const webp = await halves(300, 500).webp().toBuffer();
    const fromWebp = await processImage(webp);
    expect(fromWebp.source).toMatchObject({ kind: 'webp', width: 300, height: 500 });
    expect(fromWebp.large).toMatchObject({ width: 300, height: 500 });
    expect(fromWebp.thumbnail).toMatchObject({ width: 192, height: 320 });

    const small = await halves(100, 60).png().toBuffer();
    const fromSmall = await processImage(small);
    expect(fromSmall.large).toMatchObject({ width: 100, height: 60 });
    expect(fromSmall.thumbnail).toMatchObject({ width: 100, height: 60 });
  });

  it('reads an uploaded file from its path', async () => {
    const file = path.join(dir, 'upload');
    await writeFile(file, await halves(2400, 2400).jpeg().toBuffer());
    const image = await processImage({ path: file });
    expect(image.large).toMatchObject({ width: 1200, height: 1200 });
    expect(image.thumbnail).toMatchObject({ width: 320, height: 320 });
  });

  it('refuses GIF, SVG, PDF and text whatever the name says, as FILE_TYPE_NOT_ALLOWED', async () => {
    const gif = await halves(40, 40).gif().toBuffer();
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>');
    const xmlSvg = Buffer.concat([Buffer.from('<?xml version="1.0"?>'), svg]);
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n%%EOF\n');
    const text = path.join(dir, 'photo.jpg');
    await writeFile(text, 'not a photo at all, just text\n');
    for (const input of [gif, svg, xmlSvg, pdf, { path: text }]) {
      await expect(processImage(input)).rejects.toMatchObject({
        code: 'FILE_TYPE_NOT_ALLOWED',
        params: { allowed: 'JPEG, PNG, WebP' },
      });
    }
    await refused(Buffer.alloc(0), 'FILE_REQUIRED');
  });

  it('refuses a file over 5 MB, in memory or on disk, as FILE_TOO_LARGE', async () => {
    const big = Buffer.alloc(IMAGE_RULES.maxBytes + 1);
    big.set([0xff, 0xd8, 0xff]);
    await expect(processImage(big)).rejects.toMatchObject({
      code: 'FILE_TOO_LARGE',
      params: { max: '5 MB' },
    });
    const file = path.join(dir, 'big.jpg');
    await writeFile(file, big);
    await refused({ path: file }, 'FILE_TOO_LARGE');
  });

  it('refuses a pixel bomb from its header, before decoding it', async () => {
    // A real, complete PNG of 64 megapixels in a few KB: over the 40 MP limit.
    const bomb = bitPng(8000, 8000);
    expect(bomb.length).toBeLessThan(64 * 1024);
    const header = await sharp(bomb, { limitInputPixels: false }).metadata();
    expect(header).toMatchObject({ format: 'png', width: 8000, height: 8000 });
    await expect(processImage(bomb)).rejects.toMatchObject({
      code: 'IMAGE_TOO_MANY_PIXELS',
      params: { max: 40 },
    });

    // 10 gigapixels declared with a single row of data: decoding would fail as truncated (or
    // exhaust memory); the refusal for its size shows only the header was read.
    await refused(bitPng(100_000, 100_000, 1), 'IMAGE_TOO_MANY_PIXELS');
  });

  it('refuses a truncated or corrupt image as IMAGE_UNREADABLE', async () => {
    const noise = await sharp(
      Buffer.from(Array.from({ length: 600 * 400 * 3 }, (_, i) => i % 251)),
      {
        raw: { width: 600, height: 400, channels: 3 },
      },
    )
      .jpeg({ quality: 90 })
      .toBuffer();
    await expect(processImage(noise)).resolves.toMatchObject({ source: { kind: 'jpeg' } });
    await refused(noise.subarray(0, Math.floor(noise.length * 0.6)), 'IMAGE_UNREADABLE');

    const png = await halves(600, 400).png().toBuffer();
    await refused(png.subarray(0, png.length - 40), 'IMAGE_UNREADABLE');

    // Right first bytes, nothing after them.
    await refused(
      Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46]),
      'IMAGE_UNREADABLE',
    );
  });
});
