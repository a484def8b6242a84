// `npm run catalogs:import -- --postal-codes <CPdescarga.txt>` loads or refreshes the SEPOMEX
// postal-code catalogue, `-- --sat-products <c_ClaveProdServCP.csv>` the SAT Carta Porte product
// codes, `-- --sat-units <c_ClaveUnidad.csv>` the SAT unit keys, `-- --tariff-fractions
// <c_FraccionArancelaria.csv>` the SAT tariff fractions (the options may go together),
// in the app's database (DATABASE_URL, the embedded server a running `npm start` holds, else the
// embedded PostgreSQL under DATA_DIR; migrated first), each in one transaction, and prints what
// it loaded. A tariff import then puts classified products whose code it retired back in review.
import { parseArgs } from 'node:util';
import { parseConfig, toolConfig } from './config';
import { buildServices } from './modules/services';
import { CatalogFormatError, importPostalCodes } from './modules/catalogs/postal-codes.importer';
import { importSatProducts } from './modules/catalogs/sat-products.importer';
import { importSatUnits, SAT_UNITS_HEADER } from './modules/catalogs/sat-units.importer';
import { TARIFF_FRACTIONS_HEADER } from './modules/catalogs/tariff-fractions.importer';
import { systemClock } from './platform/clock';
import { silentLogger } from './platform/logger';
import { withToolDatabase } from './platform/tool-database';

const USAGE =
  'Uso: npm run catalogs:import -- [--postal-codes <ruta a CPdescarga.txt>] ' +
  '[--sat-products <ruta a c_ClaveProdServCP.csv>] [--sat-units <ruta a c_ClaveUnidad.csv>] ' +
  '[--tariff-fractions <ruta a c_FraccionArancelaria.csv>]';

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      'postal-codes': { type: 'string' },
      'sat-products': { type: 'string' },
      'sat-units': { type: 'string' },
      'tariff-fractions': { type: 'string' },
    },
  });
  const postalCodesFile = values['postal-codes'];
  const satProductsFile = values['sat-products'];
  const satUnitsFile = values['sat-units'];
  const tariffFractionsFile = values['tariff-fractions'];
  if (!postalCodesFile && !satProductsFile && !satUnitsFile && !tariffFractionsFile) {
    console.error(USAGE);
    return 2;
  }
  let started = performance.now();
  const seconds = () => ((performance.now() - started) / 1000).toFixed(1);
  let file = postalCodesFile ?? satProductsFile ?? satUnitsFile ?? tariffFractionsFile;
  let format = 'CPdescarga.txt de SEPOMEX';
  return withToolDatabase(parseConfig(), async (db) => {
    try {
      if (postalCodesFile) {
        const counts = await importPostalCodes(db, postalCodesFile);
        console.log(
          `Códigos postales SEPOMEX importados de ${postalCodesFile} en ${seconds()} s: ` +
            `${counts.settlements.toLocaleString('es-MX')} asentamientos, ` +
            `${counts.postalCodes.toLocaleString('es-MX')} códigos postales, ` +
            `${counts.states} estados.`,
        );
      }
      if (satProductsFile) {
        started = performance.now();
        file = satProductsFile;
        format = 'c_ClaveProdServCP del SAT (CSV con encabezado c_ClaveProdServCP,descripcion)';
        const counts = await importSatProducts(db, satProductsFile);
        console.log(
          `Claves de producto SAT (Carta Porte) importadas de ${satProductsFile} en ${seconds()} s: ` +
            `${counts.codes.toLocaleString('es-MX')} claves.`,
        );
      }
      if (satUnitsFile) {
        started = performance.now();
        file = satUnitsFile;
        format = `c_ClaveUnidad del SAT (CSV con encabezado ${SAT_UNITS_HEADER.join(',')})`;
        const counts = await importSatUnits(db, satUnitsFile);
        console.log(
          `Claves de unidad SAT importadas de ${satUnitsFile} en ${seconds()} s: ` +
            `${counts.codes.toLocaleString('es-MX')} claves vigentes, ` +
            `${counts.expired.toLocaleString('es-MX')} vencidas omitidas.`,
        );
      }
      if (tariffFractionsFile) {
        started = performance.now();
        file = tariffFractionsFile;
        format = `c_FraccionArancelaria del SAT (CSV con encabezado ${TARIFF_FRACTIONS_HEADER.join(',')})`;
        // Through the service, so the domains that hold codes recheck them against it.
        const { tariffFractions } = buildServices({
          config: toolConfig(),
          db,
          clock: systemClock,
          log: silentLogger,
        });
        const counts = await tariffFractions.importFile(tariffFractionsFile);
        console.log(
          `Fracciones arancelarias SAT importadas de ${tariffFractionsFile} en ${seconds()} s: ` +
            `${counts.codes.toLocaleString('es-MX')} claves (fracción + NICO) de ` +
            `${counts.fractions.toLocaleString('es-MX')} fracciones.`,
        );
      }
      return 0;
    } catch (error) {
      if (error instanceof CatalogFormatError) {
        console.error(`El archivo no tiene el formato de ${format}: ${error.message}`);
        console.error('No se cambió nada en ese catálogo.');
        return 1;
      }
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
        console.error(`No se encontró el archivo ${file}.`);
        return 1;
      }
      throw error;
    }
  });
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
