import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/test-app';
import { balanceOf, clabeOf, sendSpeiWebhook, speiTransfer } from '../../../test/spei';
import { callAs, createTestMerchant, createTestUser, type TestUser } from '../../../test/users';
import { verifyLedger } from '../invariants';

let ctx: Awaited<ReturnType<typeof createTestApp>>;
let merchant: TestUser;
let clabe: string;
beforeAll(async () => {
  ctx = await createTestApp();
  ({ user: merchant } = await createTestMerchant(ctx));
  clabe = await clabeOf(ctx, merchant);
});
afterAll(async () => {
  expect(await verifyLedger(ctx.db)).toEqual([]);
  await ctx.close();
});

const transfersWith = async (trackingKey: string) =>
  (
    await ctx.db.$client.query(
      `select status, unmatched_reason, organization_id, ledger_transaction_id, source
         from bank_transfers where tracking_key = $1`,
      [trackingKey],
    )
  ).rows;

/** The ledger entries of a credit, by account kind. */
async function entriesOf(transactionId: string) {
  const { rows } = await ctx.db.$client.query<{ kind: string; amount: number }>(
    `select a.kind, e.amount::int as amount from ledger_entries e
       join ledger_accounts a on a.id = e.account_id
      where e.transaction_id = $1 order by a.kind`,
    [transactionId],
  );
  return Object.fromEntries(rows.map((row) => [row.kind, row.amount]));
}

