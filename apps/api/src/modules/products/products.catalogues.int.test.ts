import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { productSchema } from '@despacho/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/test-app';
import { callAs, type CallArgs, createOwnerAndOther, type TestUser } from '../../../test/users';
import { importSatProducts } from '../catalogs/sat-products.importer';
import { importSatUnits } from '../catalogs/sat-units.importer';
import { importTariffFractions } from '../catalogs/tariff-fractions.importer';
import { createProduct, productBody } from './products.test-support';

const here = path.dirname(fileURLToPath(import.meta.url));
const fixture = (file: string) => path.resolve(here, file);

describe('products: SAT keys and tariff codes against the catalogues', () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  let owner: TestUser;
  let organizationId: string;
  let sku = 0;
  const call = (...args: CallArgs) => callAs(ctx.app, ...args);
  const save = (extra: Record<string, unknown>) => {
    sku += 1;
    return call(
      owner,
      'POST',
      '/products',
      productBody({
        sat_product_code: '24121503',
        variants: [{ sku: `CAT-${sku}`, price: '1' }],
        ...extra,
      }),
    );
  };

  beforeAll(async () => {
    ctx = await createTestApp();
    ({ owner, organizationId } = await createOwnerAndOther(ctx));
  });
  afterAll(() => ctx.close());

  it('checks only the shape while the catalogues are not imported', async () => {
    for (const extra of [{ tariff_code: '9999999999' }, { sat_unit_code: 'ZZ9' }]) {
      expect((await save(extra)).statusCode, JSON.stringify(extra)).toBe(201);
    }
  });

  it('does not call a code no catalogue checked classified, and does once it is checked', async () => {
    const unchecked = await save({ tariff_code: '4819.10.01.00' });
    expect(unchecked.json().data).toMatchObject({
      tariff_code: '4819100100',
      tariff_status: 'UNCLASSIFIED',
    });
    await importTariffFractions(
      ctx.db,
      fixture('../catalogs/fixtures/tariff-fractions-sample.csv'),
    );
    const { id, ...saved } = unchecked.json().data;
    const resaved = await call(owner, 'PUT', `/products/${id}`, {
      ...productBody({ sat_product_code: '24121503', tariff_code: '4819100100' }),
      variants: saved.variants.map((variant: { id: string; sku: string }) => ({
        id: variant.id,
        sku: variant.sku,
        price: '1',
      })),
    });
    expect(resaved.json().data, resaved.body).toMatchObject({ tariff_status: 'CLASSIFIED' });
  });

  describe('once imported', () => {
    beforeAll(async () => {
      await importSatProducts(ctx.db, fixture('../../../test/fixtures/sat-products-sample.csv'));
      await importSatUnits(ctx.db, fixture('../catalogs/fixtures/sat-units-sample.csv'));
      await importTariffFractions(
        ctx.db,
        fixture('../catalogs/fixtures/tariff-fractions-sample.csv'),
      );
    });

    it('accepts codes the catalogues hold: a full code, or a fracción with a NICO in force', async () => {
      const full = await createProduct(
        ctx.app,
        owner,
        productBody({
          sat_product_code: '24121503',
          tariff_code: '4819.10.01.00',
          variants: [{ sku: 'CAT-OK-1', price: '1' }],
        }),
      );
      expect(full).toMatchObject({ tariff_code: '4819100100', tariff_status: 'CLASSIFIED' });
      expect((await save({ tariff_code: '48191001' })).statusCode).toBe(201);
    });

    it('refuses unknown and expired codes, with their field', async () => {
      const cases = [
        [{ tariff_code: '9999999999' }, 'tariff_code'],
        [{ tariff_code: '99999999' }, 'tariff_code'],
        // 4819100199 ended on 2024-03-22.
        [{ tariff_code: '4819100199' }, 'tariff_code'],
        [{ sat_product_code: '24121599' }, 'sat_product_code'],
        [{ sat_unit_code: 'ZZ9' }, 'sat_unit_code'],
      ] as const;
      for (const [extra, field] of cases) {
        const response = await save(extra);
        expect(response.statusCode, JSON.stringify(extra)).toBe(400);
        expect(response.json().error.code).toBe('VALIDATION_FAILED');
        expect(Object.keys(response.json().error.fields)).toEqual([field]);
      }
      const en = await call(
        owner,
        'POST',
        '/products',
        productBody({
          sat_product_code: '24121503',
          tariff_code: '9999999999',
          variants: [{ sku: 'CAT-EN', price: '1' }],
        }),
        'en',
      );
      expect(en.json().error.fields.tariff_code).toBe(
        'The tariff fraction has 8 digits, or 10 with the NICO, for example 0101.21.01.00.',
      );
    });

    it('reports every problem of a batch at once (findProblems)', async () => {
      const batch = [
        { sku: 'BATCH-1', extra: { tariff_code: '99999999', origin_country: 'XKK' } },
        { sku: 'batch-1', extra: {} },
        { sku: 'CAT-OK-1', extra: {} },
        { sku: 'BATCH-4', extra: { sat_unit_code: 'H87' } },
      ].map(({ sku, extra }) =>
        productSchema.parse(
          productBody({ sat_product_code: '24121503', variants: [{ sku, price: '1' }], ...extra }),
        ),
      );
      const problems = await ctx.app.services.products.findProblems(organizationId, batch);
      expect(problems).toEqual([
        { index: 0, path: ['tariff_code'], code: 'tariff_fraction' },
        { index: 0, path: ['origin_country'], code: 'COUNTRY_NOT_FOUND', params: { code: 'XKK' } },
        { index: 1, path: ['variants', 0, 'sku'], code: 'sku_duplicate' },
        {
          index: 2,
          path: ['variants', 0, 'sku'],
          code: 'PRODUCT_ALREADY_REGISTERED',
          params: { sku: 'CAT-OK-1' },
        },
      ]);
    });
  });
});
