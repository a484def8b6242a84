import {
  CARRIER_WEBHOOK,
  carrierWebhookAnswerSchema,
  carrierWebhookParamsSchema,
  carrierWebhookSchema,
  localizeIssues,
  publicTrackingSchema,
  trackingParamsSchema,
} from '@despacho/domain';
import { z } from 'zod';
import type { Config } from '../../config';
import { AppError } from '../../platform/errors';
import type { AppModule } from '../services';
import { verifyWebhookSignature, webhookSecret } from '../../platform/webhook-signature';

/**
 * The secret outside production when CARRIER_WEBHOOK_SECRET is not set: known on purpose, so
 * sandbox senders and tests can sign pushes. Production refuses to start without one.
 */
export const DEV_CARRIER_WEBHOOK_SECRET = 'despacho-dev-carrier-webhook-secret-not-for-production';

export function carrierWebhookSecret(config: Pick<Config, 'NODE_ENV' | 'CARRIER_WEBHOOK_SECRET'>) {
  return webhookSecret(config, {
    name: 'CARRIER_WEBHOOK_SECRET',
    value: config.CARRIER_WEBHOOK_SECRET,
    developmentDefault: DEV_CARRIER_WEBHOOK_SECRET,
  });
}

/**
 * Tracking (decision 017): the public page's timeline and the carriers' signed status pushes.
 * Also runs the sandbox carriers' timeline jobs.
 */
export const trackingRoutes: AppModule = async (app, deps) => {
  const { tracking } = deps;
  const secret = carrierWebhookSecret(deps.config);

  app.get(
    '/tracking/:trackingNumber',
    {
      // Anyone with the number (printed on the label, in the QR): generous, but capped against
      // walking through tracking numbers.
      config: { access: 'public', rateLimit: { max: 120, timeWindow: '1 minute' } },
      schema: {
        tags: ['tracking'],
        summary: 'Public tracking of a guide',
        description:
          'Carrier, service, status, origin and destination cities, estimated delivery and the ' +
          'events in the order they happened, described in the `x-language` language. Never ' +
          'names, streets, phones, emails or amounts. An unknown number answers 404.',
        params: trackingParamsSchema,
        response: { 200: z.object({ data: publicTrackingSchema }) },
      },
    },
    async (request, reply) => {
      const data = await tracking.publicTracking(request.params.trackingNumber, request.language);
      // Shared caches may keep it briefly: a page refreshed by many readers costs one query.
      reply.header('cache-control', 'public, max-age=30');
      reply.header('vary', 'x-language');
      return { data };
    },
  );

  // The signature covers the exact bytes sent: this plugin — and only it, Fastify keeps parsers
  // per plugin — reads JSON bodies as raw bytes and parses them once the signature checks out.
  await app.register(async (webhooks) => {
    webhooks.removeContentTypeParser('application/json');
    webhooks.addContentTypeParser(
      'application/json',
      { parseAs: 'buffer' },
      (_request, body, done) => done(null, body),
    );

    webhooks.post(
      '/webhooks/carriers/:carrier',
      {
        config: { access: 'public' },
        // The body is checked by hand once the signature over its bytes is verified; the
        // schema below documents it.
        validatorCompiler: () => () => true,
        schema: {
          tags: ['webhooks'],
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
          headers: z.object({ [CARRIER_WEBHOOK.signatureHeader]: z.string() }),
          body: carrierWebhookSchema,
          response: { 200: z.object({ data: carrierWebhookAnswerSchema }) },
        },
      },
      async (request) => {
        const raw: unknown = request.body;
        const body = Buffer.isBuffer(raw) ? raw : Buffer.alloc(0);
        verifyWebhookSignature(
          request.headers[CARRIER_WEBHOOK.signatureHeader],
          body,
          secret,
          deps.clock.now(),
          CARRIER_WEBHOOK.toleranceSeconds,
        );
        let json: unknown;
        try {
          json = JSON.parse(body.toString('utf8'));
        } catch {
          throw new AppError('VALIDATION_FAILED');
        }
        const push = carrierWebhookSchema.safeParse(json);
        if (!push.success) {
          throw new AppError(
            'VALIDATION_FAILED',
            {},
            localizeIssues(push.error.issues, request.language),
          );
        }
        const { carrier } = request.params as z.infer<typeof carrierWebhookParamsSchema>;
        return { data: { status: await tracking.receivePush(carrier, push.data) } };
      },
    );
  });
};
