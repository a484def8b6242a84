import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { applyDatabaseFunctions } from './db-functions';
import { installJobQueue } from './jobs';

export type Db = NodePgDatabase & { $client: pg.Pool };
/** A database handle or an open transaction: repositories accept either. */
export type DbOrTx = Db | Parameters<Parameters<Db['transaction']>[0]>[0];

// bigint columns (money in centavos) come back as strings by default; they stay well within
// Number.MAX_SAFE_INTEGER, so read them as numbers.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

/**
 * Named prepared statements built once per handle (the pool, or a transaction) rather than on
 * every call: `prepare(db)` runs the first time a handle asks. PostgreSQL then parses them once
 * per connection, under their names.
 */
export function preparedPerHandle<T>(prepare: (db: DbOrTx) => T): (db: DbOrTx) => T {
  const prepared = new WeakMap<DbOrTx, T>();
  return (db) => {
    let statements = prepared.get(db);
    if (!statements) {
      statements = prepare(db);
      prepared.set(db, statements);
    }
    return statements;
  };
}

export function connect(url: string, max = 20): Db {
  const pool = new pg.Pool({ connectionString: url, max });
  // An idle connection the server drops must not crash the process; the pool replaces it on the
  // next query. 57P01 is the server shutting down (a restart, or our own Ctrl-C): nothing to report.
  pool.on('error', (error: Error & { code?: string }) => {
    if (error.code !== '57P01') console.warn(`PostgreSQL connection lost: ${error.message}`);
  });
  return drizzle({ client: pool, casing: 'snake_case' }) as Db;
}

export const MIGRATIONS_FOLDER = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../db/migrations',
);

/** The migrations, then the modules' database functions (`*.functions.sql`, db-functions.ts). */
export async function runMigrations(db: Db): Promise<void> {
  // pg-boss owns its own schema and migrations (decision 021); ours may refer to it.
  await installJobQueue(db);
  await migrate(db, { migrationsFolder: MIGRATIONS_FOLDER });
  await applyDatabaseFunctions(db.$client);
}
