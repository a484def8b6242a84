import { FACTURAPI_WEBHOOK, facturapiEventSchema, type Language } from '@despacho/domain';
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { Config } from '../../config';
import type { Clock } from '../../platform/clock';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { parseSignedBody } from '../../platform/webhook-signature';
import { cancellationStatusOf } from './facturapi-pac';
import type { InvoiceCancellation } from './invoice-cancellation';
import { firstDelivery, pruneDeliveries } from './webhook-deliveries';

/**
 * Outside production, without FACTURAPI_WEBHOOK_SECRET: known on purpose so tests and a local
 * double can sign. In production the secret is required once CFDI_PAC=facturapi (config.ts);
 * with the sandbox PAC and no secret, every delivery is refused.
 */
export const DEV_FACTURAPI_WEBHOOK_SECRET =
  'despacho-dev-facturapi-webhook-secret-not-for-production';

export function facturapiWebhookSecret(
  config: Pick<Config, 'NODE_ENV' | 'FACTURAPI_WEBHOOK_SECRET'>,
): string | null {
  if (config.FACTURAPI_WEBHOOK_SECRET) return config.FACTURAPI_WEBHOOK_SECRET;
  return config.NODE_ENV === 'production' ? null : DEV_FACTURAPI_WEBHOOK_SECRET;
}

/** Facturapi's signature: the hex HMAC-SHA256 of the raw body with the webhook's secret. */
export function signFacturapiWebhook(secret: string, rawBody: Buffer | string): string {
  return createHmac('sha256', secret).update(rawBody).digest('hex');
}

/** Checks the signature over the exact bytes, in the same time whatever they are. */
export function verifyFacturapiSignature(
  header: string | string[] | undefined,
  rawBody: Buffer,
  secret: string | null,
): void {
  if (!secret || typeof header !== 'string' || !/^[0-9a-f]{64}$/i.test(header)) {
    throw new AppError('WEBHOOK_SIGNATURE_INVALID');
  }
  const expected = Buffer.from(signFacturapiWebhook(secret, rawBody), 'hex');
  if (!timingSafeEqual(Buffer.from(header, 'hex'), expected)) {
    throw new AppError('WEBHOOK_SIGNATURE_INVALID');
  }
}

/** The events that carry an invoice whose cancellation may have moved. */
const INVOICE_EVENTS = new Set(['invoice.cancellation_status_updated', 'invoice.status_updated']);

/**
 * `POST webhooks/facturapi`. Facturapi's signature has no timestamp of its own, so freshness is
 * read from the signed event's `created_at` (older than the tolerance: stale), and a replay
 * within the tolerance is caught by the SHA-256 of the signed bytes, kept that long.
 */
export class FacturapiWebhook {
  constructor(
    private readonly deps: {
      db: Db;
      clock: Clock;
      secret: string | null;
      cancellation: InvoiceCancellation;
    },
  ) {}

  async receive(header: string | string[] | undefined, rawBody: Buffer, language: Language) {
    verifyFacturapiSignature(header, rawBody, this.deps.secret);
    const event = parseSignedBody(rawBody, facturapiEventSchema, language);
    const now = this.deps.clock.now();
    const created = Date.parse(event.created_at);
    const toleranceMs = FACTURAPI_WEBHOOK.toleranceSeconds * 1000;
    if (Number.isNaN(created) || Math.abs(now.getTime() - created) > toleranceMs) {
      throw new AppError('WEBHOOK_TIMESTAMP_STALE');
    }
    const digest = createHash('sha256').update(rawBody).digest('hex');
    if (!(await firstDelivery(this.deps.db, digest, now))) {
      return { status: 'duplicate' as const };
    }
    await pruneDeliveries(this.deps.db, new Date(now.getTime() - 2 * toleranceMs));
    if (!INVOICE_EVENTS.has(event.type)) return { status: 'ignored' as const };
    const invoice = event.data.object;
    const status = cancellationStatusOf({
      status: invoice.status ?? 'valid',
      cancellation_status: invoice.cancellation_status ?? null,
    });
    const row = await this.deps.cancellation.statusChanged(invoice.id, status);
    return row
      ? { status: 'applied' as const, cancellation_status: status }
      : { status: 'ignored' as const };
  }
}
