import type { SpeiTransfer } from '@despacho/domain';
import type { FastifyInstance } from 'fastify';
import { randomUUID } from 'node:crypto';
import type { Clock } from '../src/platform/clock';
import {
  DEV_SPEI_WEBHOOK_SECRET,
  signSpeiWebhook,
} from '../src/modules/wallet/spei-webhook.signature';
import { multipart, sampleFiles } from './multipart';
import type { TestUser } from './users';

interface AppContext {
  app: FastifyInstance;
  clock: Clock;
}

let sequence = 0;

/** A unique SPEI tracking key, as banks write them. */
export const trackingKey = () =>
  `MBAN${Date.now().toString(36).toUpperCase()}${String(++sequence).padStart(4, '0')}`;

/** An incoming transfer as the bank reports it, received at the clock's time. */
export function speiTransfer(ctx: AppContext, overrides: Partial<SpeiTransfer> = {}): SpeiTransfer {
  const now = ctx.clock.now();
  return {
    tracking_key: trackingKey(),
    operation_date: now.toISOString().slice(0, 10),
    sender_bank: '012',
    sender_clabe: '012180001234567891',
    sender_name: 'Comercializadora Prueba SA de CV',
    beneficiary_clabe: '646180218000000000',
    amount_centavos: 150_000,
    concept: 'Recarga saldo',
    received_at: now.toISOString(),
    ...overrides,
  };
}

/**
 * Delivers a webhook the way the bank does: the JSON bytes, signed with the (development) secret
 * at the clock's time unless told otherwise.
 */
export function sendSpeiWebhook(
  ctx: AppContext,
  data: SpeiTransfer,
  options: { eventId?: string; secret?: string; signedAt?: Date; signature?: string | null } = {},
) {
  const body = JSON.stringify({
    event_id: options.eventId ?? `evt_${randomUUID()}`,
    type: 'spei.incoming',
    data,
  });
  const signedAt = Math.floor((options.signedAt ?? ctx.clock.now()).getTime() / 1000);
  const signature =
    options.signature === undefined
      ? signSpeiWebhook(options.secret ?? DEV_SPEI_WEBHOOK_SECRET, signedAt, body)
      : options.signature;
  return ctx.app.inject({
    method: 'POST',
    url: '/api/v1/webhooks/spei',
    headers: {
      'content-type': 'application/json',
      ...(signature === null ? {} : { 'x-despacho-signature': signature }),
    },
    payload: body,
  });
}

/** The merchant's receiving CLABE (assigned on first use). */
export async function clabeOf(ctx: AppContext, user: TestUser): Promise<string> {
  const response = await ctx.app.inject({
    method: 'GET',
    url: '/api/v1/deposits/spei-account',
    headers: user.headers(),
  });
  return response.json().data.clabe;
}

/** The merchant notifies a SPEI transfer with its voucher; answers the API's reply. */
export function notifySpeiResponse(
  ctx: AppContext,
  user: TestUser,
  fields: { amount: string; tracking_key: string; origin_bank?: string },
) {
  const body = multipart(
    { name: 'comprobante.pdf', content: sampleFiles.pdf(), field: 'voucher' },
    {
      origin_bank: '012',
      reference_type: 'numeric',
      reference_number: '123456789012345',
      ...fields,
    },
  );
  return ctx.app.inject({
    method: 'POST',
    url: '/api/v1/deposits/spei',
    headers: { ...user.headers(body.headers), 'idempotency-key': randomUUID() },
    payload: body.payload,
  });
}

/** The merchant notifies a SPEI transfer with its voucher; answers the pending deposit. */
export async function notifySpei(
  ctx: AppContext,
  user: TestUser,
  fields: { amount: string; tracking_key: string; origin_bank?: string },
): Promise<{ id: string; status: string; amount_centavos: number }> {
  const response = await notifySpeiResponse(ctx, user, fields);
  if (response.statusCode !== 201) throw new Error(`notify failed: ${response.body}`);
  return response.json().data;
}

export async function balanceOf(ctx: AppContext, user: TestUser): Promise<number> {
  const response = await ctx.app.inject({
    method: 'GET',
    url: '/api/v1/wallet/balance',
    headers: user.headers(),
  });
  return response.json().data.available_centavos;
}

/** A bank statement file: the header and one line per row, comma-separated. */
export function statementCsv(rows: SpeiTransfer[], extraLines: string[] = []): Buffer {
  const header =
    'fecha,clave_rastreo,banco_emisor,clabe_emisor,nombre_emisor,clabe_beneficiario,monto,concepto';
  const lines = rows.map((row) =>
    [
      row.operation_date,
      row.tracking_key,
      row.sender_bank,
      row.sender_clabe,
      `"${row.sender_name}"`,
      row.beneficiary_clabe,
      `"${(row.amount_centavos / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}"`,
      `"${row.concept}"`,
    ].join(','),
  );
  return Buffer.from([header, ...lines, ...extraLines].join('\r\n') + '\r\n');
}

export function uploadStatement(ctx: AppContext, staff: TestUser, content: Buffer) {
  const body = multipart({ name: 'estado-de-cuenta.csv', content, type: 'text/csv' });
  return ctx.app.inject({
    method: 'POST',
    url: '/api/v1/staff/bank-statements',
    headers: staff.headers(body.headers),
    payload: body.payload,
  });
}
