import {
  DEFAULT_TIME_ZONE,
  type OrganizationTimeZone,
  type TransactionView,
} from '@despacho/domain';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/test-app';
import { callAs, createTestMerchant, createTestUser, type TestUser } from '../../../test/users';
import { ManualClock } from '../../platform/clock';
import { organizations } from '../accounts/accounts.tables';
import { LedgerService } from './ledger.service';
import { verifyLedger } from '../invariants';
import { storeLegacyDescription } from './legacy-description.test-support';
import { captureHold } from './ledger.test-support';

type Ctx = Awaited<ReturnType<typeof createTestApp>>;
let ctx: Ctx;
let ledger: LedgerService;
/** The ledger's clock: each movement is written at the instant the test sets. */
const at = new ManualClock();
let owner: TestUser;
let organizationId: string;
/** Ids of the movements below, by name. */
const ids: Record<string, string> = {};
let keys = 0;

/** A sentence stored before descriptions were codes, which the migration could not map. */
const LEGACY = '=HYPERLINK("x"), CDMX → Monterrey';

/** A movement of `organizationId` at `instant` (UTC), answered with its transaction id. */
async function move<T extends { transactionId: string }>(
  instant: string,
  run: (key: string) => Promise<T>,
) {
  at.advance(new Date(instant).getTime() - at.now().getTime());
  return run(`key-${++keys}`);
}

beforeAll(async () => {
  ctx = await createTestApp();
  ledger = new LedgerService({ db: ctx.db, clock: at });
  const merchant = await createTestMerchant(ctx);
  owner = merchant.user;
  organizationId = merchant.organization.id;
  const base = { organizationId };

  // Mexico City is UTC−6: 05:30Z on March 1st is 23:30 on February 28th there.
  ids.deposit = (
    await move('2026-03-01T05:30:00Z', (idempotencyKey) =>
      ledger.credit({
        ...base,
        idempotencyKey,
        kind: 'deposit',
        reference: { type: 'deposit', id: 'a1b2c3d4-0000-4000-8000-000000000001' },
        description: { code: 'deposit_spei', params: { tracking_key: 'MBAN01002603010001' } },
        amount: 100_000,
        from: 'bank_clearing',
      }),
    )
  ).transactionId;
  // 06:00Z is midnight of March 1st in Mexico City.
  ids.label = (
    await move('2026-03-01T06:00:00Z', (idempotencyKey) =>
      ledger.debit({
        ...base,
        idempotencyKey,
        kind: 'label',
        description: {
          code: 'guide_purchase',
          params: { carrier: 'paquetexpress', service: 'estandar' },
        },
        lines: [
          { account: 'carrier_payable', amount: 10_000 },
          { account: 'vat_payable', amount: 1_600 },
        ],
      }),
    )
  ).transactionId;
  ids.fee = (
    await move('2026-03-02T15:00:00Z', (idempotencyKey) =>
      ledger.debit({
        ...base,
        idempotencyKey,
        kind: 'fee',
        lines: [{ account: 'fees', amount: 1_450 }],
      }),
    )
  ).transactionId;
  await storeLegacyDescription(ctx.db, ids.fee, LEGACY);
  // A hold captured for exactly what it held: the capture moves no wallet money and is not
  // listed; the hold row shows the charge as paid.
  const held = await move('2026-03-03T12:00:00Z', (idempotencyKey) =>
    ledger.hold({ ...base, idempotencyKey, kind: 'insurance', amount: 5_000 }),
  );
  ids.insurance = held.transactionId;
  await move('2026-03-03T12:05:00Z', (idempotencyKey) =>
    captureHold(
      ctx.db,
      {
        ...base,
        idempotencyKey,
        kind: 'insurance',
        holdId: held.holdId!,
        lines: [{ account: 'insurance_payable', amount: 5_000 }],
      },
      at.now(),
    ),
  );
  // A hold still pending.
  ids.pending = (
    await move('2026-03-04T18:00:00Z', (idempotencyKey) =>
      ledger.hold({ ...base, idempotencyKey, kind: 'classification', amount: 2_000 }),
    )
  ).transactionId;
});

