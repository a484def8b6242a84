import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/test-app';
import type { Db } from '../../platform/db';
import { CatalogFormatError, importPostalCodes } from './postal-codes.importer';
import { postalCodeSettlements } from './postal-codes.tables';

const here = path.dirname(fileURLToPath(import.meta.url));
const FIXTURE = path.resolve(here, 'fixtures/sepomex-sample.txt');
/** The official file, when the shared data folder sits beside the clone (locally and in CI). */
const FULL_FILE = path.resolve(here, '../../../../../../shared/data/sepomex/CPdescarga.txt');
const FIXTURE_COUNTS = { settlements: 34, postalCodes: 8, states: 5 };

describe('SEPOMEX postal-code importer', () => {
  let db: Db;
  let scratch: string;

  beforeAll(async () => {
    db = await createTestDatabase();
    scratch = mkdtempSync(path.join(tmpdir(), 'despacho-sepomex-'));
  });
  afterAll(async () => {
    await db.$client.end();
    rmSync(scratch, { recursive: true, force: true });
  });

  /** A copy of the fixture with its lines changed, written in the same encoding. */
  const variant = (name: string, change: (lines: string[]) => string[]) => {
    const file = path.join(scratch, name);
    const lines = readFileSync(FIXTURE, 'latin1').split('\r\n');
    writeFileSync(file, change(lines).join('\r\n'), 'latin1');
    return file;
  };

  const settlementsOf = (zip: string) =>
    db
      .select()
      .from(postalCodeSettlements)
      .where(eq(postalCodeSettlements.zip, zip))
      .orderBy(postalCodeSettlements.settlementId);

  it('loads the fixture and reports its counts', async () => {
    expect(await importPostalCodes(db, FIXTURE)).toEqual(FIXTURE_COUNTS);
    expect(await db.$count(postalCodeSettlements)).toBe(FIXTURE_COUNTS.settlements);
  });

  it('decodes ISO-8859-1: accents and ñ come out right, empty cities stay empty', async () => {
    expect(await settlementsOf('01000')).toEqual([
      {
        zip: '01000',
        settlementId: '0001',
        name: 'San Ángel',
        settlementType: 'Colonia',
        municipality: 'Álvaro Obregón',
        municipalityCode: '010',
        state: 'Ciudad de México',
        stateCode: '09',
        city: 'Ciudad de México',
        zone: 'Urbano',
      },
    ]);
    const rural = await settlementsOf('20358');
    expect(rural).toHaveLength(12);
    expect(rural.map((row) => row.name)).toContain('Ex-Viñedos Guadalupe');
    expect(new Set(rural.map((row) => row.city))).toEqual(new Set(['']));
  });

  it('replaces the catalogue on a re-import instead of adding to it', async () => {
    expect(await importPostalCodes(db, FIXTURE)).toEqual(FIXTURE_COUNTS);
    expect(await db.$count(postalCodeSettlements)).toBe(FIXTURE_COUNTS.settlements);

    // A smaller file leaves only its own rows.
    const smaller = variant('smaller.txt', (lines) => [
      ...lines.slice(0, 2),
      ...lines.filter((line) => line.startsWith('20358|')),
    ]);
    expect(await importPostalCodes(db, smaller)).toEqual({
      settlements: 12,
      postalCodes: 1,
      states: 1,
    });
    expect(await db.$count(postalCodeSettlements)).toBe(12);
    await importPostalCodes(db, FIXTURE);
  });

  it('refuses a file whose header is not SEPOMEX’s, changing nothing', async () => {
    const wrongHeader = variant('wrong-header.txt', (lines) => [
      lines[0]!,
      'cp|colonia|tipo',
      ...lines.slice(2),
    ]);
    await expect(importPostalCodes(db, wrongHeader)).rejects.toThrow(CatalogFormatError);
    await expect(importPostalCodes(db, wrongHeader)).rejects.toThrow(/line 2: expected/);
    expect(await db.$count(postalCodeSettlements)).toBe(FIXTURE_COUNTS.settlements);
  });

  it('refuses a row with missing fields, naming its line, changing nothing', async () => {
    const shortRow = variant('short-row.txt', (lines) => [
      ...lines.slice(0, 5),
      '01000|Sin campos',
    ]);
    await expect(importPostalCodes(db, shortRow)).rejects.toThrow(
      /line 6: expected 15 fields, found 2/,
    );
    expect(await db.$count(postalCodeSettlements)).toBe(FIXTURE_COUNTS.settlements);
  });

  // Data-dependent: defined only where the official file is present beside the clone, as it is
  // locally and in CI; elsewhere there is nothing to run rather than a test to skip.
  if (existsSync(FULL_FILE))
    describe('the official CPdescarga.txt (October 2024)', () => {
      it('loads every settlement and postal code', async () => {
        expect(await importPostalCodes(db, FULL_FILE)).toEqual({
          settlements: 155_922,
          postalCodes: 32_003,
          states: 32,
        });
        expect(await db.$count(postalCodeSettlements)).toBe(155_922);
        expect((await settlementsOf('01000'))[0]?.name).toBe('San Ángel');
      });
    });
});
