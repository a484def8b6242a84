import { defineContract, defineOperation } from '../contract';
import { z } from '../validation';

/** Twilio's delivery reports (issue 27): its signature header, HMAC-SHA1 with the auth token. */
export const TWILIO_STATUS_WEBHOOK = { signatureHeader: 'x-twilio-signature' } as const;

/**
 * One delivery report, the url-encoded form Twilio posts (its own field names). Other fields
 * (AccountSid, From, To…) come too and are ignored.
 */
export const twilioStatusSchema = z.looseObject({
  MessageSid: z.string().regex(/^(SM|MM)[0-9a-f]{32}$/),
  MessageStatus: z.string().min(1),
  ErrorCode: z.string().regex(/^\d+$/).optional(),
});
export type TwilioStatusReport = z.infer<typeof twilioStatusSchema>;

/**
 * `POST webhooks/twilio/status`: Twilio reports how an SMS of the outbox went. Implemented in
 * apps/api's platform/sms-status.routes.ts.
 */
export const twilioStatusContract = defineContract('twilio-status', {
  receive: defineOperation({
    method: 'POST',
    path: '/webhooks/twilio/status',
    access: 'public',
    tags: ['webhooks'],
    summary: "An SMS's delivery status reported by Twilio (signed)",
    description: [
      `Header \`X-Twilio-Signature\`: Twilio's signature (HMAC-SHA1 with TWILIO_AUTH_TOKEN over`,
      'the public URL under APP_URL and the sorted form fields). A wrong or missing signature',
      'answers 401 WEBHOOK_SIGNATURE_INVALID; the route answers 404 unless SMS_PROVIDER=twilio,',
      'and for a MessageSid the outbox did not send. Twilio signs no timestamp, so a replay is',
      'answered like the first delivery: a status only moves forward (queued → sent → delivered,',
      'undelivered or failed), so it changes nothing.',
    ].join(' '),
    signed: { header: TWILIO_STATUS_WEBHOOK.signatureHeader },
    body: twilioStatusSchema,
    responses: { 204: null },
  }),
});
