import { SAT_COMMON_UNITS } from '@despacho/domain';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/test-app';
import { callAs, createTestMerchant, createTestUser, type TestUser } from '../../../test/users';
import { importSatUnits } from './sat-units.importer';
import { SatUnitsService } from './sat-units.service';

const FIXTURE = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  'fixtures/sat-units-sample.csv',
);
const TODAY = '2026-03-02';
/** Searches whose matches include built-in common units, asked before and after the import. */
const COMMON_SEARCHES = ['pieza', 'k', 'gr', 'metro', 'PAR', 'h87', 'uni'];

describe('GET /sat-units and the unit-key check', () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  let user: TestUser;
  let satUnits: SatUnitsService;
  /** The answers of COMMON_SEARCHES while the catalogue was empty. */
  const builtIn = new Map<string, string[]>();

  const get = (url: string, language = 'es') =>
    callAs(ctx.app, user, 'GET', url, undefined, language);
  const search = async (text: string) => {
    const response = await get(`/sat-units?search=${encodeURIComponent(text)}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as {
      data: { code: string; name: string }[];
      meta: { catalogue_loaded: boolean };
    };
  };
  const codes = async (text: string) => (await search(text)).data.map((unit) => unit.code);

  beforeAll(async () => {
    ctx = await createTestApp();
    user = (await createTestMerchant(ctx)).user;
    satUnits = new SatUnitsService({ db: ctx.db });
  });
  afterAll(() => ctx.close());

  describe('before the catalogue is imported', () => {
    it('answers the built-in common units that match, saying the catalogue is not loaded', async () => {
      expect(await search('pieza')).toEqual({
        data: [{ code: 'H87', name: 'Pieza' }],
        meta: { catalogue_loaded: false },
      });
      expect(await codes('h8')).toEqual(['H87']);
      expect(await codes('kilo')).toEqual(['KGM']);
      // Names that start with the word, the shorter first.
      expect(await codes('unidad')).toEqual(['XUN', 'E48']);
      expect(await codes('zzz')).toEqual([]);
      expect((await search('zzz')).meta).toEqual({ catalogue_loaded: false });
      for (const text of COMMON_SEARCHES) builtIn.set(text, await codes(text));
    });

    it('only checks the shape of a key', async () => {
      // SAT publishes a few mixed-case keys (Ohm, X1w): case alone does not make a key unknown.
      expect(await satUnits.unknownCodes(['H87', 'Ohm', 'ZZ9', 'XBXX', 'H87', 'X-1', '9'])).toEqual(
        ['XBXX', 'X-1', '9'],
      );
      expect(await satUnits.unknownCodes([])).toEqual([]);
    });
  });

  describe('with the catalogue loaded', () => {
    beforeAll(() => importSatUnits(ctx.db, FIXTURE, TODAY));

    it('searches keys by prefix in any case, the exact key first', async () => {
      expect(await search('h87')).toEqual({
        data: [{ code: 'H87', name: 'Pieza' }],
        meta: { catalogue_loaded: true },
      });
      expect(await codes('K')).toEqual(['KGM', 'KGS']);
      // SAT publishes "Ohm" in mixed case; it is found and answered as published.
      expect(await search('OHM')).toMatchObject({ data: [{ code: 'Ohm', name: 'Ohm' }] });
      // Keys by prefix come before names that merely start with the text.
      expect(await codes('gr')).toEqual(['GRM', 'GIC']);
    });

    it('searches names word by word, without accents, shorter names first', async () => {
      expect(await codes('gramo')).toEqual(['GRM', 'GIC']);
      expect(await codes('metro')).toEqual(['MTR', 'MTK']);
      expect(await codes('metro cuad')).toEqual(['MTK']);
      expect(await codes('CILÍNDRICA')).toEqual(['XCX']);
      expect(await codes('lata cilindrica')).toEqual(['XCX']);
      expect(await codes('contenedor gramo')).toEqual(['GIC']);
      // An expired key is not in the catalogue; symbols are not words.
      expect(await search('zz9')).toEqual({ data: [], meta: { catalogue_loaded: true } });
      expect(await codes("%_'&|!:*")).toEqual([]);
    });

    it('filters and orders the built-in units the same way as the catalogue', async () => {
      const common = new Set<string>(SAT_COMMON_UNITS.map((unit) => unit.code));
      for (const text of COMMON_SEARCHES) {
        const loaded = (await codes(text)).filter((code) => common.has(code));
        expect(loaded, text).toEqual(builtIn.get(text));
        expect(loaded.length, text).toBeGreaterThan(0);
      }
    });

    it('checks keys exactly against the catalogue', async () => {
      expect(
        await satUnits.unknownCodes(['H87', 'Ohm', 'OHM', 'ZZ9', 'XSA', 'h87', 'KGM', 'OHM']),
      ).toEqual(['OHM', 'ZZ9', 'h87']);
      expect(await satUnits.unknownCodes(['H87', 'XCX'])).toEqual([]);
    });

    it('answers at most 20 matches', async () => {
      const folder = mkdtempSync(path.join(tmpdir(), 'despacho-sat-units-'));
      const file = path.join(folder, 'many.csv');
      const rows = Array.from(
        { length: 25 },
        (_, index) => `A${String(index).padStart(2, '0')},Unidad ${index},,,2022-01-01,,`,
      );
      writeFileSync(
        file,
        [
          'c_ClaveUnidad,nombre,descripcion,nota,vigencia_desde,vigencia_hasta,simbolo',
          ...rows,
          '',
        ].join('\n'),
      );
      try {
        await importSatUnits(ctx.db, file, TODAY);
        expect(await codes('unidad')).toHaveLength(20);
        expect(await codes('a')).toHaveLength(20);
        expect((await codes('a'))[19]).toBe('A19');
      } finally {
        await importSatUnits(ctx.db, FIXTURE, TODAY);
        rmSync(folder, { recursive: true });
      }
    });

    it('answers 400 for an empty search, 401 without a session, and any signed-in user may search', async () => {
      for (const url of ['/sat-units', '/sat-units?search=', '/sat-units?search=%20%20']) {
        const response = await get(url, 'en');
        expect(response.statusCode).toBe(400);
        expect(response.json().error.fields).toEqual({ search: 'This field is required.' });
      }
      const anonymous = await ctx.app.inject({
        method: 'GET',
        url: '/api/v1/sat-units?search=h87',
      });
      expect(anonymous.statusCode).toBe(401);
      const member = await createTestUser(ctx, {
        organizationId: user.organizationId,
        permissions: ['settings.carriers'],
      });
      const response = await callAs(ctx.app, member, 'GET', '/sat-units?search=caja');
      expect(response.statusCode).toBe(200);
      expect(response.json().data).toEqual([{ code: 'XBX', name: 'Caja' }]);
    });
  });
});
