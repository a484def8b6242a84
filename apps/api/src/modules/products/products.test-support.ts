import { expect } from 'vitest';
import type { FastifyInstance } from 'fastify';
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
