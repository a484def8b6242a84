import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/test-app';
import { createTestMerchant, type TestUser } from '../../../test/users';
import {
  DEMO_POSTAL_CODES_FILE,
  IMPORT_COMMAND,
  loadDemoPostalCodes,
  postalCodesBanner,
} from './postal-codes.demo';
import { importPostalCodes, SEPOMEX_HEADER } from './postal-codes.importer';
import { countPostalCodes } from './postal-codes.repository';
import { postalCodeSettlements } from './postal-codes.tables';

const here = path.dirname(fileURLToPath(import.meta.url));
/** The official file, when the shared data folder sits beside the clone (locally and in CI). */
const FULL_FILE = path.resolve(here, '../../../../../../shared/data/sepomex/CPdescarga.txt');
const DEMO_COUNTS = { settlements: 34, postalCodes: 8, states: 5 };

describe('the demo postal-code catalogue loaded at start-up', () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  let user: TestUser;

  beforeAll(async () => {
    ctx = await createTestApp();
    user = (await createTestMerchant(ctx)).user;
  });
  afterAll(() => ctx.close());

  const lookup = (zip: string) =>
    ctx.app.inject({
      method: 'GET',
      url: `/api/v1/postal-codes/${zip}`,
      headers: user.headers(),
    });

  const demoLines = () => readFileSync(DEMO_POSTAL_CODES_FILE, 'latin1').split('\r\n');

  it('has the published form: Correos de México’s notice, the header, CRLF lines', () => {
    const [notice, header, ...rows] = demoLines();
    expect(notice).toMatch(/^El Catálogo Nacional de Códigos Postales, es elaborado por Correos/);
    expect(header).toBe(SEPOMEX_HEADER);
    expect(rows.filter(Boolean)).toHaveLength(DEMO_COUNTS.settlements);
  });

  // Data-dependent, like the importer's full-file test: defined only where the official file is.
  if (existsSync(FULL_FILE))
    it('holds rows of the official file, byte for byte', () => {
      const official = new Set(readFileSync(FULL_FILE, 'latin1').split('\r\n'));
      const lines = demoLines().filter(Boolean);
      expect(lines.filter((line) => !official.has(line))).toEqual([]);
    });

  it('loads into an empty catalogue, once', async () => {
    expect(await countPostalCodes(ctx.db)).toBe(0);
    expect(await loadDemoPostalCodes(ctx.db)).toEqual(DEMO_COUNTS);
    expect(await countPostalCodes(ctx.db)).toBe(DEMO_COUNTS.postalCodes);
    expect(await ctx.db.$count(postalCodeSettlements)).toBe(DEMO_COUNTS.settlements);

    // A second start finds it loaded and leaves it alone.
    expect(await loadDemoPostalCodes(ctx.db)).toBeNull();
    expect(await ctx.db.$count(postalCodeSettlements)).toBe(DEMO_COUNTS.settlements);
  });

  it('answers its postal codes with their neighborhoods', async () => {
    const expected = {
      '06700': { state: 'Ciudad de México', municipality: 'Cuauhtémoc', city: 'Ciudad de México' },
      '68000': { state: 'Oaxaca', municipality: 'Oaxaca de Juárez', city: 'Oaxaca de Juárez' },
      '97000': { state: 'Yucatán', municipality: 'Mérida', city: 'Mérida' },
    };
    for (const [zip, place] of Object.entries(expected)) {
      const response = await lookup(zip);
      expect(response.statusCode, zip).toBe(200);
      expect(response.json().data, zip).toMatchObject({ zip, ...place });
    }
    const roma = (await lookup('06700')).json().data;
    expect(roma.neighborhoods).toEqual([{ name: 'Roma Norte', type: 'Colonia', zone: 'Urbano' }]);
    const merida = (await lookup('97000')).json().data;
    expect(merida.neighborhoods.map((n: { name: string }) => n.name)).toContain('Itzaes');
    expect((await lookup('44600')).statusCode).toBe(404);
  });

  it('never replaces a catalogue that was imported', async () => {
    await ctx.db.delete(postalCodeSettlements);
    // An import of just the first settlement: the start-up load must leave it as it is.
    const [notice, header, first] = demoLines();
    const file = path.join(os.tmpdir(), `cp-${process.pid}.txt`);
    writeFileSync(file, Buffer.from([notice, header, first, ''].join('\r\n'), 'latin1'));
    await importPostalCodes(ctx.db, file);
    rmSync(file);
    expect(await loadDemoPostalCodes(ctx.db)).toBeNull();
    expect(await countPostalCodes(ctx.db)).toBe(1);
  });

  it('prints in the banner how many postal codes there are and how to import them all', () => {
    expect(postalCodesBanner(8, true)).toEqual([
      '  Códigos postales: 8 en el catálogo (muestra de SEPOMEX, cargada ahora)',
      `    Catálogo completo: ${IMPORT_COMMAND}`,
    ]);
    expect(postalCodesBanner(32_003, false)[0]).toBe('  Códigos postales: 32,003 en el catálogo');
    expect(IMPORT_COMMAND).toBe(
      'npm run catalogs:import -- --postal-codes <ruta a CPdescarga.txt>',
    );
  });
});
