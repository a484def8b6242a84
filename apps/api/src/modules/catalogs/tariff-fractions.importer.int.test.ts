import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { and, asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { importerScratch } from './importer.test-support';
import { CatalogFormatError } from './postal-codes.importer';
import { importTariffFractions } from './tariff-fractions.importer';
import { tariffFractions } from './tariff-fractions.tables';

const here = path.dirname(fileURLToPath(import.meta.url));
const FIXTURE = path.join(here, 'fixtures/tariff-fractions-sample.csv');
/** The catalogue's CSV copy, when the shared data folder sits beside the clone (locally and in CI). */
const FULL_FILE = path.resolve(here, '../../../../../../shared/data/sat/c_FraccionArancelaria.csv');
/** The fixture has 27 codes in 25 fracciones (48191001 and 85171301 with two NICOs each; the last seven are the demo products' codes). */
const FIXTURE_COUNTS = { codes: 27, fractions: 25 };

describe('SAT tariff fraction importer (c_FraccionArancelaria)', () => {
  const scratch = importerScratch(FIXTURE, 'despacho-tariff-fractions-');
  const { variant } = scratch;
  const row = async (code: string) =>
    (
      await scratch.db
        .select()
        .from(tariffFractions)
        .where(
          and(
            eq(tariffFractions.fraction, code.slice(0, 8)),
            eq(tariffFractions.nico, code.slice(8)),
          ),
        )
    )[0];
  const codes = async () =>
    (
      await scratch.db
        .select({ fraction: tariffFractions.fraction, nico: tariffFractions.nico })
        .from(tariffFractions)
        .orderBy(asc(tariffFractions.fraction), asc(tariffFractions.nico))
    ).map((fraction) => fraction.fraction + fraction.nico);

  it('loads the fixture, the fracción and NICO apart, and reports the counts', async () => {
    expect(await importTariffFractions(scratch.db, FIXTURE)).toEqual(FIXTURE_COUNTS);
    expect(await scratch.db.$count(tariffFractions)).toBe(FIXTURE_COUNTS.codes);
    expect(await row('0101210100')).toEqual({
      fraction: '01012101',
      nico: '00',
      description: 'Reproductores de raza pura',
      validFrom: '2024-01-18',
      validTo: '',
      umt: '07',
      umtDescription: 'CABEZA',
      searchDescription: 'reproductores de raza pura',
      // Spanish stems, "de" left out as a stop word.
      searchVector: "'pur':4 'raz':3 'reproductor':1",
    });
    expect(await row('4819100199')).toMatchObject({
      fraction: '48191001',
      nico: '99',
      validFrom: '2024-01-18',
      validTo: '2024-03-22',
    });
  });

  it('reads RFC 4180 quoting and keeps descriptions as published', async () => {
    expect(await row('0101290200')).toMatchObject({
      description: 'Sin pedigrí, para reproducción',
      searchDescription: 'sin pedigri para reproduccion',
      umt: '06',
      umtDescription: 'PIEZA',
    });
    expect(await row('6109100200')).toMatchObject({
      description: 'Camisetas "tipo polo" de punto, de algodón',
      umt: '06',
    });
  });

  it('replaces the catalogue on a re-import instead of adding to it', async () => {
    const smaller = variant('smaller.csv', (text) =>
      text
        .split('\n')
        .filter((line, index) => index === 0 || /^(0901210100|8517130199),/.test(line))
        .join('\n'),
    );
    expect(await importTariffFractions(scratch.db, smaller)).toEqual({ codes: 2, fractions: 2 });
    expect(await codes()).toEqual(['0901210100', '8517130199']);
    await importTariffFractions(scratch.db, FIXTURE);
    expect(await scratch.db.$count(tariffFractions)).toBe(FIXTURE_COUNTS.codes);
  });

  it('takes a byte-order mark and CRLF line ends', async () => {
    const windows = variant('windows.csv', (text) => `\uFEFF${text.replaceAll('\n', '\r\n')}`);
    expect(await importTariffFractions(scratch.db, windows)).toEqual(FIXTURE_COUNTS);
    expect(await row('0901210100')).toMatchObject({
      description: 'Café tostado, sin descafeinar, en grano',
      umtDescription: 'KILO',
    });
  });

  it('refuses a file that is not the catalogue, naming the line, changing nothing', async () => {
    const before = await codes();
    const cases: [string, (text: string) => string, RegExp][] = [
      [
        'header',
        (text) => text.replace('c_FraccionArancelaria,descripcion', 'fraccion,descripcion'),
        /line 1: expected the header "c_FraccionArancelaria,descripcion,vigencia_desde,vigencia_hasta,umt,umt_descripcion"/,
      ],
      [
        'extra column',
        (text) =>
          text
            .replace('umt_descripcion\n', 'umt_descripcion,nota\n')
            .replaceAll(/\n(\d{10},.*)/g, '\n$1,'),
        /line 1: expected the header "c_FraccionArancelaria,descripcion,vigencia_desde,vigencia_hasta,umt,umt_descripcion", found ".*,nota"/,
      ],
      [
        'partial code',
        (text) => text.replace('1806320100,', '18063201,'),
        /line 8: "18063201" is not a 10-digit code/,
      ],
      [
        'code with dots',
        (text) => text.replace('1806320100,', '1806.32.01.00,'),
        /line 8: "1806.32.01.00" is not a 10-digit code/,
      ],
      [
        'description',
        (text) => text.replace('8517130100,Teléfonos inteligentes', '8517130100,'),
        /line 18: code 8517130100 has no description/,
      ],
      [
        'date',
        (text) =>
          text.replace('Teléfonos inteligentes,2024-01-18', 'Teléfonos inteligentes,18/01/2024'),
        /line 18: vigencia_desde "18\/01\/2024" of code 8517130100 is not a YYYY-MM-DD date/,
      ],
      [
        'impossible date',
        (text) => text.replace('2024-01-18,2024-03-22', '2024-01-18,2024-02-30'),
        /line 12: vigencia_hasta "2024-02-30" of code 4819100199/,
      ],
      [
        'umt',
        (text) =>
          text.replace(
            'Muebles de madera para oficina,2024-01-18,,06,PIEZA',
            'Muebles de madera para oficina,2024-01-18,,,',
          ),
        /line 20: code 9403600100 has no valid umt/,
      ],
      [
        'repeated',
        (text) => `${text}0101210100,Otra vez,2024-01-18,,07,CABEZA\n`,
        /line 29: code 0101210100 is repeated/,
      ],
      [
        'fields',
        (text) =>
          text.replace(
            'Teléfonos inteligentes,2024-01-18,,06,PIEZA',
            'Teléfonos inteligentes,2024-01-18,06,PIEZA',
          ),
        /line 18: expected 6 fields, found 5/,
      ],
      [
        'quote',
        (text) => `${text}9999999999,"Sin cerrar,2024-01-18,,06,PIEZA\n`,
        /line 29: a quoted field is not closed/,
      ],
    ];
    for (const [name, change, problem] of cases) {
      const file = variant(`${name}.csv`, change);
      await expect(importTariffFractions(scratch.db, file), name).rejects.toThrow(
        CatalogFormatError,
      );
      await expect(importTariffFractions(scratch.db, file), name).rejects.toThrow(problem);
    }
    expect(await codes()).toEqual(before);
    expect(await row('0101210100')).toMatchObject({ description: 'Reproductores de raza pura' });
  });

  // Data-dependent: defined only where the catalogue's copy is present beside the clone, as it
  // is locally and in CI; elsewhere there is nothing to run rather than a test to skip.
  if (existsSync(FULL_FILE))
    describe('the c_FraccionArancelaria.csv of the shared data folder', () => {
      it('loads every code', async () => {
        expect(await importTariffFractions(scratch.db, FULL_FILE)).toEqual({
          codes: 11_519,
          fractions: 8_143,
        });
        expect(await scratch.db.$count(tariffFractions)).toBe(11_519);
        expect(await row('0101210100')).toMatchObject({
          description: 'Reproductores de raza pura',
          umt: '07',
          umtDescription: 'CABEZA',
        });
        await importTariffFractions(scratch.db, FIXTURE);
      });
    });
});
