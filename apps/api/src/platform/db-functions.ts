import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type pg from 'pg';

/**
 * Where the API's sources live: each module, and the platform, may keep its PL/pgSQL in
 * `<name>.functions.sql` files beside its code.
 */
export const SOURCE_FOLDER = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * Every `*.functions.sql` under `root` (`modules/<domain>/`, `platform/`), in path order
 * (deterministic across machines).
 */
export async function functionFiles(root = SOURCE_FOLDER): Promise<string[]> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile() && entry.name.endsWith('.functions.sql'))
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort();
}

/**
 * Applies the modules' database functions, after the migrations (which create the tables they
 * read): each file is `CREATE OR REPLACE FUNCTION …`, so a function's change is a diff of its
 * file rather than a copy in a new migration, and triggers bound to a function keep it. One
 * transaction for all files, under an advisory lock, so processes starting together do not
 * collide and a broken file changes nothing.
 */
export async function applyDatabaseFunctions(pool: pg.Pool, root = SOURCE_FOLDER): Promise<void> {
  const files = await functionFiles(root);
  const sources = await Promise.all(files.map((file) => readFile(file, 'utf8')));
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    await client.query(`select pg_advisory_xact_lock(hashtextextended('database-functions', 0))`);
    // Without parameters node-postgres sends a simple query: a file may hold many statements.
    for (const source of sources) await client.query(source);
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}
