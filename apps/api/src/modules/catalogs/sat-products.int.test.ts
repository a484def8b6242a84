import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/test-app';
import { callAs, createTestMerchant, createTestUser, type TestUser } from '../../../test/users';
import { importSatProducts } from './sat-products.importer';

const FIXTURE = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../test/fixtures/sat-products-sample.csv',
);

describe('GET /sat-products', () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  let user: TestUser;

  const get = (url: string, language = 'es') =>
    callAs(ctx.app, user, 'GET', url, undefined, language);
  const search = async (text: string) => {
    const response = await get(`/sat-products?search=${encodeURIComponent(text)}`);
    expect(response.statusCode).toBe(200);
    expect(response.json().meta).toEqual({ catalogue_loaded: true });
    return response.json().data as { code: string; description: string }[];
  };
  const codes = async (text: string) => (await search(text)).map((product) => product.code);

  beforeAll(async () => {
    ctx = await createTestApp();
    user = (await createTestMerchant(ctx)).user;
  });
  afterAll(() => ctx.close());

  it('searches the common codes, and says so, when no catalogue has been imported', async () => {
    const answer = async (text: string) => {
      const response = await get(`/sat-products?search=${encodeURIComponent(text)}`);
      expect(response.statusCode).toBe(200);
      return response.json() as { data: { code: string }[]; meta: unknown };
    };
    const notLoaded = { catalogue_loaded: false };
    expect(await answer('camisetas')).toEqual({
      data: [{ code: '53103000', description: 'Camisetas', similar_words: 'Prendas de vestir' }],
      meta: notLoaded,
    });
    // Similar words count, description matches first; accents and case do not matter.
    expect((await answer('PRENDAS')).data.map((product) => product.code)).toEqual([
      '53103000',
      '53102300',
      '53101600',
      '53102500',
      '53101500',
    ]);
    expect((await answer('ropa')).data.map((product) => product.code)).toEqual([
      '52121500',
      '53102300',
    ]);
    expect((await answer('celular')).data.map((product) => product.code)).toEqual(['43191501']);
    expect((await answer('5310')).data.map((product) => product.code)).toEqual([
      '53101500',
      '53101600',
      '53102300',
      '53102500',
      '53103000',
    ]);
    expect(await answer('tornillos')).toEqual({ data: [], meta: notLoaded });
  });

  it('answers a common code alone, and says it cannot tell about others, before the import', async () => {
    expect((await get('/sat-products/24121503')).json()).toEqual({
      data: { code: '24121503', description: 'Cajas para empacar', similar_words: '' },
    });
    const response = await get('/sat-products/24112404');
    expect(response.statusCode).toBe(404);
    expect(response.json().error.code).toBe('SAT_PRODUCTS_NOT_LOADED');
  });

  describe('with the catalogue loaded', () => {
    beforeAll(() => importSatProducts(ctx.db, FIXTURE));

    it('answers one code with its description and similar words', async () => {
      const response = await get('/sat-products/31181701');
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        data: {
          code: '31181701',
          description: 'Empaques',
          similar_words: 'Embalaje, Paquetería, cajas y/o bolsas para mudanza',
        },
      });
    });

    it('answers 404 SAT_PRODUCT_NOT_FOUND for a well-formed code it does not hold', async () => {
      const es = await get('/sat-products/24121599');
      expect(es.statusCode).toBe(404);
      expect(es.json()).toEqual({
        error: {
          code: 'SAT_PRODUCT_NOT_FOUND',
          message: 'La clave 24121599 no está en el catálogo Carta Porte del SAT.',
          details: { code: '24121599' },
        },
      });
      expect((await get('/sat-products/24121599', 'en')).json().error.message).toBe(
        'Code 24121599 is not in the SAT Carta Porte catalogue.',
      );
    });

    it('answers 400 with a localized field message for a malformed code or an empty search', async () => {
      for (const code of ['2411240', '241124041', '2411240a']) {
        const response = await get(`/sat-products/${code}`);
        expect(response.statusCode).toBe(400);
        expect(response.json().error).toMatchObject({
          code: 'VALIDATION_FAILED',
          fields: {
            code: 'Ingresa una clave de producto del catálogo Carta Porte del SAT (8 dígitos).',
          },
        });
      }
      for (const url of ['/sat-products', '/sat-products?search=', '/sat-products?search=%20%20']) {
        const response = await get(url, 'en');
        expect(response.statusCode).toBe(400);
        expect(response.json().error.fields).toEqual({ search: 'This field is required.' });
      }
    });

    it('searches codes by prefix, in code order', async () => {
      expect(await codes('3118')).toEqual(['31181700', '31181701', '31181704']);
      expect(await codes('24112404')).toEqual(['24112404']);
      expect(await codes('2411 27')).toEqual(['24112700', '24112701', '24112702']);
      expect(await codes('9')).toEqual([]);
    });

    it('searches words by prefix without accents, description matches and short ones first', async () => {
      // "caja" is in descriptions (Caja, Cajas para empacar…) and only in the similar words of
      // 31181701 Empaques: the description matches come first, the shortest first.
      expect(await codes('caja')).toEqual([
        '24112404',
        '31181704',
        '24121506',
        '44121511',
        '24121503',
        '24121500',
        '31181701',
      ]);
      expect((await search('caja'))[0]).toEqual({
        code: '24112404',
        description: 'Caja',
        similar_words: '',
      });
      // A description that starts with the word goes before one that has it further on.
      expect(await codes('sobre')).toEqual(['44121503', '44121506', '44121504', '44121501']);
      // Every word must match (as a prefix); accents and case do not matter either way.
      expect(await codes('CARTON')).toEqual(['14121503', '14121500', '24112500']);
      expect(await codes('cartón ondul')).toEqual(['24112500']);
      expect(await codes('name')).toEqual(['50404700', '50404701']);
      expect(await codes('Ñame amar')).toEqual(['50404701']);
      // Similar words count: "tarimas" are the pallets.
      expect(await codes('tarimas')).toEqual(['24112701', '24112702']);
      expect(await codes('paqueteria mudanza')).toEqual(['31181701']);
      // Symbols are not words.
      expect(await codes('"jack"')).toEqual(['31151606']);
      expect(await codes("%_'&|!:*")).toEqual([]);
      expect(await codes('zzz')).toEqual([]);
    });

    it('answers at most 20 matches', async () => {
      const file = path.join(mkdtempSync(path.join(tmpdir(), 'despacho-sat-')), 'many.csv');
      const rows = Array.from(
        { length: 25 },
        (_, index) => `241124${String(index).padStart(2, '0')},Caja ${index},`,
      );
      writeFileSync(
        file,
        ['c_ClaveProdServCP,descripcion,palabras_similares', ...rows, ''].join('\n'),
      );
      try {
        await importSatProducts(ctx.db, file);
        expect(await search('caja')).toHaveLength(20);
        expect(await codes('2411')).toHaveLength(20);
        expect((await codes('2411'))[19]).toBe('24112419');
      } finally {
        await importSatProducts(ctx.db, FIXTURE);
        rmSync(path.dirname(file), { recursive: true });
      }
    });

    it('answers 401 without a session, and any signed-in user may search', async () => {
      const anonymous = await ctx.app.inject({
        method: 'GET',
        url: '/api/v1/sat-products?search=caja',
      });
      expect(anonymous.statusCode).toBe(401);
      const member = await createTestUser(ctx, {
        organizationId: user.organizationId,
        permissions: ['settings.carriers'],
      });
      const response = await callAs(ctx.app, member, 'GET', '/sat-products/24112404');
      expect(response.statusCode).toBe(200);
    });
  });
});
