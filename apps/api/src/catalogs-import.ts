// `npm run catalogs:import -- --postal-codes <CPdescarga.txt>`: loads or refreshes the SEPOMEX
// postal-code catalogue in the configured database (DATABASE_URL, else the embedded PostgreSQL
// under DATA_DIR, migrated first), in one transaction, and prints what it loaded.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { parseConfig, type RawConfig } from './config';
import { CatalogFormatError, importPostalCodes } from './modules/catalogs/postal-codes.importer';
import { openDatabaseServer } from './platform/database-server';
import { connect, runMigrations } from './platform/db';

const USAGE = 'Uso: npm run catalogs:import -- --postal-codes <ruta a CPdescarga.txt>';

/** The PID of a live PostgreSQL that already holds the embedded data directory, if any. */
function runningEmbeddedServer(config: RawConfig): number | null {
  const pidFile = path.join(config.DATA_DIR, 'pg', 'postmaster.pid');
  let pid: number;
  try {
    pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  } catch {
    return null;
  }
  if (!Number.isInteger(pid) || pid <= 0) return null;
  try {
    process.kill(pid, 0);
    return pid;
  } catch (error) {
    // EPERM: alive, but another user's (PostgreSQL runs as `postgres` when we are root).
    return (error as NodeJS.ErrnoException).code === 'EPERM' ? pid : null;
  }
}

async function main(): Promise<number> {
  const { values } = parseArgs({ options: { 'postal-codes': { type: 'string' } } });
  const file = values['postal-codes'];
  if (!file) {
    console.error(USAGE);
    return 2;
  }
  const config = parseConfig();
  if (!config.DATABASE_URL) {
    const pid = runningEmbeddedServer(config);
    if (pid !== null) {
      console.error(
        `La base de datos embebida en ${config.DATA_DIR}/pg está en uso (PostgreSQL, PID ${pid}): ` +
          'detén la aplicación (Ctrl-C en `npm start`) y vuelve a ejecutar la importación, ' +
          'o indica la base de datos de la aplicación con DATABASE_URL.',
      );
      return 1;
    }
  }

  const started = performance.now();
  const server = await openDatabaseServer(config, () => {});
  const db = connect(server.url, 2);
  try {
    await runMigrations(db);
    const counts = await importPostalCodes(db, file);
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(
      `Códigos postales SEPOMEX importados de ${file} en ${seconds} s: ` +
        `${counts.settlements.toLocaleString('es-MX')} asentamientos, ` +
        `${counts.postalCodes.toLocaleString('es-MX')} códigos postales, ` +
        `${counts.states} estados.`,
    );
    return 0;
  } catch (error) {
    if (error instanceof CatalogFormatError) {
      console.error(
        `El archivo no tiene el formato de CPdescarga.txt de SEPOMEX: ${error.message}`,
      );
      console.error('No se cambió nada en la base de datos.');
      return 1;
    }
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
      console.error(`No se encontró el archivo ${file}.`);
      return 1;
    }
    throw error;
  } finally {
    await db.$client.end();
    await server.stop();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
