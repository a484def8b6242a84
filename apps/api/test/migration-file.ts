import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { MIGRATIONS_FOLDER, type Db } from '../src/platform/db';

/**
 * Runs again one data migration, found by its name (the lead renumbers migrations on merge), on a
 * test database that already has its schema: how a test checks what it does to older rows.
 */
export async function runMigrationFile(db: Db, name: string): Promise<void> {
  const file = (await readdir(MIGRATIONS_FOLDER)).find((entry) => entry.endsWith(`_${name}.sql`));
  if (!file) throw new Error(`No migration named ${name}`);
  await db.$client.query(await readFile(path.join(MIGRATIONS_FOLDER, file), 'utf8'));
}
