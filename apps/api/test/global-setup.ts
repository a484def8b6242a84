import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres } from '../src/platform/embedded-postgres';
import { connect, runMigrations } from '../src/platform/db';

declare module 'vitest' {
  export interface ProvidedContext {
    templateDatabaseUrl: string;
  }
}

/**
 * One real PostgreSQL for the whole run, with a migrated template database that every test file
 * clones into a fresh database of its own.
 */
export default async function setup(project: TestProject) {
  // A folder of its own, so two runs at once (two developers, watch mode) never share a cluster.
  const dataDir = mkdtempSync(path.join(tmpdir(), 'despacho-test-pg-'));
  const server = await startEmbeddedPostgres({
    dataDir,
    database: 'despacho_template',
    throwaway: true,
  });
  const db = connect(server.url, 2);
  await runMigrations(db);
  await db.$client.end();
  project.provide('templateDatabaseUrl', server.url);
  return async () => {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
