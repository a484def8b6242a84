import { AppError } from '../../platform/errors';
import { publicOnlyFetch } from '../../platform/public-fetch';
import { assertPublicUrl, NonPublicUrlError, type AddressLookup } from '../../platform/public-url';
import type { PostMessage } from './webhooks.send';

/** Where endpoints may point: anywhere outside production (local receivers), else public HTTPS. */
export interface WebhookReach {
  production: boolean;
  lookup?: AddressLookup;
}

/**
 * How deliveries are sent: in production through connections that reach public addresses only
 * (resolved at connect time, so DNS rebinding after the URL check finds no way in).
 */
export function webhookPoster(reach: WebhookReach): PostMessage {
  return reach.production ? publicOnlyFetch(reach.lookup) : fetch;
}

/**
 * Refuses an endpoint URL the server must not call (WEBHOOK_URL_NOT_ALLOWED): in production
 * anything but HTTPS to an address every one of whose DNS answers is public (server-side
 * request forgery). Checked when saving and again before each attempt, since DNS can change.
 */
export async function assertWebhookUrl(url: string, reach: WebhookReach): Promise<void> {
  if (!reach.production) return;
  if (!url.startsWith('https://')) throw new AppError('WEBHOOK_URL_NOT_ALLOWED');
  try {
    await assertPublicUrl(url, { lookup: reach.lookup });
  } catch (error) {
    if (error instanceof NonPublicUrlError) throw new AppError('WEBHOOK_URL_NOT_ALLOWED');
    throw error;
  }
}