afterAll(async () => {
  expect(await verifyLedger(ctx.db)).toEqual([]);
  await ctx.close();
});

const list = (user: TestUser, query = '', language = 'es') =>
  callAs(ctx.app, user, 'GET', `/wallet/transactions${query}`, undefined, language);
const rowsOf = (response: { json: () => { data: TransactionView[] } }) => response.json().data;

describe('GET wallet/transactions', () => {
  it('lists the movements that changed the wallet, newest first, with the balance after each', async () => {
    const response = await list(owner);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.meta).toEqual({ page: 1, pageSize: 20, total: 5 });
    expect(rowsOf(response).map((row) => row.id)).toEqual([
      ids.pending,
      ids.insurance,
      ids.fee,
      ids.label,
      ids.deposit,
    ]);
    expect(rowsOf(response)).toEqual([
      expect.objectContaining({
        kind: 'classification',
        amount_centavos: -2_000,
        balance_after_centavos: 79_950,
        payment_state: 'pending',
      }),
      expect.objectContaining({
        kind: 'insurance',
        amount_centavos: -5_000,
        balance_after_centavos: 81_950,
        payment_state: 'paid',
      }),
      expect.objectContaining({ kind: 'fee', amount_centavos: -1_450, description: LEGACY }),
      {
        id: ids.label,
        created_at: '2026-03-01T06:00:00.000Z',
        kind: 'label',
        description: 'Guía Paquetexpress Estándar',
        reference: null,
        amount_centavos: -11_600,
        balance_after_centavos: 88_400,
        payment_state: 'paid',
      },
      expect.objectContaining({
        kind: 'deposit',
        description: 'Depósito SPEI MBAN01002603010001',
        amount_centavos: 100_000,
        balance_after_centavos: 100_000,
        reference: { type: 'deposit', id: 'a1b2c3d4-0000-4000-8000-000000000001' },
      }),
    ]);
  });

  it("renders each description in the reader's language; a legacy text stays as stored", async () => {
    const english = rowsOf(await list(owner, '', 'en'));
    expect(english.map((row) => row.description)).toEqual([
      null,
      null,
      LEGACY,
      'Guide Paquetexpress Standard',
      'SPEI deposit MBAN01002603010001',
    ]);
  });

  it('filters by kind', async () => {
    const response = await list(owner, '?kind=fee');
    expect(rowsOf(response).map((row) => row.id)).toEqual([ids.fee]);
    expect(response.json().meta.total).toBe(1);
    const wrong = await list(owner, '?kind=gift');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.fields).toHaveProperty('kind');
  });

  it('takes days as whole days in Mexico City, the last one included', async () => {
    // 23:30 on February 28th in Mexico City, though already March 1st in UTC.
    const feb28 = await list(owner, '?from=2026-02-28&to=2026-02-28');
    expect(rowsOf(feb28).map((row) => row.id)).toEqual([ids.deposit]);
    const march1 = await list(owner, '?from=2026-03-01&to=2026-03-01');
    expect(rowsOf(march1).map((row) => row.id)).toEqual([ids.label]);
    const fromMarch2 = await list(owner, '?from=2026-03-02');
    expect(rowsOf(fromMarch2).map((row) => row.id)).toEqual([ids.pending, ids.insurance, ids.fee]);
    const untilMarch1 = await list(owner, '?to=2026-03-01&kind=deposit');
    expect(rowsOf(untilMarch1).map((row) => row.id)).toEqual([ids.deposit]);
  });

  it("takes days in the organization's time zone when it is another", async () => {
    const useZone = (timeZone: OrganizationTimeZone) =>
      ctx.db.update(organizations).set({ timeZone }).where(eq(organizations.id, organizationId));
    await useZone('America/Tijuana');
    try {
      // Tijuana is UTC−8 until March 8th: the deposit (21:30) and the label (22:00) both fall
      // on February 28th there.
      const feb28 = await list(owner, '?from=2026-02-28&to=2026-02-28');
      expect(rowsOf(feb28).map((row) => row.id)).toEqual([ids.label, ids.deposit]);
      const march1 = await list(owner, '?from=2026-03-01&to=2026-03-01');
      expect(rowsOf(march1)).toEqual([]);
    } finally {
      await useZone(DEFAULT_TIME_ZONE);
    }
  });

  it('refuses a range that ends before it starts, on the end date, and days that do not exist', async () => {
    const reversed = await list(owner, '?from=2026-03-05&to=2026-03-01');
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().error).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: { to: 'La fecha final debe ser igual o posterior a la inicial.' },
    });
    const english = await list(owner, '?from=2026-03-05&to=2026-03-01', 'en');
    expect(english.json().error.fields.to).toBe('The end date must be on or after the start date.');
    const impossible = await list(owner, '?from=2026-02-30');
    expect(impossible.statusCode).toBe(400);
    expect(impossible.json().error.fields.from).toBe('Escribe la fecha como AAAA-MM-DD.');
  });

  it('pages on the server', async () => {
    const second = await list(owner, '?page=2&pageSize=2');
    expect(second.json().meta).toEqual({ page: 2, pageSize: 2, total: 5 });
    expect(rowsOf(second).map((row) => row.id)).toEqual([ids.fee, ids.label]);
    const past = await list(owner, '?page=4&pageSize=2');
    expect(rowsOf(past)).toEqual([]);
  });

  it('shows an organization only its own movements', async () => {
    const other = await createTestMerchant(ctx, 'Otro Comercio');
    expect(rowsOf(await list(other.user))).toEqual([]);
    await ledger.credit({
      organizationId: other.organization.id,
      idempotencyKey: 'other-deposit',
      kind: 'deposit',
      amount: 5_000,
      from: 'card_clearing',
    });
    expect(rowsOf(await list(other.user)).map((row) => row.amount_centavos)).toEqual([5_000]);
    expect((await list(owner)).json().meta.total).toBe(5);
  });

  it('needs the purchases permission of finances, for the list and the export', async () => {
    const depositsOnly = await createTestUser(ctx, {
      organizationId,
      permissions: ['finances.deposits'],
    });
    expect((await list(depositsOnly)).statusCode).toBe(403);
    const csv = await callAs(ctx.app, depositsOnly, 'GET', '/wallet/transactions.csv');
    expect(csv.statusCode).toBe(403);
    const allowed = await createTestUser(ctx, {
      organizationId,
      permissions: ['finances.purchases'],
    });
    expect((await list(allowed)).statusCode).toBe(200);
  });
});

