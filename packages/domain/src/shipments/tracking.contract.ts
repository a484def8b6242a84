import { defineContract, defineOperation } from '../contract';
import { z } from '../validation';
import {
  CARRIER_WEBHOOK,
  carrierWebhookAnswerSchema,
  carrierWebhookParamsSchema,
  carrierWebhookSchema,
  trackingParamsSchema,
} from './tracking';
import { publicTrackingSchema } from './schemas';

/**
 * Tracking (decision 017): the public page's timeline and the carriers' signed status pushes.
 * The API implements it in modules/shipments/tracking.routes.ts, the web reads the timeline from
 * features/shipments/tracking-api.ts.
 */
export const trackingContract = defineContract('tracking', {
  get: defineOperation({
    method: 'GET',
    path: '/tracking/:trackingNumber',
    access: 'public',
    // Anyone with the number (printed on the label, in the QR): generous, but capped against
    // walking through tracking numbers.
    rateLimit: { max: 120, timeWindow: '1 minute' },
    summary: 'Public tracking of a guide',
    description:
      'Carrier, service, status, origin and destination cities, estimated delivery and the ' +
      'events in the order they happened, described in the `x-language` language. Never ' +
      'names, streets, phones, emails or amounts. An unknown number answers 404.',
    params: trackingParamsSchema,
    responses: { 200: z.object({ data: publicTrackingSchema }) },
  }),
  carrierPush: defineOperation({
    method: 'POST',
    path: '/webhooks/carriers/:carrier',
    access: 'public',
    tags: ['webhooks'],
    signed: { header: CARRIER_WEBHOOK.signatureHeader },
    summary: 'Status push of a carrier (signed)',
    description: [
      `Header \`${CARRIER_WEBHOOK.signatureHeader}: t=<unix seconds>,v1=<hex>\` where v1 is`,
      'HMAC-SHA256 with CARRIER_WEBHOOK_SECRET over `${t}.${raw body}` (the SPEI webhook',
      'scheme). A wrong signature answers 401 WEBHOOK_SIGNATURE_INVALID, one signed more',
      `than ${CARRIER_WEBHOOK.toleranceSeconds / 60} minutes away from our clock 401`,
      'WEBHOOK_TIMESTAMP_STALE. A tracking number the carrier did not issue through us',
      'answers 404. A replayed `event_id` answers 200 `duplicate`; an event older than the',
      'latest applied joins the timeline (`recorded`) without moving the status; otherwise',
      '`applied`.',
    ].join(' '),
    params: carrierWebhookParamsSchema,
    body: carrierWebhookSchema,
    responses: { 200: z.object({ data: carrierWebhookAnswerSchema }) },
  }),
});
