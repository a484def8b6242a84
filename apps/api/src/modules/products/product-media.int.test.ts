import { existsSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { crc32, deflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/test-app';
import { sampleFiles } from '../../../test/multipart';
import { callAs, type CallArgs, createOwnerAndOther, type TestUser } from '../../../test/users';
import { createProduct, productBody, samplePng, uploadAs } from './products.test-support';

function chunk(type: string, data: Buffer) {
  const body = Buffer.concat([Buffer.from(type), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A PNG whose header declares 20000 × 20000 pixels (400 MP) in a few hundred bytes: 1-bit
 * greyscale, with one white row of data.
 */
function pixelBomb(): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(20_000, 0);
  header.writeUInt32BE(20_000, 4);
  header.set([1, 0, 0, 0, 0], 8);
  const row = Buffer.alloc(1 + 20_000 / 8, 0xff);
  row[0] = 0;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(row)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

describe('product images and data sheets', () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  let owner: TestUser;
  let other: TestUser;
  const call = (...args: CallArgs) => callAs(ctx.app, ...args);
  const upload = (user: TestUser, url: string, file: Parameters<typeof uploadAs>[3]) =>
    uploadAs(ctx.app, user, url, file);
  const uploadImage = async (user = owner) => {
    const response = await upload(user, '/product-images', {
      name: 'foto.png',
      content: await samplePng(),
      type: 'image/png',
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().data as { id: string; url: string; thumbnail_url: string };
  };
  const filesOf = async (imageId: string) =>
    (
      await ctx.db.$client.query<{ organization_id: string; id: string }>(
        `select f.organization_id, f.id from files f join product_images i
           on f.id in (i.file_id, i.thumbnail_file_id) where i.id = $1`,
        [imageId],
      )
    ).rows;

  beforeAll(async () => {
    ctx = await createTestApp();
    ({ owner, other } = await createOwnerAndOther(ctx));
  });
  afterAll(() => ctx.close());

  it('re-encodes an upload as a 1200 px WebP and a 320 px thumbnail', async () => {
    const image = await uploadImage();
    expect(image).toEqual({
      id: image.id,
      width: 1200,
      height: 675,
      url: `/api/v1/product-images/${image.id}`,
      thumbnail_url: `/api/v1/product-images/${image.id}?size=thumbnail`,
    });
    for (const [url, width] of [
      [image.url, 1200],
      [image.thumbnail_url, 320],
    ] as const) {
      const response = await ctx.app.inject({ method: 'GET', url, headers: owner.headers() });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('image/webp');
      expect((await sharp(response.rawPayload).metadata()).width).toBe(width);
    }
  });

  it('takes an image of several megabytes (over the 1 MB default of uploads)', async () => {
    const noisy = await sharp({
      create: {
        width: 1000,
        height: 1000,
        channels: 3,
        background: '#808080',
        noise: { type: 'gaussian', mean: 128, sigma: 60 },
      },
    })
      .png()
      .toBuffer();
    expect(noisy.length).toBeGreaterThan(2 * 1024 * 1024);
    expect(noisy.length).toBeLessThan(5 * 1024 * 1024);
    const response = await upload(owner, '/product-images', { name: 'ruido.png', content: noisy });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().data).toMatchObject({ width: 1000, height: 1000 });
  });

  it('refuses an image over 5 MB, a PDF named .jpg and a pixel bomb', async () => {
    const cases = [
      [
        { name: 'grande.png', content: sampleFiles.png(5 * 1024 * 1024 + 1) },
        413,
        'FILE_TOO_LARGE',
      ],
      [
        { name: 'foto.jpg', content: sampleFiles.pdf(2048), type: 'image/jpeg' },
        415,
        'FILE_TYPE_NOT_ALLOWED',
      ],
      [{ name: 'bomba.png', content: pixelBomb() }, 413, 'IMAGE_TOO_MANY_PIXELS'],
    ] as const;
    for (const [file, status, code] of cases) {
      const response = await upload(owner, '/product-images', file);
      expect(response.statusCode, file.name).toBe(status);
      expect(response.json().error.code, file.name).toBe(code);
    }
  });

  it('claims images in order, the first as cover, and deletes those left out', async () => {
    const [first, second] = [await uploadImage(), await uploadImage()];
    const product = await createProduct(
      ctx.app,
      owner,
      productBody({ variants: [{ sku: 'IMG-1', price: '1' }], image_ids: [second.id, first.id] }),
    );
    expect((product.images as { id: string }[]).map((image) => image.id)).toEqual([
      second.id,
      first.id,
    ]);
    const list = await call(owner, 'GET', '/products?search=IMG-1');
    expect(list.json().data[0].thumbnail_url).toBe(second.thumbnail_url);

    // Another product cannot take an image already claimed.
    const taken = await call(
      owner,
      'POST',
      '/products',
      productBody({ variants: [{ sku: 'IMG-2', price: '1' }], image_ids: [first.id] }),
    );
    expect(taken.statusCode).toBe(400);
    expect(taken.json().error).toMatchObject({
      code: 'PRODUCT_IMAGE_NOT_FOUND',
      fields: { 'image_ids.0': expect.any(String) },
    });

    const secondFiles = await filesOf(second.id);
    expect(secondFiles).toHaveLength(2);
    const updated = await call(
      owner,
      'PUT',
      `/products/${product.id}`,
      productBody({
        variants: [{ id: product.variants[0]!.id, sku: 'IMG-1', price: '1' }],
        image_ids: [first.id],
      }),
    );
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json().data.images.map((image: { id: string }) => image.id)).toEqual([first.id]);
    expect(
      (await ctx.app.inject({ method: 'GET', url: second.url, headers: owner.headers() }))
        .statusCode,
    ).toBe(404);
    const { rows } = await ctx.db.$client.query('select id from files where id = any($1)', [
      secondFiles.map((file) => file.id),
    ]);
    expect(rows).toEqual([]);
  });

  it('deletes unclaimed uploads after a day, never a claimed one or a collection’s', async () => {
    const [stale, claimed, ofCollection] = [
      await uploadImage(),
      await uploadImage(),
      await uploadImage(),
    ];
    await createProduct(
      ctx.app,
      owner,
      productBody({ variants: [{ sku: 'KEEP-1', price: '1' }], image_ids: [claimed.id] }),
    );
    await ctx.db.$client.query(
      `insert into collections (organization_id, name, image_id, created_at, updated_at)
       select organization_id, 'Con imagen', id, now(), now() from product_images where id = $1`,
      [ofCollection.id],
    );
    const staleFiles = await filesOf(stale.id);
    const services = ctx.app.services;
    const run = (now: Date) =>
      ctx.db.transaction((tx) =>
        services.productMedia.removeStaleUploads(
          tx,
          {},
          {
            id: 'test',
            kind: 'products.remove_stale_uploads',
            attempts: 0,
            runAt: now,
            now,
          },
        ),
      );
    await run(new Date(ctx.clock.now().getTime() + 23 * 60 * 60 * 1000));
    expect(
      (await ctx.app.inject({ method: 'GET', url: stale.url, headers: owner.headers() }))
        .statusCode,
    ).toBe(200);
    await run(new Date(ctx.clock.now().getTime() + 25 * 60 * 60 * 1000));
    for (const [image, status] of [
      [stale, 404],
      [claimed, 200],
      [ofCollection, 200],
    ] as const) {
      const response = await ctx.app.inject({
        method: 'GET',
        url: image.url,
        headers: owner.headers(),
      });
      expect(response.statusCode).toBe(status);
    }
    const { rows } = await ctx.db.$client.query('select id from files where id = any($1)', [
      staleFiles.map((file) => file.id),
    ]);
    expect(rows).toEqual([]);
    const root = services.config.DATA_DIR;
    for (const file of staleFiles) {
      expect(existsSync(path.join(root, 'files', file.organization_id, file.id))).toBe(false);
    }
  });

  it('takes a PDF data sheet up to 1 MB and serves it for download', async () => {
    const response = await upload(owner, '/product-datasheets', {
      name: 'ficha.pdf',
      content: sampleFiles.pdf(4096),
      type: 'application/pdf',
    });
    expect(response.statusCode, response.body).toBe(201);
    const sheet = response.json().data;
    expect(sheet).toEqual({
      file_id: sheet.file_id,
      name: 'ficha.pdf',
      bytes: 4096,
      url: `/api/v1/product-datasheets/${sheet.file_id}`,
    });
    const product = await createProduct(
      ctx.app,
      owner,
      productBody({ variants: [{ sku: 'PDF-1', price: '1' }], datasheet_file_id: sheet.file_id }),
    );
    expect(product.datasheet).toEqual(sheet);
    const download = await ctx.app.inject({
      method: 'GET',
      url: sheet.url,
      headers: owner.headers(),
    });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['content-disposition']).toMatch(/^attachment/);

    for (const [file, status, code] of [
      [{ name: 'grande.pdf', content: sampleFiles.pdf(1024 * 1024 + 1) }, 413, 'FILE_TOO_LARGE'],
      [
        { name: 'ficha.pdf', content: sampleFiles.png(2048), type: 'application/pdf' },
        415,
        'FILE_TYPE_NOT_ALLOWED',
      ],
    ] as const) {
      const refused = await upload(owner, '/product-datasheets', file);
      expect(refused.statusCode, file.name).toBe(status);
      expect(refused.json().error.code).toBe(code);
    }
  });

  it("keeps another organization's images and data sheets out of reach", async () => {
    const image = await uploadImage();
    const sheet = (
      await upload(owner, '/product-datasheets', { name: 'ficha.pdf', content: sampleFiles.pdf() })
    ).json().data;
    for (const url of [image.url, image.thumbnail_url, sheet.url]) {
      const response = await ctx.app.inject({ method: 'GET', url, headers: other.headers() });
      expect(response.statusCode, url).toBe(404);
    }
    const borrowed = await call(
      other,
      'POST',
      '/products',
      productBody({ variants: [{ sku: 'THEIRS-1', price: '1' }], image_ids: [image.id] }),
    );
    expect(borrowed.json().error.code).toBe('PRODUCT_IMAGE_NOT_FOUND');
    const sheetBorrowed = await call(
      other,
      'POST',
      '/products',
      productBody({
        variants: [{ sku: 'THEIRS-2', price: '1' }],
        datasheet_file_id: sheet.file_id,
      }),
    );
    expect(sheetBorrowed.json().error.code).toBe('PRODUCT_DATASHEET_NOT_FOUND');
    // An image's file id is no data sheet.
    const [file] = await filesOf(image.id);
    const notSheet = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/product-datasheets/${file!.id}`,
      headers: owner.headers(),
    });
    expect(notSheet.statusCode).toBe(404);
  });
});
