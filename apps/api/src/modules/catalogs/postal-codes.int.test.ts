import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/test-app';
import { createTestMerchant, type TestUser } from '../../../test/users';
import { importPostalCodes } from './postal-codes.importer';

const FIXTURE = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  'fixtures/sepomex-sample.txt',
);

describe('GET /postal-codes/{zip}', () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  let user: TestUser;

  const lookup = (zip: string, language = 'es') =>
    ctx.app.inject({
      method: 'GET',
      url: `/api/v1/postal-codes/${zip}`,
      headers: user.headers({ 'x-language': language }),
    });

  beforeAll(async () => {
    ctx = await createTestApp();
    user = (await createTestMerchant(ctx)).user;
  });
  afterAll(() => ctx.close());

  it('says so when no catalogue has been imported', async () => {
    for (const [language, message] of [
      ['es', 'El catálogo de códigos postales no está cargado; captura la dirección a mano.'],
      ['en', 'The postal code catalogue is not loaded; enter the address by hand.'],
    ] as const) {
      const response = await lookup('01000', language);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: { code: 'POSTAL_CODES_NOT_LOADED', message } });
    }
  });

  describe('with the catalogue loaded', () => {
    beforeAll(() => importPostalCodes(ctx.db, FIXTURE));

    it('answers state, municipality, city and the neighborhoods sorted by name', async () => {
      const response = await lookup('20358');
      expect(response.statusCode).toBe(200);
      const { data } = response.json();
      expect(data).toMatchObject({
        zip: '20358',
        state: 'Aguascalientes',
        state_code: '01',
        municipality: 'San Francisco de los Romo',
        city: '',
      });
      expect(data.neighborhoods).toHaveLength(12);
      expect(data.neighborhoods.slice(0, 3)).toEqual([
        { name: 'Castelo San Francisco', type: 'Condominio', zone: 'Rural' },
        { name: 'Ex-Viñedos Guadalupe', type: 'Fraccionamiento', zone: 'Urbano' },
        { name: 'La Casita', type: 'Colonia', zone: 'Rural' },
      ]);
      const names = data.neighborhoods.map((n: { name: string }) => n.name);
      expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'es')));
    });

    it('answers an urban postal code with its city and accents', async () => {
      expect((await lookup('01000')).json()).toEqual({
        data: {
          zip: '01000',
          state: 'Ciudad de México',
          state_code: '09',
          municipality: 'Álvaro Obregón',
          city: 'Ciudad de México',
          neighborhoods: [{ name: 'San Ángel', type: 'Colonia', zone: 'Urbano' }],
        },
      });
    });

    it('takes the city that SEPOMEX names when only some settlements carry it', async () => {
      const { data } = (await lookup('27103')).json();
      expect(data.city).toBe('Torreón');
      expect(data.neighborhoods).toHaveLength(2);
    });

    it('answers 404 POSTAL_CODE_NOT_FOUND for a zip the catalogue does not have', async () => {
      const es = await lookup('99999');
      expect(es.statusCode).toBe(404);
      expect(es.json()).toEqual({
        error: {
          code: 'POSTAL_CODE_NOT_FOUND',
          message: 'No encontramos el código postal 99999.',
          details: { zip: '99999' },
        },
      });
      expect((await lookup('99999', 'en')).json().error.message).toBe(
        'We could not find postal code 99999.',
      );
    });

    it('answers 400 with a localized field message for a malformed zip', async () => {
      for (const zip of ['1234', '123456', '0100a']) {
        const response = await lookup(zip);
        expect(response.statusCode).toBe(400);
        expect(response.json().error).toMatchObject({
          code: 'VALIDATION_FAILED',
          fields: { zip: 'El código postal tiene 5 dígitos.' },
        });
      }
      expect((await lookup('1234', 'en')).json().error.fields).toEqual({
        zip: 'The postal code has 5 digits.',
      });
    });

    it('answers 401 without a session', async () => {
      const response = await ctx.app.inject({ method: 'GET', url: '/api/v1/postal-codes/01000' });
      expect(response.statusCode).toBe(401);
    });
  });
});
