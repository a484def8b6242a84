import pg from 'pg';
import { describe, expect, it, vi } from 'vitest';
import { createTestDatabase } from '../../test/test-app';

describe('database pool', () => {
  it('survives the server closing an idle connection, and keeps answering', async () => {
    const db = await createTestDatabase();
    try {
      const { rows } = await db.$client.query<{ pid: number }>('select pg_backend_pid() as pid');
      expect(db.$client.idleCount).toBe(1);

      // What a database restart, a failover or a shutdown does to the pool's idle connection.
      const admin = new pg.Client({ connectionString: db.$client.options.connectionString });
      await admin.connect();
      await admin.query('select pg_terminate_backend($1)', [rows[0]!.pid]);
      await admin.end();

      // The pool drops the dead client (without taking the process down) and opens another.
      await vi.waitFor(() => expect(db.$client.idleCount).toBe(0));
      const { rows: after } = await db.$client.query<{ one: number }>('select 1 as one');
      expect(after[0]!.one).toBe(1);
    } finally {
      await db.$client.end();
    }
  });
});