describe('GET wallet/transactions.csv', () => {
  const exportCsv = (query = '', language = 'es') =>
    callAs(ctx.app, owner, 'GET', `/wallet/transactions.csv${query}`, undefined, language);

  it('answers the filtered set as CSV with a BOM, a Spanish header and local times', async () => {
    const response = await exportCsv('?to=2026-03-02');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    // The test app's clock: 16:00Z on March 2nd, 10:00 in Mexico City.
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename=movimientos-2026-03-02.csv',
    );
    expect([...response.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = response.body.slice(1).split('\r\n');
    expect(lines).toEqual([
      'Fecha,Tipo,Descripción,Origen,Referencia,Monto,Saldo después,Estado de pago,ID del movimiento',
      // A description that looks like a formula is shown as text, never run.
      `2026-03-02 09:00:00,Comisión,"'=HYPERLINK(""x""), CDMX → Monterrey",,,-14.50,869.50,Pagado,${ids.fee}`,
      `2026-03-01 00:00:00,Guía,Guía Paquetexpress Estándar,,,-116.00,884.00,Pagado,${ids.label}`,
      `2026-02-28 23:30:00,Depósito,Depósito SPEI MBAN01002603010001,Depósito,a1b2c3d4-0000-4000-8000-000000000001,1000.00,1000.00,Pagado,${ids.deposit}`,
      '',
    ]);
  });

  it('follows the kind filter and the caller’s language', async () => {
    const response = await exportCsv('?kind=classification', 'en');
    const lines = response.body.slice(1).split('\r\n');
    expect(lines[0]).toBe(
      'Date,Type,Description,Source,Reference,Amount,Balance after,Payment state,Transaction ID',
    );
    expect(lines.slice(1)).toEqual([
      `2026-03-04 12:00:00,Classification,,,,-20.00,799.50,Pending,${ids.pending}`,
      '',
    ]);
    const deposits = (await exportCsv('?kind=deposit', 'en')).body.split('\r\n');
    expect(deposits[1]).toMatch(/^2026-02-28 23:30:00,Deposit,SPEI deposit MBAN01002603010001,/);
  });

  it('validates the filters as the list does', async () => {
    const response = await exportCsv('?from=2026-03-02&to=2026-03-01');
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toHaveProperty('to');
  });

  it('streams every row of a large set across pages and refuses more than 50,000', async () => {
    const { organization, user } = await createTestMerchant(ctx, 'Comercio Grande');
    await ledger.credit({
      organizationId: organization.id,
      idempotencyKey: 'opening',
      kind: 'deposit',
      amount: 100,
      from: 'bank_clearing',
    });
    // 50,000 adjustments on March 10th (two per second: ties in created_at cross page borders)
    // and one more on March 11th, written in bulk with their entries as the ledger would.
    await ctx.db.transaction(async (tx) => {
      await tx.execute(sql`
        create temporary table bulk on commit drop as
        select i, gen_random_uuid() as id,
               case when i <= 50000
                    then timestamptz '2026-03-10 08:00:00-06' + (i / 2) * interval '1 second'
                    else timestamptz '2026-03-11 08:00:00-06' end as created_at
        from generate_series(1, 50001) as i`);
      await tx.execute(sql`
        insert into ledger_transactions (id, organization_id, kind, idempotency_key, request_hash,
          description, wallet_amount, wallet_balance_after, payment_state, created_at)
        select id, ${organization.id}, 'adjustment', 'bulk-' || i, 'bulk', 'Ajuste ' || i,
               100, 100 + 100 * i, 'paid', created_at
        from bulk`);
      await tx.execute(sql`
        insert into ledger_entries (transaction_id, account_id, amount, balance_after, created_at)
        select b.id, a.id, case when a.kind = 'wallet' then 100 else -100 end,
               case when a.kind = 'wallet' then 100 + 100 * b.i end, b.created_at
        from bulk b
        join ledger_accounts a on (a.organization_id = ${organization.id} and a.kind = 'wallet')
                               or (a.organization_id is null and a.kind = 'bank_clearing')
        order by b.i, a.kind`);
      await tx.execute(sql`
        update ledger_accounts set balance = 100 + 100 * 50001
        where organization_id = ${organization.id} and kind = 'wallet'`);
    });

    const tooMany = await callAs(ctx.app, user, 'GET', '/wallet/transactions.csv?kind=adjustment');
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().error).toMatchObject({
      code: 'EXPORT_TOO_LARGE',
      message: 'Son más de 50,000 movimientos para exportar; elige un rango de fechas más corto.',
    });

    const response = await callAs(
      ctx.app,
      user,
      'GET',
      '/wallet/transactions.csv?from=2026-03-10&to=2026-03-10',
    );
    expect(response.statusCode).toBe(200);
    const rows = response.body.slice(1).trimEnd().split('\r\n').slice(1);
    expect(rows).toHaveLength(50_000);
    expect(new Set(rows.map((row) => row.split(',').at(-1))).size).toBe(50_000);
    expect(rows[0]).toMatch(/^2026-03-10 14:56:40,Ajuste,Ajuste 50000,,,1\.00,50001\.00,/);
    expect(rows.at(-1)).toMatch(/^2026-03-10 08:00:00,Ajuste,Ajuste 1,,,1\.00,2\.00,/);
  }, 60_000);
});
