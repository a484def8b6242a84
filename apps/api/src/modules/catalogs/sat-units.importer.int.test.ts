import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { importerScratch } from './importer.test-support';
import { CatalogFormatError } from './postal-codes.importer';
import { importSatUnits } from './sat-units.importer';
import { satUnitCodes } from './sat-units.tables';

const here = path.dirname(fileURLToPath(import.meta.url));
const FIXTURE = path.join(here, 'fixtures/sat-units-sample.csv');
/** The catalogue's CSV copy, when the shared data folder sits beside the clone (locally and in CI). */
const FULL_FILE = path.resolve(here, '../../../../../../shared/data/sat/c_ClaveUnidad.csv');
/** The fixture has 18 keys: ZZ9 expired in 2021, XSA is valid until 2099-12-31. */
const FIXTURE_CODES = 17;
const TODAY = '2026-03-02';

describe('SAT unit-key importer (c_ClaveUnidad)', () => {
  const scratch = importerScratch(FIXTURE, 'despacho-sat-units-');
  const { variant } = scratch;
  const row = async (code: string) =>
    (await scratch.db.select().from(satUnitCodes).where(eq(satUnitCodes.code, code)))[0];
  const codes = async () =>
    (
      await scratch.db
        .select({ code: satUnitCodes.code })
        .from(satUnitCodes)
        .orderBy(asc(satUnitCodes.code))
    ).map((unit) => unit.code);

  it('loads the fixture, leaving out the expired key, and reports both counts', async () => {
    expect(await importSatUnits(scratch.db, FIXTURE, TODAY)).toEqual({
      codes: FIXTURE_CODES,
      expired: 1,
    });
    expect(await scratch.db.$count(satUnitCodes)).toBe(FIXTURE_CODES);
    expect(await row('ZZ9')).toBeUndefined();
    expect(await row('XSA')).toEqual({ code: 'XSA', name: 'Saco', searchText: 'saco' });
    expect(await row('H87')).toEqual({ code: 'H87', name: 'Pieza', searchText: 'pieza' });
  });

  it('reads RFC 4180 quoting and keeps keys and names as published', async () => {
    expect(await row('GIC')).toEqual({
      code: 'GIC',
      name: 'Gramo, incluido el contenedor',
      searchText: 'gramo incluido el contenedor',
    });
    // A note spanning two lines and a description with doubled quotes do not shift the columns.
    expect(await row('XCX')).toMatchObject({
      name: 'Lata cilíndrica',
      searchText: 'lata cilindrica',
    });
    expect(await row('Ohm')).toMatchObject({ name: 'Ohm' });
    expect(await row('OHM')).toBeUndefined();
    expect(await row('MTK')).toMatchObject({ searchText: 'metro cuadrado' });
  });

  it('counts a key expired once its vigencia_hasta is before today', async () => {
    expect(await importSatUnits(scratch.db, FIXTURE, '2099-12-31')).toEqual({
      codes: FIXTURE_CODES,
      expired: 1,
    });
    expect(await importSatUnits(scratch.db, FIXTURE, '2100-01-01')).toEqual({
      codes: FIXTURE_CODES - 1,
      expired: 2,
    });
    expect(await row('XSA')).toBeUndefined();
    await importSatUnits(scratch.db, FIXTURE, TODAY);
  });

  it('replaces the catalogue on a re-import instead of adding to it', async () => {
    const smaller = variant('smaller.csv', (text) =>
      text
        .split('\n')
        .filter((line, index) => index === 0 || /^(H87|KGM),/.test(line))
        .join('\n'),
    );
    expect(await importSatUnits(scratch.db, smaller, TODAY)).toEqual({ codes: 2, expired: 0 });
    expect(await codes()).toEqual(['H87', 'KGM']);
    await importSatUnits(scratch.db, FIXTURE, TODAY);
    expect(await scratch.db.$count(satUnitCodes)).toBe(FIXTURE_CODES);
  });

  it('takes a byte-order mark and CRLF line ends', async () => {
    const windows = variant('windows.csv', (text) => `\uFEFF${text.replaceAll('\n', '\r\n')}`);
    expect(await importSatUnits(scratch.db, windows, TODAY)).toEqual({
      codes: FIXTURE_CODES,
      expired: 1,
    });
    expect(await row('GIC')).toMatchObject({ name: 'Gramo, incluido el contenedor' });
  });

  it('refuses a file that is not the catalogue, naming the line, changing nothing', async () => {
    const cases: [string, (text: string) => string, RegExp][] = [
      [
        'header',
        (text) => text.replace('c_ClaveUnidad,nombre', 'clave,nombre'),
        /line 1: expected the header "c_ClaveUnidad,nombre,descripcion,nota,vigencia_desde,vigencia_hasta,simbolo"/,
      ],
      ['code', (text) => text.replace('XBX,Caja', 'XBXX,Caja'), /line 4: "XBXX" is not a 2- or 3/],
      ['symbol', (text) => text.replace('XBX,Caja', 'X-B,Caja'), /line 4: "X-B" is not/],
      ['name', (text) => text.replace('XBX,Caja', 'XBX,'), /line 4: key XBX has no name/],
      [
        'date',
        (text) =>
          text.replace('XSA,Saco,,,2022-01-01,2099-12-31', 'XSA,Saco,,,2022-01-01,31/12/2099'),
        /line 19: vigencia_hasta "31\/12\/2099" of key XSA is not a YYYY-MM-DD date/,
      ],
      [
        'impossible date',
        (text) => text.replace('XSA,Saco,,,2022-01-01', 'XSA,Saco,,,2022-02-30'),
        /line 19: vigencia_desde "2022-02-30"/,
      ],
      [
        'repeated',
        (text) => `${text}H87,Pieza otra vez,,,2022-01-01,,\n`,
        /line 21: key H87 is repeated/,
      ],
      [
        'fields',
        (text) => text.replace('XBX,Caja,,,', 'XBX,Caja,,'),
        /line 4: expected 7 fields, found 6/,
      ],
      [
        'quote',
        (text) => `${text}XZZ,"Sin cerrar,,,2022-01-01,,\n`,
        /line 21: a quoted field is not closed/,
      ],
    ];
    for (const [name, change, problem] of cases) {
      const file = variant(`${name}.csv`, change);
      await expect(importSatUnits(scratch.db, file, TODAY)).rejects.toThrow(CatalogFormatError);
      await expect(importSatUnits(scratch.db, file, TODAY)).rejects.toThrow(problem);
    }
    expect(await scratch.db.$count(satUnitCodes)).toBe(FIXTURE_CODES);
  });

  it('takes an expired key listed again with a new validity', async () => {
    const reissued = variant(
      'reissued.csv',
      (text) => `${text}ZZ9,Unidad retirada,,,2022-01-01,,\n`,
    );
    expect(await importSatUnits(scratch.db, reissued, TODAY)).toEqual({
      codes: FIXTURE_CODES + 1,
      expired: 1,
    });
    expect(await row('ZZ9')).toMatchObject({ name: 'Unidad retirada' });
    await importSatUnits(scratch.db, FIXTURE, TODAY);
  });

  // Data-dependent: defined only where the catalogue's copy is present beside the clone, as it
  // is locally and in CI; elsewhere there is nothing to run rather than a test to skip.
  if (existsSync(FULL_FILE))
    describe('the c_ClaveUnidad.csv of the shared data folder', () => {
      it('loads every key (none has expired)', async () => {
        expect(await importSatUnits(scratch.db, FULL_FILE, TODAY)).toEqual({
          codes: 2_418,
          expired: 0,
        });
        expect(await scratch.db.$count(satUnitCodes)).toBe(2_418);
        expect(await row('H87')).toMatchObject({ name: 'Pieza' });
        expect(await row('KGM')).toMatchObject({ name: 'Kilogramo' });
        // Published in mixed case and kept so.
        expect(await row('X1w')).toMatchObject({ name: 'Tambor de madera' });
      });
    });
});
