import { TWILIO_STATUS_WEBHOOK, twilioStatusContract, twilioStatusSchema } from '@despacho/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import twilio from 'twilio';
import type { Config } from '../config';
import { implement } from './contract-routes';
import { AppError, notFound } from './errors';
import type { Outbox } from './outbox';
import type { SmsDeliveryStatus } from './outbox.tables';
import { twilioStatusUrl } from './sms.twilio';
import { parseSignedFields } from './webhook-signature';

/** Twilio's message statuses as the outbox keeps them; the others (inbound ones) are ignored. */
const DELIVERY_STATUS_OF: Partial<Record<string, SmsDeliveryStatus>> = {
  accepted: 'queued',
  scheduled: 'queued',
  queued: 'queued',
  sending: 'queued',
  sent: 'sent',
  delivered: 'delivered',
  read: 'delivered',
  undelivered: 'undelivered',
  failed: 'failed',
  canceled: 'failed',
};

/**
 * `POST webhooks/twilio/status` (`twilioStatusContract`): Twilio's delivery reports of the
 * outbox's SMS. The signature covers the public URL (APP_URL) and the form's fields, checked by
 * the SDK's `validateRequest` before anything is read; 404 unless SMS_PROVIDER=twilio.
 */
export const smsStatusRoutes: FastifyPluginAsyncZod<{
  config: Pick<Config, 'SMS_PROVIDER' | 'TWILIO_AUTH_TOKEN' | 'APP_URL'>;
  outbox: Outbox;
}> = async (app, { config, outbox }) => {
  const authToken = config.SMS_PROVIDER === 'twilio' ? config.TWILIO_AUTH_TOKEN : undefined;
  const url = twilioStatusUrl(config.APP_URL);
  implement(app, twilioStatusContract, {
    receive: async (request, reply) => {
      if (!authToken) throw notFound();
      const signature = request.headers[TWILIO_STATUS_WEBHOOK.signatureHeader];
      // No body at all arrives as nothing, not as empty bytes.
      const raw = Buffer.isBuffer(request.body) ? request.body.toString('utf8') : '';
      const fields = Object.fromEntries(new URLSearchParams(raw));
      if (
        typeof signature !== 'string' ||
        !twilio.validateRequest(authToken, signature, url, fields)
      ) {
        throw new AppError('WEBHOOK_SIGNATURE_INVALID');
      }
      const report = parseSignedFields(fields, twilioStatusSchema, request.language);
      const status = DELIVERY_STATUS_OF[report.MessageStatus];
      if (status && !(await outbox.recordDelivery(report.MessageSid, status, report.ErrorCode))) {
        throw notFound();
      }
      return reply.code(204).send();
    },
  });
};
