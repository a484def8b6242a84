import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { createTestDatabase } from '../../../test/test-app';
import type { Db } from '../../platform/db';

/**
 * What a catalogue importer's test file needs (call it inside its `describe`): a database of its
 * own and a scratch folder for the broken copies of its fixture, both gone after the file.
 */
export function importerScratch(fixture: string, prefix: string) {
  let db: Db | undefined;
  let folder = '';
  beforeAll(async () => {
    db = await createTestDatabase();
    folder = mkdtempSync(path.join(tmpdir(), prefix));
  });
  afterAll(async () => {
    await db?.$client.end();
    rmSync(folder, { recursive: true, force: true });
  });
  return {
    get db(): Db {
      return db!;
    },
    /** A path in the scratch folder. */
    file: (name: string) => path.join(folder, name),
    /** A copy of the fixture with its text changed. */
    variant(name: string, change: (text: string) => string) {
      const file = path.join(folder, name);
      writeFileSync(file, change(readFileSync(fixture, 'utf8')), 'utf8');
      return file;
    },
  };
}
