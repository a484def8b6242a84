import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/test-app';
import {
  balanceOf,
  clabeOf,
  notifySpei,
  notifySpeiResponse,
  sendSpeiWebhook,
  speiTransfer,
  trackingKey,
} from '../../../test/spei';
import {
  callAs,
  createTestMerchant,
  createTestUser,
  signIn,
  type TestUser,
} from '../../../test/users';
import { verifyLedger } from '../invariants';

let ctx: Awaited<ReturnType<typeof createTestApp>>;
let staff: TestUser;
beforeAll(async () => {
  ctx = await createTestApp();
  staff = await createTestUser(ctx, { isStaff: true });
});
// Access tokens live 15 minutes and some tests move the clock by days: sign in afresh.
beforeEach(async () => {
  staff = await signIn(ctx, staff);
});
afterAll(async () => {
  expect(await verifyLedger(ctx.db)).toEqual([]);
  await ctx.close();
});

const DAY = 86_400_000;

async function newMerchant() {
  const { user, organization } = await createTestMerchant(ctx);
  return { user, organization, clabe: await clabeOf(ctx, user) };
}

const depositRow = async (id: string) =>
  (
    await ctx.db.$client.query(
      `select status, amount::int, fee::int, net::int, ledger_transaction_id from deposits where id = $1`,
      [id],
    )
  ).rows[0];

const transferRow = async (id: string) =>
  (
    await ctx.db.$client.query(
      `select status, organization_id, deposit_id, ledger_transaction_id, unmatched_reason,
              resolved_by from bank_transfers where id = $1`,
      [id],
    )
  ).rows[0];

/** Ledger credits of the organization (deposits), whatever their idempotency key. */
const creditsOf = async (organizationId: string) =>
  Number(
    (
      await ctx.db.$client.query(
        `select count(*) from ledger_transactions where organization_id = $1 and kind = 'deposit'`,
        [organizationId],
      )
    ).rows[0].count,
  );

