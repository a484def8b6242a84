import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/test-app';
import { createTestOrganization } from '../test/users';
import { runVerifyCommand } from '../test/verify-command';
import { ManualClock } from './platform/clock';
import type { Db } from './platform/db';

import {
  insertVariants,
  insertWarehouse,
  StockOperations,
} from './modules/inventory/stock.test-support';

const verify = (databaseUrl: string) => runVerifyCommand('stock-verify', databaseUrl);

describe('npm run stock:verify', () => {
  let db: Db;
  let url: string;
  let organizationId: string;
  let warehouse: string;

  beforeAll(async () => {
    db = await createTestDatabase();
    url = db.$client.options.connectionString!;
    const clock = new ManualClock();
    organizationId = (await createTestOrganization({ db, clock })).id;
    const [variant] = await insertVariants(db, organizationId);
    warehouse = await insertWarehouse(db);
    const stock = new StockOperations({ db, clock });
    const line = { variant_id: variant!, location_id: warehouse };
    await stock.apply(organizationId, {
      idempotencyKey: 'receipt',
      kind: 'adjust',
      cause: { type: 'adjustment', id: 'count' },
      lines: [{ ...line, on_hand: 8 }],
    });
    await stock.apply(organizationId, {
      idempotencyKey: 'reserve',
      kind: 'reserve',
      cause: { type: 'exit', id: 'exit-1' },
      lines: [{ ...line, reserved: 3 }],
    });
  });
  afterAll(() => db.$client.end());

  it('exits 0 on whole stock and 1, naming the check, once a balance is tampered with', async () => {
    const whole = await verify(url);
    expect(whole.code).toBe(0);
    expect(whole.stdout).toContain('2 operaciones, 2 movimientos, 1 saldos');
    // The consumers' checks run beside inventory's own (modules/invariants.ts).
    expect(whole.stdout).toMatch(/OK +each exit holds exactly its reservation/);
    expect(whole.stdout).toMatch(/OK +label reservations follow their guide/);

    // Tampering needs the triggers off (replication role), as only a superuser could.
    await db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.execute(
        sql`update stock_balances set on_hand = 20 where organization_id = ${organizationId}`,
      );
    });
    const broken = await verify(url);
    expect(broken.code).toBe(1);
    expect(broken.stdout).toMatch(/FALLA balances equal the sum of their movements/);
  });

  it('names an inactive location that holds stock', async () => {
    // A deactivation that lost the race of issue 21 (the location's row has no guard).
    await db.execute(sql`update stock_locations set active = false where id = ${warehouse}`);
    const broken = await verify(url);
    expect(broken.code).toBe(1);
    expect(broken.stdout).toMatch(/FALLA no inactive location holds stock/);
    expect(broken.stdout).toContain(warehouse);
  });
});
