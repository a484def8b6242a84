import { SPEI_WEBHOOK } from '@despacho/domain';
import type { Config } from '../../config';
import {
  signWebhook,
  verifyWebhookSignature,
  webhookSecret,
} from '../../platform/webhook-signature';

/**
 * The secret outside production when SPEI_WEBHOOK_SECRET is not set: known on purpose, so a
 * sandbox sender (and the tests) can sign deliveries. Production refuses to start without one.
 */
export const DEV_SPEI_WEBHOOK_SECRET = 'despacho-dev-spei-webhook-secret-not-for-production';

export function speiWebhookSecret(config: Pick<Config, 'NODE_ENV' | 'SPEI_WEBHOOK_SECRET'>) {
  return webhookSecret(config, {
    name: 'SPEI_WEBHOOK_SECRET',
    value: config.SPEI_WEBHOOK_SECRET,
    developmentDefault: DEV_SPEI_WEBHOOK_SECRET,
  });
}

/** The signature header of a delivery: the shared scheme of `platform/webhook-signature`. */
export const signSpeiWebhook = signWebhook;

/** Checks a delivery's signature and that it was signed within 5 minutes of `now`. */
export function verifySpeiSignature(
  header: string | string[] | undefined,
  rawBody: Buffer,
  secret: string,
  now: Date,
): void {
  verifyWebhookSignature(header, rawBody, secret, now, SPEI_WEBHOOK.toleranceSeconds);
}