describe('matching deposit notifications', () => {
  it('credits a pending notification with the same tracking key once, and staff cannot approve it again', async () => {
    const { user, organization, clabe } = await newMerchant();
    const key = trackingKey();
    const deposit = await notifySpei(ctx, user, { amount: '1500.00', tracking_key: key });
    const response = await sendSpeiWebhook(
      ctx,
      speiTransfer(ctx, { beneficiary_clabe: clabe, tracking_key: key, amount_centavos: 150_000 }),
    );
    expect(response.json().data.status).toBe('matched');
    const transfer = await transferRow(response.json().data.bank_transfer_id);
    const credited = await depositRow(deposit.id);
    expect(credited).toMatchObject({ status: 'credited', net: 150_000 });
    expect(transfer).toMatchObject({
      status: 'credited',
      organization_id: organization.id,
      deposit_id: deposit.id,
      ledger_transaction_id: credited.ledger_transaction_id,
    });
    expect(await balanceOf(ctx, user)).toBe(150_000);
    expect(await creditsOf(organization.id)).toBe(1);

    const approve = await callAs(ctx.app, staff, 'POST', `/staff/deposits/${deposit.id}/approve`);
    expect(approve.statusCode).toBe(409);
    expect(await balanceOf(ctx, user)).toBe(150_000);
  });

  it('links a notification staff approved first, without a second credit', async () => {
    const { user, organization, clabe } = await newMerchant();
    const key = trackingKey();
    const deposit = await notifySpei(ctx, user, { amount: '800.00', tracking_key: key });
    const approve = await callAs(ctx.app, staff, 'POST', `/staff/deposits/${deposit.id}/approve`);
    expect(approve.statusCode).toBe(200);
    const response = await sendSpeiWebhook(
      ctx,
      speiTransfer(ctx, { beneficiary_clabe: clabe, tracking_key: key, amount_centavos: 80_000 }),
    );
    expect(response.json().data.status).toBe('matched');
    const transfer = await transferRow(response.json().data.bank_transfer_id);
    expect(transfer).toMatchObject({
      status: 'credited',
      deposit_id: deposit.id,
      ledger_transaction_id: (await depositRow(deposit.id)).ledger_transaction_id,
    });
    expect(await balanceOf(ctx, user)).toBe(80_000);
    expect(await creditsOf(organization.id)).toBe(1);
  });

  it('credits exactly once when the webhook and the staff approval race', async () => {
    for (let round = 0; round < 6; round += 1) {
      const { user, organization, clabe } = await newMerchant();
      const key = trackingKey();
      const deposit = await notifySpei(ctx, user, { amount: '1200.00', tracking_key: key });
      const transfer = speiTransfer(ctx, {
        beneficiary_clabe: clabe,
        tracking_key: key,
        amount_centavos: 120_000,
      });
      const [webhook, approve] = await Promise.all([
        sendSpeiWebhook(ctx, transfer),
        callAs(ctx.app, staff, 'POST', `/staff/deposits/${deposit.id}/approve`),
      ]);
      expect(webhook.statusCode).toBe(200);
      expect(webhook.json().data.status).toBe('matched');
      // Whoever came second learns it was already done; nothing fails otherwise.
      expect([200, 409]).toContain(approve.statusCode);
      expect(await balanceOf(ctx, user)).toBe(120_000);
      expect(await creditsOf(organization.id)).toBe(1);
      const credited = await depositRow(deposit.id);
      expect(credited.status).toBe('credited');
      expect(await transferRow(webhook.json().data.bank_transfer_id)).toMatchObject({
        deposit_id: deposit.id,
        ledger_transaction_id: credited.ledger_transaction_id,
      });
    }
  });

  it('credits what the bank says when the notified amount differs for the same tracking key', async () => {
    const { user, clabe } = await newMerchant();
    const key = trackingKey();
    const deposit = await notifySpei(ctx, user, { amount: '1000.00', tracking_key: key });
    const response = await sendSpeiWebhook(
      ctx,
      speiTransfer(ctx, { beneficiary_clabe: clabe, tracking_key: key, amount_centavos: 45_000 }),
    );
    expect(response.json().data.status).toBe('matched');
    expect(await depositRow(deposit.id)).toMatchObject({
      status: 'credited',
      amount: 45_000,
      fee: 1_450,
      net: 43_550,
    });
    expect(await balanceOf(ctx, user)).toBe(43_550);
  });

  it('queues a transfer whose notification staff approved for another amount', async () => {
    const { user, organization, clabe } = await newMerchant();
    const key = trackingKey();
    const deposit = await notifySpei(ctx, user, { amount: '700.00', tracking_key: key });
    await callAs(ctx.app, staff, 'POST', `/staff/deposits/${deposit.id}/approve`);
    const response = await sendSpeiWebhook(
      ctx,
      speiTransfer(ctx, { beneficiary_clabe: clabe, tracking_key: key, amount_centavos: 90_000 }),
    );
    expect(response.json().data.status).toBe('unmatched');
    expect(await transferRow(response.json().data.bank_transfer_id)).toMatchObject({
      unmatched_reason: 'amount_mismatch',
      organization_id: null,
    });
    expect(await balanceOf(ctx, user)).toBe(70_000);
    expect(await creditsOf(organization.id)).toBe(1);
  });

  it('matches by amount within 3 days when no tracking key matches, oldest first', async () => {
    const { user, organization, clabe } = await newMerchant();
    const old = await notifySpei(ctx, user, { amount: '600.00', tracking_key: trackingKey() });
    ctx.clock.advance(4 * DAY);
    const later = await signIn(ctx, user);
    const recent = await notifySpei(ctx, later, { amount: '600.00', tracking_key: trackingKey() });
    const other = await notifySpei(ctx, later, { amount: '650.00', tracking_key: trackingKey() });
    ctx.clock.advance(DAY);
    const now = await signIn(ctx, user);
    const response = await sendSpeiWebhook(
      ctx,
      speiTransfer(ctx, { beneficiary_clabe: clabe, amount_centavos: 60_000 }),
    );
    expect(response.json().data.status).toBe('matched');
    expect((await depositRow(recent.id)).status).toBe('credited');
    // Made more than 3 days before the transfer, or for another amount: left for staff.
    expect((await depositRow(old.id)).status).toBe('pending');
    expect((await depositRow(other.id)).status).toBe('pending');
    expect(await creditsOf(organization.id)).toBe(1);

    // A second transfer of the same amount finds no notification left within 3 days.
    const second = await sendSpeiWebhook(
      ctx,
      speiTransfer(ctx, { beneficiary_clabe: clabe, amount_centavos: 60_000 }),
    );
    expect(second.json().data.status).toBe('credited');
    expect((await depositRow(old.id)).status).toBe('pending');
    expect(await balanceOf(ctx, now)).toBe(120_000);
  });

  it('records a transfer credited on its own as a deposit, so notifying it later is refused', async () => {
    const { user, organization, clabe } = await newMerchant();
    const key = trackingKey();
    const response = await sendSpeiWebhook(
      ctx,
      speiTransfer(ctx, { beneficiary_clabe: clabe, tracking_key: key, amount_centavos: 75_000 }),
    );
    expect(response.json().data.status).toBe('credited');
    const transfer = await transferRow(response.json().data.bank_transfer_id);
    expect(await depositRow(transfer.deposit_id)).toMatchObject({
      status: 'credited',
      amount: 75_000,
      ledger_transaction_id: transfer.ledger_transaction_id,
    });
    const deposits = (await callAs(ctx.app, user, 'GET', '/deposits')).json().data;
    expect(deposits.map((d: { id: string }) => d.id)).toEqual([transfer.deposit_id]);

    const late = await notifySpeiResponse(ctx, user, { amount: '750.00', tracking_key: key });
    expect(late.statusCode).toBe(409);
    expect(late.json().error.code).toBe('DEPOSIT_ALREADY_NOTIFIED');
    expect(await creditsOf(organization.id)).toBe(1);
    expect(await balanceOf(ctx, user)).toBe(75_000);
  });

  it('never matches another organization’s notification', async () => {
    const first = await newMerchant();
    const second = await newMerchant();
    const key = trackingKey();
    const deposit = await notifySpei(ctx, first.user, { amount: '1000.00', tracking_key: key });
    const response = await sendSpeiWebhook(
      ctx,
      speiTransfer(ctx, {
        beneficiary_clabe: second.clabe,
        tracking_key: key,
        amount_centavos: 100_000,
      }),
    );
    expect(response.json().data.status).toBe('credited');
    expect((await depositRow(deposit.id)).status).toBe('pending');
    expect(await balanceOf(ctx, second.user)).toBe(100_000);
    expect(await balanceOf(ctx, first.user)).toBe(0);
  });
});

