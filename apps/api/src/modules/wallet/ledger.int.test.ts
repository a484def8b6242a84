import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/test-app';
import { createTestOrganization } from '../../../test/users';
import { ManualClock } from '../../platform/clock';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { LedgerService, type Movement } from './ledger.service';
import { verifyLedger } from '../invariants';
import { captureHold } from './ledger.test-support';

const code = (promise: Promise<unknown>) =>
  promise.then(
    () => 'ok',
    (error: unknown) => (error instanceof AppError ? error.code : String(error)),
  );

describe('ledger', () => {
  let db: Db;
  let ledger: LedgerService;
  const clock = new ManualClock();
  let keys = 0;
  const movement = (organizationId: string, kind: Movement['kind'] = 'adjustment') => ({
    organizationId,
    idempotencyKey: `key-${++keys}`,
    kind,
  });
  const newOrganization = async (deposit = 0) => {
    const { id } = await createTestOrganization({ db, clock });
    if (deposit > 0) {
      await ledger.credit({ ...movement(id, 'deposit'), amount: deposit, from: 'bank_clearing' });
    }
    return id;
  };

  beforeAll(async () => {
    db = await createTestDatabase();
    ledger = new LedgerService({ db, clock });
  });
  afterAll(async () => {
    expect(await verifyLedger(db)).toEqual([]);
    await db.$client.end();
  });

  it('credits a deposit and takes a small-deposit fee in the same transaction', async () => {
    const org = await newOrganization();
    const result = await ledger.credit({
      ...movement(org, 'deposit'),
      amount: 40_000,
      from: 'bank_clearing',
      charges: [
        { account: 'fees', amount: 1_250 },
        { account: 'vat_payable', amount: 200 },
      ],
    });
    expect(result).toMatchObject({ walletAmount: 38_550, walletBalance: 38_550, replayed: false });
    expect(await ledger.balance(org)).toEqual({
      available_centavos: 38_550,
      on_hold_centavos: 0,
      currency: 'MXN',
    });
    const entries = await db.execute<{ kind: string; amount: number }>(
      sql`select a.kind, e.amount from ledger_entries e join ledger_accounts a on a.id = e.account_id
          where e.transaction_id = ${result.transactionId} order by e.amount`,
    );
    expect(entries.rows.map((row) => [row.kind, Number(row.amount)])).toEqual([
      ['bank_clearing', -40_000],
      ['vat_payable', 200],
      ['fees', 1_250],
      ['wallet', 38_550],
    ]);
  });

  it('refuses a debit larger than the balance and moves nothing', async () => {
    const org = await newOrganization(10_000);
    const refused = ledger.debit({
      ...movement(org, 'classification'),
      lines: [{ account: 'revenue', amount: 10_001 }],
    });
    expect(await code(refused)).toBe('INSUFFICIENT_BALANCE');
    expect((await ledger.balance(org)).available_centavos).toBe(10_000);
    const paid = await ledger.debit({
      ...movement(org, 'classification'),
      lines: [
        { account: 'revenue', amount: 8_621 },
        { account: 'vat_payable', amount: 1_379 },
      ],
    });
    expect(paid).toMatchObject({ walletAmount: -10_000, walletBalance: 0 });
  });

  it('answers the first result for a repeated key and refuses the key with other data', async () => {
    const org = await newOrganization(5_000);
    const request = {
      ...movement(org, 'fee'),
      lines: [{ account: 'fees' as const, amount: 1_000 }],
    };
    const first = await ledger.debit(request);
    const again = await ledger.debit({ ...request, lines: [{ account: 'fees', amount: 1_000 }] });
    expect(again).toEqual({ ...first, replayed: true });
    expect((await ledger.balance(org)).available_centavos).toBe(4_000);
    const changed = ledger.debit({ ...request, lines: [{ account: 'fees', amount: 2_000 }] });
    expect(await code(changed)).toBe('IDEMPOTENCY_KEY_REUSED');
    // The same key in another organization is another operation.
    const other = await newOrganization(5_000);
    expect((await ledger.debit({ ...request, organizationId: other })).replayed).toBe(false);
  });

  it('holds, then captures part of the hold and returns the rest', async () => {
    const org = await newOrganization(30_000);
    const hold = await ledger.hold({ ...movement(org, 'label'), amount: 20_000 });
    expect(hold).toMatchObject({ walletAmount: -20_000, paymentState: 'pending' });
    expect(await ledger.balance(org)).toMatchObject({
      available_centavos: 10_000,
      on_hold_centavos: 20_000,
    });
    // What is held cannot be spent twice.
    const spend = ledger.debit({
      ...movement(org),
      lines: [{ account: 'revenue', amount: 10_001 }],
    });
    expect(await code(spend)).toBe('INSUFFICIENT_BALANCE');

    const captured = await captureHold(
      db,
      {
        ...movement(org, 'label'),
        holdId: hold.holdId!,
        lines: [
          { account: 'carrier_payable', amount: 15_000 },
          { account: 'vat_payable', amount: 2_400 },
        ],
      },
      clock.now(),
    );
    expect(captured).toMatchObject({
      outcome: 'captured',
      walletAmount: 2_600,
      walletBalance: 12_600,
    });
    expect(await ledger.balance(org)).toMatchObject({ on_hold_centavos: 0 });
    const state = await db.execute<{ payment_state: string }>(
      sql`select payment_state from ledger_transactions where id = ${hold.transactionId}`,
    );
    expect(state.rows[0]?.payment_state).toBe('paid');

    const twice = ledger.release({ ...movement(org, 'label'), holdId: hold.holdId! });
    expect(await code(twice)).toBe('CHARGE_ALREADY_SETTLED');
  });

  it('releases a hold back to the wallet', async () => {
    const org = await newOrganization(5_000);
    const hold = await ledger.hold({ ...movement(org, 'insurance'), amount: 5_000 });
    const released = await ledger.release({ ...movement(org, 'insurance'), holdId: hold.holdId! });
    expect(released).toMatchObject({ walletAmount: 5_000, walletBalance: 5_000 });
    expect(await ledger.balance(org)).toMatchObject({ on_hold_centavos: 0 });
  });

  it('refunds part of a charge, then the rest, and never more', async () => {
    const org = await newOrganization(20_000);
    const charge = await ledger.debit({
      ...movement(org, 'label'),
      lines: [
        { account: 'carrier_payable', amount: 10_000 },
        { account: 'vat_payable', amount: 1_600 },
      ],
    });
    const partial = await ledger.refund({
      ...movement(org, 'refund'),
      transactionId: charge.transactionId,
      lines: [{ account: 'carrier_payable', amount: 4_000 }],
    });
    expect(partial).toMatchObject({ walletAmount: 4_000, walletBalance: 12_400 });
    const rest = await ledger.refund({
      ...movement(org, 'refund'),
      transactionId: charge.transactionId,
    });
    expect(rest).toMatchObject({ walletAmount: 7_600, walletBalance: 20_000 });
    const more = ledger.refund({ ...movement(org, 'refund'), transactionId: charge.transactionId });
    expect(await code(more)).toBe('REFUND_EXCEEDS_CHARGE');
    // Another organization's charge is not found.
    const other = await newOrganization();
    const foreign = ledger.refund({
      ...movement(other, 'refund'),
      transactionId: charge.transactionId,
    });
    expect(await code(foreign)).toBe('NOT_FOUND');
  });

  it('lets the database refuse edits, deletes and unbalanced transactions', async () => {
    const org = await newOrganization(1_000);
    await expect(db.execute(sql`update ledger_entries set amount = amount + 1`)).rejects.toThrow();
    await expect(db.execute(sql`delete from ledger_entries`)).rejects.toThrow();
    await expect(
      db.execute(sql`update ledger_transactions set wallet_amount = 0`),
    ).rejects.toThrow();
    await expect(
      db.execute(sql`update ledger_accounts set balance = -1 where organization_id = ${org}`),
    ).rejects.toThrow();
    const unbalanced = db.transaction(async (tx) => {
      const [row] = (
        await tx.execute<{ id: string }>(sql`
          insert into ledger_transactions (organization_id, kind, idempotency_key, request_hash,
            wallet_amount, wallet_balance_after, payment_state)
          values (${org}, 'adjustment', 'raw', 'raw', 1, 1001, 'paid') returning id`)
      ).rows;
      await tx.execute(sql`
        insert into ledger_entries (transaction_id, account_id, amount, balance_after)
        select ${row!.id}, id, 1, 1001 from ledger_accounts
        where organization_id = ${org} and kind = 'wallet'`);
      await tx.execute(
        sql`update ledger_accounts set balance = balance + 1 where organization_id = ${org} and kind = 'wallet'`,
      );
    });
    const refusal = await unbalanced.catch((error: Error) => error);
    expect(String((refusal as Error).cause)).toMatch(/does not sum to zero/);
    expect((await ledger.balance(org)).available_centavos).toBe(1_000);
  });

  it('verify reports a broken ledger', async () => {
    const org = await newOrganization(2_000);
    // Break it the only way left: bypass the triggers inside a transaction we roll back.
    await db
      .transaction(async (tx) => {
        await tx.execute(sql`set local session_replication_role = replica`);
        await tx.execute(
          sql`update ledger_accounts set balance = 1 where organization_id = ${org} and kind = 'wallet'`,
        );
        const problems = await verifyLedger(tx);
        expect(problems.map((problem) => problem.check)).toEqual([
          'stored balance equals the sum of entries',
          'latest balance_after equals the stored balance',
        ]);
        throw new Error('roll back');
      })
      .catch((error: Error) => expect(error.message).toBe('roll back'));
  });
});
