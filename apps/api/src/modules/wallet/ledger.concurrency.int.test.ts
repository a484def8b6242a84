import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/test-app';
import { createTestOrganization } from '../../../test/users';
import { ManualClock } from '../../platform/clock';
import { connect, type Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { LedgerService } from './ledger.service';
import { verifyLedger } from '../invariants';
import { captureHold } from './ledger.test-support';

/** Issue 5's figures: many debits at once from many connections, and one key sent many times. */
describe('ledger under concurrency', () => {
  const clock = new ManualClock();
  let setup: Db;
  let crowd: Db;
  let ledger: LedgerService;

  beforeAll(async () => {
    setup = await createTestDatabase();
    // 120 connections (the test server allows 200 and other test files run beside this one):
    // the 200 debits below really are in flight at once, each on its own connection as soon as
    // one is free.
    crowd = connect(setup.$client.options.connectionString!, 120);
    const clients = await Promise.all(Array.from({ length: 120 }, () => crowd.$client.connect()));
    clients.forEach((client) => client.release());
    ledger = new LedgerService({ db: crowd, clock });
  });
  afterAll(async () => {
    await crowd.$client.end();
    await setup.$client.end();
  });

  const fundedOrganization = async (centavos: number) => {
    const { id } = await createTestOrganization({ db: setup, clock });
    await ledger.credit({
      organizationId: id,
      idempotencyKey: 'opening-deposit',
      kind: 'deposit',
      amount: centavos,
      from: 'bank_clearing',
    });
    return id;
  };

  it('lets exactly 50 of 200 concurrent 100 MXN debits through a 5,000 MXN balance', async () => {
    const org = await fundedOrganization(500_000);
    const outcomes = await Promise.all(
      Array.from({ length: 200 }, (_, index) =>
        ledger
          .debit({
            organizationId: org,
            idempotencyKey: `debit-${index}`,
            kind: 'label',
            lines: [
              { account: 'carrier_payable', amount: 8_621 },
              { account: 'vat_payable', amount: 1_379 },
            ],
          })
          .then(
            () => 'paid',
            (error: unknown) => (error instanceof AppError ? error.code : String(error)),
          ),
      ),
    );
    expect(outcomes.filter((outcome) => outcome === 'paid')).toHaveLength(50);
    expect(outcomes.filter((outcome) => outcome === 'INSUFFICIENT_BALANCE')).toHaveLength(150);
    expect(await ledger.balance(org)).toMatchObject({ available_centavos: 0 });
    expect(await verifyLedger(setup)).toEqual([]);
  });

  it('moves money once when the same key arrives 20 times at once', async () => {
    const org = await fundedOrganization(100_000);
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        ledger.debit({
          organizationId: org,
          idempotencyKey: 'double-click',
          kind: 'classification',
          lines: [{ account: 'revenue', amount: 12_000 }],
        }),
      ),
    );
    expect(new Set(results.map((result) => result.transactionId)).size).toBe(1);
    expect(results.filter((result) => !result.replayed)).toHaveLength(1);
    expect(results.every((result) => result.walletBalance === 88_000)).toBe(true);
    expect(await ledger.balance(org)).toMatchObject({ available_centavos: 88_000 });
    expect(await verifyLedger(setup)).toEqual([]);
  });

  it('keeps holds, captures and releases of many wallets consistent when interleaved', async () => {
    const orgs = await Promise.all(Array.from({ length: 10 }, () => fundedOrganization(50_000)));
    await Promise.all(
      orgs.flatMap((org) =>
        Array.from({ length: 8 }, async (_, index) => {
          const hold = await ledger
            .hold({
              organizationId: org,
              idempotencyKey: `h-${index}`,
              kind: 'label',
              amount: 10_000,
            })
            .catch(() => null);
          if (!hold) return;
          if (index % 2 === 0) {
            const captured = await captureHold(
              crowd,
              {
                organizationId: org,
                idempotencyKey: `c-${index}`,
                kind: 'label',
                holdId: hold.holdId!,
                lines: [{ account: 'carrier_payable', amount: 7_500 }],
              },
              clock.now(),
            );
            expect(captured.outcome).toBe('captured');
          } else {
            await ledger.release({
              organizationId: org,
              idempotencyKey: `r-${index}`,
              kind: 'label',
              holdId: hold.holdId!,
            });
          }
        }),
      ),
    );
    for (const org of orgs) {
      expect((await ledger.balance(org)).on_hold_centavos).toBe(0);
    }
    expect(await verifyLedger(setup)).toEqual([]);
  });
});
