import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/test-app';
import { callAs, createTestMerchant, type CallArgs, type TestUser } from '../../../test/users';
import { importSatProducts } from '../catalogs/sat-products.importer';
import { satProductCodes } from '../catalogs/sat-products.tables';

const FIXTURE = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../test/fixtures/sat-products-sample.csv',
);

const box = {
  name: 'Caja',
  unit: 'cm_kg',
  height: 30,
  length: 50,
  width: 40,
  weight: 1.25,
  sat_code: '24121503',
};
/** Well-formed, of a real family (2412, "Cajas, bolsas y sacos…"), but not in the catalogue. */
const UNKNOWN_OF_REAL_FAMILY = '24121599';
const REFUSED = {
  es: 'Ingresa una clave de producto del catálogo Carta Porte del SAT (8 dígitos).',
  en: 'Enter a product code from the SAT Carta Porte catalogue (8 digits).',
};

describe('packages: the SAT product code against the catalogue', () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  let owner: TestUser;
  const call = (...args: CallArgs) => callAs(ctx.app, ...args);

  beforeAll(async () => {
    ctx = await createTestApp();
    owner = (await createTestMerchant(ctx)).user;
  });
  afterAll(() => ctx.close());

  it('accepts a code by its family while the catalogue is not imported', async () => {
    expect(await ctx.db.$count(satProductCodes)).toBe(0);
    const created = await call(owner, 'POST', '/packages', {
      ...box,
      sat_code: UNKNOWN_OF_REAL_FAMILY,
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().data.sat_code).toBe(UNKNOWN_OF_REAL_FAMILY);
    // A made-up family is still refused.
    const madeUp = await call(owner, 'POST', '/packages', { ...box, sat_code: '99999999' });
    expect(madeUp.statusCode).toBe(400);
    expect(madeUp.json().error.fields).toEqual({ sat_code: REFUSED.es });
  });

  describe('with the catalogue imported', () => {
    beforeAll(() => importSatProducts(ctx.db, FIXTURE));

    it('accepts a code of the catalogue', async () => {
      for (const sat_code of ['24121503', '31181701', '44121500']) {
        const created = await call(owner, 'POST', '/packages', { ...box, sat_code });
        expect(created.statusCode).toBe(201);
        expect(created.json().data.sat_code).toBe(sat_code);
      }
    });

    it('refuses a well-formed code of a real family that the catalogue does not hold', async () => {
      const before = (await call(owner, 'GET', '/packages')).json().meta.total;
      for (const language of ['es', 'en'] as const) {
        const refused = await call(
          owner,
          'POST',
          '/packages',
          { ...box, sat_code: UNKNOWN_OF_REAL_FAMILY },
          language,
        );
        expect(refused.statusCode).toBe(400);
        expect(refused.json()).toEqual({
          error: {
            code: 'VALIDATION_FAILED',
            message:
              language === 'es'
                ? 'Revisa los datos marcados.'
                : 'Please check the highlighted fields.',
            fields: { sat_code: REFUSED[language] },
          },
        });
      }
      expect((await call(owner, 'GET', '/packages')).json().meta.total).toBe(before);
    });

    it('refuses it on an update too, and takes a known code there', async () => {
      // Saved while the catalogue was empty: it has to be corrected on the next edit.
      const [older] = (await call(owner, 'GET', '/packages?pageSize=100'))
        .json()
        .data.filter((pkg: { sat_code: string }) => pkg.sat_code === UNKNOWN_OF_REAL_FAMILY);
      const refused = await call(owner, 'PUT', `/packages/${older.id}`, {
        ...box,
        name: 'Caja renombrada',
        sat_code: UNKNOWN_OF_REAL_FAMILY,
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error.fields).toEqual({ sat_code: REFUSED.es });
      const fixed = await call(owner, 'PUT', `/packages/${older.id}`, {
        ...box,
        name: 'Caja renombrada',
        sat_code: '24112404',
      });
      expect(fixed.statusCode).toBe(200);
      expect(fixed.json().data).toMatchObject({ name: 'Caja renombrada', sat_code: '24112404' });
    });
  });
});
