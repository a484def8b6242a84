import { fileURLToPath } from 'node:url';
import type { Db } from '../../platform/db';
import { importPostalCodes, type ImportCounts } from './postal-codes.importer';
import { isLoaded } from './postal-codes.repository';

/**
 * The small extract of SEPOMEX's `CPdescarga.txt` the project ships (34 settlements in 8
 * postal codes, e.g. 06700 Roma Norte, 97000 Mérida, 68000 Oaxaca), in the published form
 * (ISO-8859-1, notice line, header); the importer's tests use it too. Correos de México forbids
 * redistributing its catalogue, so the project keeps to this fixture and users import the
 * official file. Rebuilt from it by `fixtures/make-sepomex-sample.mjs`.
 */
export const DEMO_POSTAL_CODES_FILE = fileURLToPath(
  new URL('./fixtures/sepomex-sample.txt', import.meta.url),
);

/** How the full catalogue is loaded; the start-up banner prints it. */
export const IMPORT_COMMAND = 'npm run catalogs:import -- --postal-codes <ruta a CPdescarga.txt>';

/**
 * Loads the demo extract when no catalogue has been imported at all, so that address forms fill
 * state, city and neighborhoods out of the box. Leaves any existing catalogue alone (a full
 * import included); answers what it loaded, or null.
 */
export async function loadDemoPostalCodes(db: Db): Promise<ImportCounts | null> {
  if (await isLoaded(db)) return null;
  return importPostalCodes(db, DEMO_POSTAL_CODES_FILE);
}

/** The start-up banner's lines about the catalogue: how many postal codes, how to load them all. */
export function postalCodesBanner(postalCodes: number, demoLoadedNow: boolean): string[] {
  return [
    `  Códigos postales: ${postalCodes.toLocaleString('es-MX')} en el catálogo` +
      (demoLoadedNow ? ' (muestra de SEPOMEX, cargada ahora)' : ''),
    `    Catálogo completo: ${IMPORT_COMMAND}`,
  ];
}
