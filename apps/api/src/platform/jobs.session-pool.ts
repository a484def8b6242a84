import pg from 'pg';
import type { Db as BossDb } from 'pg-boss';

/**
 * pg-boss's connections when a test clock drives it: every session runs pg-boss's setup
 * statements (the clock override) before its first statement, awaited. pg-boss's own pool runs
 * them from its `connect` hook without waiting, so a new connection gets them and the checkout's
 * query at once: two queries on one client, which pg warns about (DeprecationWarning) and pg 9
 * will refuse. Closed by its owner, not by pg-boss.
 */
export class SessionSetupPool implements BossDb {
  private readonly pool: pg.Pool;
  private statements: readonly string[] = [];
  private ready = new WeakSet<pg.PoolClient>();

  constructor(options: pg.PoolConfig, onError: (error: Error) => void) {
    this.pool = new pg.Pool(options);
    this.pool.on('error', onError);
  }

  /** The statements every session runs first; a new set applies to every session again. */
  setSessionStatements(statements: string[]): Promise<void> {
    this.statements = statements;
    this.ready = new WeakSet();
    return Promise.resolve();
  }

  async executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }> {
    const client = await this.pool.connect();
    try {
      if (!this.ready.has(client)) {
        for (const statement of this.statements) await client.query(statement);
        this.ready.add(client);
      }
      return await client.query(text, values);
    } finally {
      client.release();
    }
  }

  close(): Promise<void> {
    return this.pool.end();
  }
}
