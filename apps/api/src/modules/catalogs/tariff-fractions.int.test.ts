import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/test-app';
import { callAs, createTestMerchant, createTestUser, type TestUser } from '../../../test/users';
import { TARIFF_FRACTIONS_HEADER, importTariffFractions } from './tariff-fractions.importer';
import { TariffFractionsService } from './tariff-fractions.service';

const FIXTURE = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  'fixtures/tariff-fractions-sample.csv',
);

describe('GET /tariff-fractions and the tariff fraction lookup', () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  let user: TestUser;
  let tariffFractions: TariffFractionsService;

  const get = (url: string, language = 'es') =>
    callAs(ctx.app, user, 'GET', url, undefined, language);
  const search = async (text: string) => {
    const response = await get(`/tariff-fractions?search=${encodeURIComponent(text)}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as {
      data: { code: string; fraction: string; nico: string; description: string }[];
      meta: { catalogue_loaded: boolean };
    };
  };
  const codes = async (text: string) => (await search(text)).data.map((row) => row.code);

  beforeAll(async () => {
    ctx = await createTestApp();
    user = (await createTestMerchant(ctx)).user;
    tariffFractions = new TariffFractionsService({ db: ctx.db });
  });
  afterAll(() => ctx.close());

  describe('before the catalogue is imported', () => {
    it('answers no codes, saying the catalogue is not loaded', async () => {
      for (const text of ['0901', '0901210100', 'cafe', 'zzz']) {
        expect(await search(text), text).toEqual({ data: [], meta: { catalogue_loaded: false } });
      }
    });

    it('looks codes up as not loaded', async () => {
      for (const code of ['09012101', '0901210100', '0901']) {
        await expect(tariffFractions.lookup(code), code).rejects.toMatchObject({
          code: 'TARIFF_FRACTIONS_NOT_LOADED',
        });
      }
    });
  });

  describe('with the catalogue loaded', () => {
    beforeAll(() => importTariffFractions(ctx.db, FIXTURE));

    it('searches codes by prefix, a fracción answering its NICOs, in code order', async () => {
      expect(await search('0101210100')).toEqual({
        data: [
          {
            code: '0101210100',
            fraction: '01012101',
            nico: '00',
            description: 'Reproductores de raza pura',
            valid_from: '2024-01-18',
            valid_to: null,
            umt: '07',
            umt_description: 'CABEZA',
          },
        ],
        meta: { catalogue_loaded: true },
      });
      expect(await codes('0901')).toEqual(['0901210100', '0901210200', '0901220100']);
      expect(await codes('0901.21')).toEqual(['0901210100', '0901210200']);
      expect(await codes('48191001')).toEqual(['4819100100', '4819100199']);
      expect(await codes('481910019')).toEqual(['4819100199']);
      expect(await codes('8517 13 01 99')).toEqual(['8517130199']);
      expect(await codes('7')).toEqual([]);
      expect((await search('4819100199')).data[0]).toMatchObject({ valid_to: '2024-03-22' });
    });

    it('searches descriptions word by word, without accents, shorter ones first', async () => {
      expect(await codes('cafe tostado')).toEqual(['0901220100', '0901210200', '0901210100']);
      expect(await codes('CAFÉ molido')).toEqual(['0901210200']);
      expect(await codes('telefon')).toEqual(['8517130100', '8517130199', '8504401700']);
      expect(await codes('carton')).toEqual(['4819100100', '4819100199', '4819100200']);
      expect(await codes('camisetas polo')).toEqual(['6109100200']);
      expect(await search('zzz')).toEqual({ data: [], meta: { catalogue_loaded: true } });
      expect(await codes("%_'&|!:*")).toEqual([]);
    });

    it('looks up a fracción (every NICO) or a fracción + NICO', async () => {
      expect((await tariffFractions.lookup('48191001')).map((row) => row.code)).toEqual([
        '4819100100',
        '4819100199',
      ]);
      expect(await tariffFractions.lookup('0101.21.01.00')).toEqual([
        expect.objectContaining({ code: '0101210100', umt_description: 'CABEZA' }),
      ]);
      for (const code of ['48191003', '4819100198', '4819', 'cafe']) {
        await expect(tariffFractions.lookup(code), code).rejects.toMatchObject({
          code: 'TARIFF_FRACTION_NOT_FOUND',
        });
      }
    });

    it('answers at most 20 matches', async () => {
      const folder = mkdtempSync(path.join(tmpdir(), 'despacho-tariff-fractions-'));
      const file = path.join(folder, 'many.csv');
      const rows = Array.from(
        { length: 25 },
        (_, index) =>
          `990000${String(index).padStart(2, '0')}00,Mercancía ${index},2024-01-18,,06,PIEZA`,
      );
      writeFileSync(file, [TARIFF_FRACTIONS_HEADER.join(','), ...rows, ''].join('\n'));
      try {
        await importTariffFractions(ctx.db, file);
        expect(await codes('mercancia')).toHaveLength(20);
        expect(await codes('99')).toHaveLength(20);
        expect((await codes('99'))[19]).toBe('9900001900');
      } finally {
        await importTariffFractions(ctx.db, FIXTURE);
        rmSync(folder, { recursive: true });
      }
    });

    it('answers 400 for an empty search, 401 without a session, and any signed-in user may search', async () => {
      for (const url of [
        '/tariff-fractions',
        '/tariff-fractions?search=',
        '/tariff-fractions?search=%20%20',
      ]) {
        const response = await get(url, 'en');
        expect(response.statusCode).toBe(400);
        expect(response.json().error.fields).toEqual({ search: 'This field is required.' });
      }
      const anonymous = await ctx.app.inject({
        method: 'GET',
        url: '/api/v1/tariff-fractions?search=0901',
      });
      expect(anonymous.statusCode).toBe(401);
      const member = await createTestUser(ctx, {
        organizationId: user.organizationId,
        permissions: ['settings.carriers'],
      });
      const response = await callAs(
        ctx.app,
        member,
        'GET',
        '/tariff-fractions?search=inteligentes',
      );
      expect(response.statusCode).toBe(200);
      expect(response.json().data.map((row: { code: string }) => row.code)).toEqual(['8517130100']);
    });
  });
});