describe('staff queue', () => {
  it('assigns an unmatched transfer to an organization exactly once, audited', async () => {
    const { user, organization } = await newMerchant();
    const response = await sendSpeiWebhook(
      ctx,
      speiTransfer(ctx, { beneficiary_clabe: '646180218012345670', amount_centavos: 200_000 }),
    );
    const id = response.json().data.bank_transfer_id;
    const search = await callAs(
      ctx.app,
      staff,
      'GET',
      `/staff/bank-transfers/organizations?q=${encodeURIComponent(organization.company)}`,
    );
    expect(search.json().data).toContainEqual(
      expect.objectContaining({ id: organization.id, company: organization.company }),
    );

    const assign = () =>
      callAs(ctx.app, staff, 'POST', `/staff/bank-transfers/${id}/assign`, {
        organization_id: organization.id,
      });
    const [first, second] = await Promise.all([assign(), assign()]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 409]);
    const done = first.statusCode === 200 ? first : second;
    expect(done.json().data).toMatchObject({
      status: 'credited',
      organization_id: organization.id,
      organization_name: organization.company,
      unmatched_reason: null,
    });
    expect((first.statusCode === 409 ? first : second).json().error.code).toBe(
      'BANK_TRANSFER_NOT_UNMATCHED',
    );
    expect(await balanceOf(ctx, user)).toBe(200_000);
    expect(await transferRow(id)).toMatchObject({ resolved_by: staff.id });

    const audit = await callAs(
      ctx.app,
      staff,
      'GET',
      `/staff/audit?organization_id=${organization.id}`,
    );
    expect(audit.json().data).toContainEqual(
      expect.objectContaining({
        action: 'bank_transfer.assign',
        subject_type: 'bank_transfer',
        subject_id: id,
        before: expect.objectContaining({ status: 'unmatched' }),
        after: expect.objectContaining({ status: 'credited', organization_id: organization.id }),
      }),
    );
    const queue = await callAs(ctx.app, staff, 'GET', '/staff/bank-transfers?status=unmatched');
    expect(queue.json().data.map((row: { id: string }) => row.id)).not.toContain(id);
  });

  it('matches the pending notification of the organization staff assign it to', async () => {
    const { user, organization } = await newMerchant();
    const key = trackingKey();
    const deposit = await notifySpei(ctx, user, { amount: '3000.00', tracking_key: key });
    // The sender mistyped the CLABE: nobody owns it.
    const response = await sendSpeiWebhook(
      ctx,
      speiTransfer(ctx, {
        beneficiary_clabe: '646180218000000009',
        tracking_key: key,
        amount_centavos: 300_000,
      }),
    );
    const id = response.json().data.bank_transfer_id;
    const assign = await callAs(ctx.app, staff, 'POST', `/staff/bank-transfers/${id}/assign`, {
      organization_id: organization.id,
    });
    expect(assign.json().data).toMatchObject({ status: 'credited', deposit_id: deposit.id });
    expect((await depositRow(deposit.id)).status).toBe('credited');
    expect(await balanceOf(ctx, user)).toBe(300_000);
    expect(await creditsOf(organization.id)).toBe(1);
  });

  it('returns a transfer without moving money, and refuses what is not in the queue', async () => {
    const response = await sendSpeiWebhook(
      ctx,
      speiTransfer(ctx, { beneficiary_clabe: '646180218011111118', amount_centavos: 50_000 }),
    );
    const id = response.json().data.bank_transfer_id;
    const short = await callAs(ctx.app, staff, 'POST', `/staff/bank-transfers/${id}/return`, {
      reason: 'no',
    });
    expect(short.statusCode).toBe(400);
    const returned = await callAs(ctx.app, staff, 'POST', `/staff/bank-transfers/${id}/return`, {
      reason: 'Remitente desconocido; devuelta por SPEI.',
    });
    expect(returned.json().data).toMatchObject({
      status: 'returned',
      return_reason: 'Remitente desconocido; devuelta por SPEI.',
      ledger_transaction_id: null,
    });
    const { organization } = await newMerchant();
    const assign = await callAs(ctx.app, staff, 'POST', `/staff/bank-transfers/${id}/assign`, {
      organization_id: organization.id,
    });
    expect(assign.statusCode).toBe(409);
    expect(await creditsOf(organization.id)).toBe(0);
    const missing = await callAs(
      ctx.app,
      staff,
      'POST',
      '/staff/bank-transfers/00000000-0000-4000-8000-000000000000/return',
      { reason: 'No existe esta transferencia.' },
    );
    expect(missing.statusCode).toBe(404);
  });

  it('refuses to assign a transfer that does not cover the fee', async () => {
    const { organization } = await newMerchant();
    const response = await sendSpeiWebhook(
      ctx,
      speiTransfer(ctx, { beneficiary_clabe: '646180218022222226', amount_centavos: 1_200 }),
    );
    const assign = await callAs(
      ctx.app,
      staff,
      'POST',
      `/staff/bank-transfers/${response.json().data.bank_transfer_id}/assign`,
      { organization_id: organization.id },
    );
    expect(assign.statusCode).toBe(409);
    expect(assign.json().error.code).toBe('BANK_TRANSFER_BELOW_FEE');
    expect(await creditsOf(organization.id)).toBe(0);
  });
});
