import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { precompressFile } from './vite-precompress';

const dir = mkdtempSync(path.join(tmpdir(), 'despacho-precompress-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('precompressed build assets', () => {
  it('writes the brotli and gzip of a file beside it, each decoding to the file', async () => {
    const file = path.join(dir, 'chunk-a1b2.js');
    const content = `export const rows = ${JSON.stringify(Array.from({ length: 300 }, (_, i) => i))};`;
    writeFileSync(file, content);

    expect(await precompressFile(file)).toEqual([`${file}.br`, `${file}.gz`]);
    expect(brotliDecompressSync(readFileSync(`${file}.br`)).toString()).toBe(content);
    expect(gunzipSync(readFileSync(`${file}.gz`)).toString()).toBe(content);
    expect(readFileSync(`${file}.br`).length).toBeLessThan(content.length / 3);
  });

  it('leaves files under 1 KB plain', async () => {
    const file = path.join(dir, 'tiny-c3d4.js');
    writeFileSync(file, 'export const one = 1;');
    expect(await precompressFile(file)).toEqual([]);
    expect(existsSync(`${file}.br`) || existsSync(`${file}.gz`)).toBe(false);
  });
});
