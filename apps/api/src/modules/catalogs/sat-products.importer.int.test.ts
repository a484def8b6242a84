import { existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { parseCsv } from '../../platform/csv';
import { searchWords } from './csv-catalog';
import { importerScratch } from './importer.test-support';
import { CatalogFormatError } from './postal-codes.importer';
import { importSatProducts } from './sat-products.importer';
import { satProductCodes } from './sat-products.tables';

const here = path.dirname(fileURLToPath(import.meta.url));
const FIXTURE = path.resolve(here, '../../../test/fixtures/sat-products-sample.csv');
/** The catalogue's CSV copy, when the shared data folder sits beside the clone (locally and in CI). */
const FULL_FILE = path.resolve(here, '../../../../../../shared/data/sat/c_ClaveProdServCP.csv');
const FIXTURE_CODES = 36;

describe('SAT Carta Porte product-code importer', () => {
  const scratch = importerScratch(FIXTURE, 'despacho-sat-products-');
  const { variant } = scratch;
  const row = async (code: string) =>
    (await scratch.db.select().from(satProductCodes).where(eq(satProductCodes.code, code)))[0];

  it('loads the fixture and reports its count', async () => {
    expect(await importSatProducts(scratch.db, FIXTURE)).toEqual({ codes: FIXTURE_CODES });
    expect(await scratch.db.$count(satProductCodes)).toBe(FIXTURE_CODES);
  });

  it('reads UTF-8 and RFC 4180 quoting: commas, doubled quotes, accents, curly quotes', async () => {
    expect(await row('31181701')).toEqual({
      code: '31181701',
      description: 'Empaques',
      similarWords: 'Embalaje, Paquetería, cajas y/o bolsas para mudanza',
      searchDescription: 'empaques',
      searchSimilarWords: 'embalaje paqueteria cajas y o bolsas para mudanza',
    });
    expect((await row('31151606'))?.description).toBe('Cadena "jack"');
    expect(await row('48101535')).toMatchObject({
      description: 'Parrillas “salamandra”',
      similarWords: 'Asadores "salamandra"',
      searchDescription: 'parrillas salamandra',
    });
    expect(await row('50404700')).toMatchObject({
      description: 'Ñames',
      searchDescription: 'names',
    });
    expect(await row('01010101')).toMatchObject({
      description: 'No existe en el catálogo',
      similarWords: 'Fondos y Valores',
    });
    expect((await row('24112404'))?.similarWords).toBe('');
  });

  it('replaces the catalogue on a re-import instead of adding to it', async () => {
    expect(await importSatProducts(scratch.db, FIXTURE)).toEqual({ codes: FIXTURE_CODES });
    const smaller = variant('smaller.csv', (text) =>
      text
        .split('\n')
        .filter((line, index) => index === 0 || line.startsWith('4412'))
        .join('\n'),
    );
    expect(await importSatProducts(scratch.db, smaller)).toEqual({ codes: 6 });
    expect(await scratch.db.$count(satProductCodes)).toBe(6);
    expect(await row('31181701')).toBeUndefined();
    await importSatProducts(scratch.db, FIXTURE);
  });

  it('takes a byte-order mark, CRLF line ends and a file without similar words', async () => {
    const windows = variant('windows.csv', (text) => `\uFEFF${text.replaceAll('\n', '\r\n')}`);
    expect(await importSatProducts(scratch.db, windows)).toEqual({ codes: FIXTURE_CODES });
    expect((await row('31181701'))?.similarWords).toBe(
      'Embalaje, Paquetería, cajas y/o bolsas para mudanza',
    );
    const twoColumns = scratch.file('two-columns.csv');
    writeFileSync(twoColumns, 'c_ClaveProdServCP,descripcion\n24112404,Caja\n', 'utf8');
    expect(await importSatProducts(scratch.db, twoColumns)).toEqual({ codes: 1 });
    expect(await row('24112404')).toMatchObject({ description: 'Caja', similarWords: '' });
    await importSatProducts(scratch.db, FIXTURE);
  });

  it('refuses a file that is not the catalogue, naming the line, changing nothing', async () => {
    const cases: [string, (text: string) => string, RegExp][] = [
      [
        'header',
        (text) => text.replace('c_ClaveProdServCP,', 'clave,'),
        /line 1: expected the header/,
      ],
      [
        'code',
        (text) => text.replace('24112404,Caja', '2411240,Caja'),
        /line 12: "2411240" is not an 8-digit/,
      ],
      [
        'repeated',
        (text) => `${text}24112404,Caja otra vez,\n`,
        /line 38: code 24112404 is repeated/,
      ],
      [
        'fields',
        (text) => text.replace('24112404,Caja,', '24112404,Caja'),
        /line 12: expected 3 fields, found 2/,
      ],
      [
        'description',
        (text) => text.replace('24112404,Caja,', '24112404,,'),
        /line 12: code 24112404 has no description/,
      ],
      [
        'quote',
        (text) => `${text}24112499,"Caja sin cerrar,\n`,
        /line 38: a quoted field is not closed/,
      ],
    ];
    for (const [name, change, problem] of cases) {
      const file = variant(`${name}.csv`, change);
      await expect(importSatProducts(scratch.db, file)).rejects.toThrow(CatalogFormatError);
      await expect(importSatProducts(scratch.db, file)).rejects.toThrow(problem);
    }
    expect(await scratch.db.$count(satProductCodes)).toBe(FIXTURE_CODES);
  });

  it('splits CSV records and normalizes search words', () => {
    expect(parseCsv('a,"b ""c"", d"\r\n"x\ny",\n')).toEqual([
      { line: 1, fields: ['a', 'b "c", d'] },
      { line: 2, fields: ['x\ny', ''] },
    ]);
    expect(searchWords('  Cartón, PAPEL y/o Ñames – 3D ')).toBe('carton papel y o names 3d');
  });

  // Data-dependent: defined only where the catalogue's copy is present beside the clone, as it
  // is locally and in CI; elsewhere there is nothing to run rather than a test to skip.
  if (existsSync(FULL_FILE))
    describe('the Carta Porte 3.1 c_ClaveProdServCP.csv', () => {
      it('loads every code', async () => {
        expect(await importSatProducts(scratch.db, FULL_FILE)).toEqual({ codes: 48_757 });
        expect(await scratch.db.$count(satProductCodes)).toBe(48_757);
        expect((await row('31181701'))?.description).toBe('Empaques');
        expect((await row('01010101'))?.description).toBe('No existe en el catálogo');
      });
    });
});
