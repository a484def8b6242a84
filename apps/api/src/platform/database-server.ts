import path from 'node:path';
import type { RawConfig } from '../config';
import { startEmbeddedPostgres } from './embedded-postgres';

export interface DatabaseServer {
  url: string;
  embedded: boolean;
  stop(): Promise<void>;
}

/** The configured PostgreSQL: DATABASE_URL when given, else the embedded one under DATA_DIR. */
export async function openDatabaseServer(
  config: RawConfig,
  log: (line: string) => void,
): Promise<DatabaseServer> {
  if (config.DATABASE_URL) {
    return { url: config.DATABASE_URL, embedded: false, stop: async () => {} };
  }
  const server = await startEmbeddedPostgres({
    dataDir: path.join(config.DATA_DIR, 'pg'),
    port: config.EMBEDDED_PG_PORT,
    database: 'despacho',
    log,
  });
  return { ...server, embedded: true };
}
