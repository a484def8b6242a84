import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/test-app';
import { createTestOrganization } from '../test/users';
import { runVerifyCommand } from '../test/verify-command';
import { ManualClock } from './platform/clock';
import type { Db } from './platform/db';
import { LedgerService } from './modules/wallet/ledger.service';

const verify = (databaseUrl: string) => runVerifyCommand('ledger-verify', databaseUrl);

describe('npm run ledger:verify', () => {
  let db: Db;
  let url: string;
  let organizationId: string;

  beforeAll(async () => {
    db = await createTestDatabase();
    url = db.$client.options.connectionString!;
    const clock = new ManualClock();
    organizationId = (await createTestOrganization({ db, clock })).id;
    await new LedgerService({ db, clock }).credit({
      organizationId,
      idempotencyKey: 'deposit',
      kind: 'deposit',
      amount: 75_000,
      from: 'bank_clearing',
    });
  });
  afterAll(() => db.$client.end());

  it('exits 0 on a whole ledger and 1, naming the check, once a balance is tampered with', async () => {
    const whole = await verify(url);
    expect(whole.code).toBe(0);
    expect(whole.stdout).toContain('1 transacciones, 2 asientos, 1 monederos');
    // A guide's expectations of its hold run beside the wallet's own (modules/invariants.ts).
    expect(whole.stdout).toMatch(/OK +guides settle their hold as their purchase ended/);

    // Tampering needs the triggers off (replication role), as only a superuser could.
    await db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.execute(
        sql`update ledger_accounts set balance = 99 where organization_id = ${organizationId} and kind = 'wallet'`,
      );
    });
    const broken = await verify(url);
    expect(broken.code).toBe(1);
    expect(broken.stdout).toMatch(/FALLA stored balance equals the sum of entries/);
  });
});
