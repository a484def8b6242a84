import { CARRIER_WEBHOOK, carrierWebhookSchema, trackingContract } from '@despacho/domain';
import type { Config } from '../../config';
import { implement } from '../../platform/contract-routes';
import type { AppModule } from '../services';
import {
  parseSignedBody,
  verifyWebhookSignature,
  webhookSecret,
} from '../../platform/webhook-signature';

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
 * Tracking (decision 017): the public page's timeline and the carriers' signed status pushes, as
 * `trackingContract` declares them.
 */
export const trackingRoutes: AppModule = async (app, deps) => {
  const { tracking } = deps;
  const secret = carrierWebhookSecret(deps.config);

  implement(app, trackingContract, {
    get: async (request, reply) => {
      const data = await tracking.publicTracking(request.params.trackingNumber, request.language);
      // Shared caches may keep it briefly: a page refreshed by many readers costs one query.
      reply.header('cache-control', 'public, max-age=30');
      reply.header('vary', 'x-language');
      return { data };
    },
    // The body is checked by hand once the signature over its exact bytes is verified.
    carrierPush: async (request) => {
      verifyWebhookSignature(
        request.headers[CARRIER_WEBHOOK.signatureHeader],
        request.body,
        secret,
        deps.clock.now(),
        CARRIER_WEBHOOK.toleranceSeconds,
      );
      const push = parseSignedBody(request.body, carrierWebhookSchema, request.language);
      return { data: { status: await tracking.receivePush(request.params.carrier, push) } };
    },
  });
};