describe('SPEI webhook', () => {
  it('refuses a wrong signature and a missing one, and records nothing', async () => {
    const transfer = speiTransfer(ctx, { beneficiary_clabe: clabe });
    const before = await balanceOf(ctx, merchant);
    const wrongSecret = await sendSpeiWebhook(ctx, transfer, {
      secret: 'someone-else-entirely-with-a-long-secret',
    });
    expect(wrongSecret.statusCode).toBe(401);
    expect(wrongSecret.json().error.code).toBe('WEBHOOK_SIGNATURE_INVALID');
    const missing = await sendSpeiWebhook(ctx, transfer, { signature: null });
    expect(missing.statusCode).toBe(401);
    expect(missing.json().error.code).toBe('WEBHOOK_SIGNATURE_INVALID');
    const garbled = await sendSpeiWebhook(ctx, transfer, { signature: 't=abc,v1=zz' });
    expect(garbled.json().error.code).toBe('WEBHOOK_SIGNATURE_INVALID');
    expect(await transfersWith(transfer.tracking_key)).toEqual([]);
    expect(await balanceOf(ctx, merchant)).toBe(before);
  });

  it('refuses a body changed after signing', async () => {
    // Sign one body, send another: the signature covers the exact bytes.
    const transfer = speiTransfer(ctx, { beneficiary_clabe: clabe });
    const { signSpeiWebhook, DEV_SPEI_WEBHOOK_SECRET } = await import('./spei-webhook.signature');
    const body = JSON.stringify({
      event_id: 'evt_tampered',
      type: 'spei.incoming',
      data: transfer,
    });
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/webhooks/spei',
      headers: {
        'content-type': 'application/json',
        'x-despacho-signature': signSpeiWebhook(
          DEV_SPEI_WEBHOOK_SECRET,
          Math.floor(ctx.clock.now().getTime() / 1000),
          body,
        ),
      },
      payload: body.replace('"amount_centavos":150000', '"amount_centavos":990000'),
    });
    expect(response.statusCode).toBe(401);
    expect(response.json().error.code).toBe('WEBHOOK_SIGNATURE_INVALID');
    expect(await transfersWith(transfer.tracking_key)).toEqual([]);
  });

  it('refuses a delivery signed more than 5 minutes away from our clock', async () => {
    const transfer = speiTransfer(ctx, { beneficiary_clabe: clabe });
    const past = new Date(ctx.clock.now().getTime() - 301_000);
    const stale = await sendSpeiWebhook(ctx, transfer, { signedAt: past });
    expect(stale.statusCode).toBe(401);
    expect(stale.json().error).toMatchObject({
      code: 'WEBHOOK_TIMESTAMP_STALE',
      message: 'La firma del webhook tiene una fecha fuera del margen de 5 minutos.',
    });
    const future = new Date(ctx.clock.now().getTime() + 301_000);
    expect((await sendSpeiWebhook(ctx, transfer, { signedAt: future })).statusCode).toBe(401);
    expect(await transfersWith(transfer.tracking_key)).toEqual([]);
    // Within the window it goes through.
    const recent = new Date(ctx.clock.now().getTime() - 299_000);
    const accepted = await sendSpeiWebhook(ctx, transfer, { signedAt: recent });
    expect(accepted.json().data.status).toBe('credited');
  });

  it('credits the organization owning the CLABE, once, and a replay moves nothing', async () => {
    const before = await balanceOf(ctx, merchant);
    const transfer = speiTransfer(ctx, { beneficiary_clabe: clabe, amount_centavos: 250_000 });
    const first = await sendSpeiWebhook(ctx, transfer, { eventId: 'evt_replayed' });
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toMatchObject({ status: 'credited' });
    expect(await balanceOf(ctx, merchant)).toBe(before + 250_000);

    const replay = await sendSpeiWebhook(ctx, transfer, { eventId: 'evt_replayed' });
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toEqual({ data: { status: 'duplicate' } });
    // Another delivery of the same transfer (new event id) is still the same transfer.
    const again = await sendSpeiWebhook(ctx, transfer);
    expect(again.json()).toEqual({ data: { status: 'duplicate' } });
    expect(await balanceOf(ctx, merchant)).toBe(before + 250_000);

    const [row] = await transfersWith(transfer.tracking_key);
    expect(row).toMatchObject({ status: 'credited', source: 'webhook', unmatched_reason: null });
    expect(await entriesOf(row.ledger_transaction_id)).toEqual({
      bank_clearing: -250_000,
      wallet: 250_000,
    });
  });

  it('takes the small-deposit fee (12.50 + VAT) from a transfer below 500 MXN', async () => {
    const before = await balanceOf(ctx, merchant);
    const transfer = speiTransfer(ctx, { beneficiary_clabe: clabe, amount_centavos: 30_000 });
    expect((await sendSpeiWebhook(ctx, transfer)).json().data.status).toBe('credited');
    expect(await balanceOf(ctx, merchant)).toBe(before + 30_000 - 1_450);
    const [row] = await transfersWith(transfer.tracking_key);
    expect(await entriesOf(row.ledger_transaction_id)).toEqual({
      bank_clearing: -30_000,
      fees: 1_250,
      vat_payable: 200,
      wallet: 28_550,
    });
  });

  it('queues a transfer that does not even cover the fee', async () => {
    const before = await balanceOf(ctx, merchant);
    const transfer = speiTransfer(ctx, { beneficiary_clabe: clabe, amount_centavos: 1_000 });
    expect((await sendSpeiWebhook(ctx, transfer)).json().data.status).toBe('unmatched');
    expect(await transfersWith(transfer.tracking_key)).toEqual([
      expect.objectContaining({ status: 'unmatched', unmatched_reason: 'below_fee' }),
    ]);
    expect(await balanceOf(ctx, merchant)).toBe(before);
  });

  it('queues a transfer to an unknown CLABE for staff, crediting no one', async () => {
    const staff = await createTestUser(ctx, { isStaff: true });
    const transfer = speiTransfer(ctx, { beneficiary_clabe: '646180218099999999' });
    const response = await sendSpeiWebhook(ctx, transfer);
    expect(response.json().data.status).toBe('unmatched');
    const [row] = await transfersWith(transfer.tracking_key);
    expect(row).toMatchObject({
      status: 'unmatched',
      unmatched_reason: 'unknown_clabe',
      organization_id: null,
      ledger_transaction_id: null,
    });
    const queue = await callAs(ctx.app, staff, 'GET', '/staff/bank-transfers?status=unmatched');
    expect(queue.json().data).toContainEqual(
      expect.objectContaining({
        id: response.json().data.bank_transfer_id,
        tracking_key: transfer.tracking_key,
        sender_bank_name: 'BBVA México',
        unmatched_reason: 'unknown_clabe',
        organization_id: null,
      }),
    );
    // Merchants do not see the queue.
    expect((await callAs(ctx.app, merchant, 'GET', '/staff/bank-transfers')).statusCode).toBe(403);
  });

  it('answers VALIDATION_FAILED for a signed body that is not a transfer', async () => {
    const transfer = speiTransfer(ctx, { beneficiary_clabe: 'not-a-clabe' });
    const response = await sendSpeiWebhook(ctx, transfer);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: { 'data.beneficiary_clabe': 'La CLABE tiene 18 dígitos.' },
    });
  });

  it('documents the payload and the signature header in OpenAPI', async () => {
    // The complete document: `/api/docs` lists only what an API key may call.
    const docs = JSON.parse(JSON.stringify(ctx.app.swagger()));
    const operation = docs.paths['/api/v1/webhooks/spei'].post;
    expect(operation.parameters).toContainEqual(
      expect.objectContaining({ in: 'header', name: 'x-despacho-signature' }),
    );
    const schema = operation.requestBody.content['application/json'].schema;
    expect(schema.properties.data.required).toEqual(
      expect.arrayContaining(['tracking_key', 'beneficiary_clabe', 'amount_centavos']),
    );
    const statement = docs.paths['/api/v1/staff/bank-statements'].post;
    expect(statement.description).toContain('clabe_beneficiario');
  });

  it('leaves JSON bodies of every other route parsed as before', async () => {
    const staff = await createTestUser(ctx, { isStaff: true });
    const transfer = speiTransfer(ctx, { beneficiary_clabe: clabe, amount_centavos: 900 });
    const id = (await sendSpeiWebhook(ctx, transfer)).json().data.bank_transfer_id;
    const returned = await callAs(ctx.app, staff, 'POST', `/staff/bank-transfers/${id}/return`, {
      reason: 'No cubre la comisión; devuelta al emisor.',
    });
    expect(returned.statusCode).toBe(200);
    expect(returned.json().data).toMatchObject({ status: 'returned', unmatched_reason: null });
  });
});
