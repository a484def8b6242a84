import { expect } from 'vitest';
import type { createTestApp } from '../../../test/test-app';
import { callAs, type TestUser } from '../../../test/users';
import { fund } from '../shipments/guides.test-support';

type Ctx = Awaited<ReturnType<typeof createTestApp>>;

/** What a classifier needs of a product, complete. */
export const classificationInputs = (extra: Record<string, unknown> = {}) => ({
  description: 'Camiseta de manga corta para caballero, tejida de punto',
  materials: '100% algodón',
  use: 'Prenda de vestir',
  brand: 'Marca Prueba',
  model: 'MC-01',
  origin_country: 'CHN',
  ...extra,
});

/** A recorded result for a code of the catalogue fixture (catalogs/fixtures). */
export const resultBody = (code = '6109100100', extra: Record<string, unknown> = {}) => ({
  code,
  chapter: 'Prendas y complementos de vestir, de punto',
  heading: 'T-shirts y camisetas interiores, de punto',
  subheading: 'De algodón',
  fraction_text: 'De algodón',
  rationale_rules: ['RGI_1', 'RGI_6'],
  rationale:
    'Prenda de punto de algodón: partida 61.09 por su texto (RGI 1), subpartida por RGI 6.',
  duties: {
    general: { kind: 'ad_valorem', rate_percent: 35 },
    tmec: { kind: 'exempt' },
    no_agreement: { kind: 'ad_valorem', rate_percent: 50 },
  },
  restrictions: [
    {
      kind: 'nom',
      authority: 'SE',
      code: 'NOM-004-SE-2021',
      description: 'Información comercial: etiquetado de productos textiles',
    },
  ],
  tariff_data_date: '2026-02-27',
  ...extra,
});

/** A classification request of the organization for one of its products, funded. */
export async function createTenantClassification(
  ctx: Ctx,
  owner: TestUser,
  organizationId: string,
  productId: string,
) {
  await fund(ctx, organizationId, 12_000);
  const response = await callAs(ctx.app, owner, 'POST', '/tariff-classifications', {
    items: [{ product_id: productId, ...classificationInputs() }],
  });
  expect(response.statusCode, response.body).toBe(201);
  const request = response.json().data as { id: string; items: { id: string }[] };
  return { classificationRequestId: request.id, classificationItemId: request.items[0]!.id };
}
