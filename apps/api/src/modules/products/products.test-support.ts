import type { FastifyInstance } from 'fastify';
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { expect } from 'vitest';
import { multipart, sampleFiles } from '../../../test/multipart';
import { callAs, type TestUser } from '../../../test/users';

/** A complete product, ready to publish, with one default variant; `extra` replaces fields. */
export function productBody(extra: Record<string, unknown> = {}) {
  return {
    name: 'Playera básica',
    status: 'ACTIVE',
    unit: 'cm_kg',
    weight: 0.2,
    length: 30,
    width: 20,
    height: 2,
    sat_product_code: '53103000',
    sat_unit_code: 'H87',
    variants: [{ sku: 'PLA-001', price: '249.90' }],
    ...extra,
  };
}

/** Options Color × Talla and their four variants, SKUs starting with `prefix`. */
export function withVariants(prefix: string, extra: Record<string, unknown> = {}) {
  return productBody({
    options: [
      { name: 'Color', values: ['Rojo', 'Azul'] },
      { name: 'Talla', values: ['S', 'M'] },
    ],
    variants: [
      ['Rojo', 'S'],
      ['Rojo', 'M'],
      ['Azul', 'S'],
      ['Azul', 'M'],
    ].map((values, index) => ({
      option_values: values,
      sku: `${prefix}-${index + 1}`,
      price: `${100 + index}.50`,
    })),
    ...extra,
  });
}

/** Creates a product as `user`, expecting 201; answers its view. */
export async function createProduct(app: FastifyInstance, user: TestUser, body: object) {
  const response = await callAs(app, user, 'POST', '/products', body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as {
    id: string;
    variants: { id: string; sku: string | null }[];
  } & Record<string, unknown>;
}

/** A real image to upload: `width` × `height` pixels of one colour, as PNG. */
export const samplePng = (width = 1600, height = 900) =>
  sharp({ create: { width, height, channels: 3, background: '#c0392b' } })
    .png()
    .toBuffer();

/** Uploads a file as `user` (multipart, field `file`), answering the parsed response. */
export async function uploadAs(
  app: FastifyInstance,
  user: TestUser,
  url: string,
  file: Parameters<typeof multipart>[0],
) {
  const form = multipart(file);
  return app.inject({
    method: 'POST',
    url: `/api/v1${url}`,
    payload: form.payload,
    headers: user.headers({ ...form.headers, 'x-language': 'es' }),
  });
}

/**
 * A product with an image and a data sheet, made through the API: the records another
 * organization's caller then tries to reach (cross-organization.int.test.ts).
 */
export async function createTenantProduct(app: FastifyInstance, owner: TestUser) {
  const image = await uploadAs(app, owner, '/product-images', {
    name: 'foto.png',
    content: await samplePng(),
  });
  expect(image.statusCode, image.body).toBe(201);
  const sheet = await uploadAs(app, owner, '/product-datasheets', {
    name: 'ficha.pdf',
    content: sampleFiles.pdf(),
  });
  expect(sheet.statusCode, sheet.body).toBe(201);
  const product = await createProduct(
    app,
    owner,
    productBody({
      variants: [{ sku: `TENANT-${randomUUID().slice(0, 8)}`, price: '10' }],
      image_ids: [image.json().data.id],
      datasheet_file_id: sheet.json().data.file_id,
    }),
  );
  return {
    productId: product.id,
    productImageId: image.json().data.id as string,
    productDatasheetId: sheet.json().data.file_id as string,
  };
}
