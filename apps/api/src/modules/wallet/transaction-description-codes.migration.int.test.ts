/**
 * The data migration `…_transaction_description_codes.sql`: the sentences the API stored before
 * descriptions were codes become their codes and parameters; a text it does not know stays.
 */
import type { TransactionView } from '@despacho/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runMigrationFile } from '../../../test/migration-file';
import { createTestApp } from '../../../test/test-app';
import { callAs, createTestMerchant, type TestUser } from '../../../test/users';
import { buyGuide, createLocation, fund } from '../shipments/guides.test-support';
import { LedgerService } from './ledger.service';
import { verifyLedger } from '../invariants';
import { storeLegacyDescription } from './legacy-description.test-support';

let ctx: Awaited<ReturnType<typeof createTestApp>>;
let ledger: LedgerService;
let owner: TestUser;
let organizationId: string;
/** The legacy rows, by the text they hold before the migration. */
const ids: Record<string, string> = {};

/** A movement as the API stored it before codes: a Spanish sentence, no code. */
async function storeAsBefore(id: string, text: string) {
  await storeLegacyDescription(ctx.db, id, text);
  ids[text] = id;
}

const stored = async (id: string) =>
  (
    await ctx.db.$client.query(
      `select description_code as code, description_params as params, description
         from ledger_transactions where id = $1`,
      [id],
    )
  ).rows[0];

beforeAll(async () => {
  ctx = await createTestApp();
  ledger = new LedgerService(ctx);
  const merchant = await createTestMerchant(ctx);
  owner = merchant.user;
  organizationId = merchant.organization.id;
  const credit = (key: string) =>
    ledger.credit({
      organizationId,
      idempotencyKey: key,
      kind: 'deposit',
      amount: 50_000,
      from: 'bank_clearing',
    });
  await storeAsBefore((await credit('spei')).transactionId, 'SPEI MBAN01002603010001');
  await storeAsBefore((await credit('card')).transactionId, 'Depósito card');
  await fund(ctx, organizationId, 100_000);
  const { row: guide } = await buyGuide(ctx, owner, {
    locationId: await createLocation(ctx, owner),
    carrier: 'paquetexpress',
    service: 'estandar',
  });
  await storeAsBefore(await holdTransactionOf(guide.holdId!), 'Guía Paquetexpress Estándar');
  const refund = await ledger.refund({
    organizationId,
    idempotencyKey: 'cancel',
    kind: 'refund',
    reference: { type: 'shipment', id: guide.id },
    transactionId: guide.chargeTransactionId!,
  });
  await storeAsBefore(refund.transactionId, `Cancelación de la guía ${guide.trackingNumber}`);
  const adjustment = await ledger.debit({
    organizationId,
    idempotencyKey: 'adjustment',
    kind: 'adjustment',
    lines: [{ account: 'fees', amount: 100 }],
  });
  await storeAsBefore(adjustment.transactionId, 'Ajuste manual de saldo');
  ids.trackingNumber = guide.trackingNumber!;
  await runMigrationFile(ctx.db, 'transaction_description_codes');
});

async function holdTransactionOf(holdId: string): Promise<string> {
  const { rows } = await ctx.db.$client.query<{ id: string }>(
    `select hold_transaction_id as id from ledger_holds where id = $1`,
    [holdId],
  );
  return rows[0]!.id;
}

afterAll(async () => {
  // Only descriptions changed: every amount and posting is as it was.
  expect(await verifyLedger(ctx.db)).toEqual([]);
  await ctx.close();
});

describe('migration: descriptions stored as sentences become codes', () => {
  it('maps each sentence the API wrote to its code and parameters, dropping the sentence', async () => {
    expect(await stored(ids['SPEI MBAN01002603010001']!)).toEqual({
      code: 'deposit_spei',
      params: { tracking_key: 'MBAN01002603010001' },
      description: null,
    });
    expect(await stored(ids['Depósito card']!)).toEqual({
      code: 'deposit',
      params: { method: 'card' },
      description: null,
    });
    // The guide's names come from its own row, as catalogue keys.
    expect(await stored(ids['Guía Paquetexpress Estándar']!)).toEqual({
      code: 'guide_purchase',
      params: { carrier: 'paquetexpress', service: 'estandar' },
      description: null,
    });
    expect(await stored(ids[`Cancelación de la guía ${ids.trackingNumber}`]!)).toEqual({
      code: 'guide_cancellation',
      params: { tracking_number: ids.trackingNumber },
      description: null,
    });
  });

  it('leaves a text it does not know as stored, shown as it is in every language', async () => {
    expect(await stored(ids['Ajuste manual de saldo']!)).toEqual({
      code: null,
      params: null,
      description: 'Ajuste manual de saldo',
    });
    const english = await callAs(
      ctx.app,
      owner,
      'GET',
      '/wallet/transactions?kind=adjustment',
      undefined,
      'en',
    );
    expect(english.json().data.map((row: TransactionView) => row.description)).toEqual([
      'Ajuste manual de saldo',
    ]);
  });

  it('makes the old rows read in the reader’s language', async () => {
    const english = await callAs(ctx.app, owner, 'GET', '/wallet/transactions', undefined, 'en');
    const shown = new Map(
      english.json().data.map((row: TransactionView) => [row.id, row.description]),
    );
    expect(shown.get(ids['SPEI MBAN01002603010001']!)).toBe('SPEI deposit MBAN01002603010001');
    expect(shown.get(ids['Depósito card']!)).toBe('Deposit by card');
    expect(shown.get(ids[`Cancelación de la guía ${ids.trackingNumber}`]!)).toBe(
      `Cancellation of guide ${ids.trackingNumber}`,
    );
  });

  it('leaves the ledger immutable again', async () => {
    const edit = ctx.db.$client.query(
      `update ledger_transactions set description = 'x' where id = $1`,
      [ids['Depósito card']],
    );
    await expect(edit).rejects.toThrow(/immutable/);
  });
});
