import { STRIPE_WEBHOOK_SIGNATURE_HEADER, stripeWebhookContract } from '@despacho/domain';
import { implement } from '../../platform/contract-routes';
import { AppError } from '../../platform/errors';
import type { AppModule } from '../services';

/**
 * `POST webhooks/stripe` (decision 034): Stripe's events about card deposits' payments, signed
 * over the exact bytes sent (the operation is `signed`, so the handler gets those bytes). Not
 * found unless Stripe is the card processor.
 */
export const stripeWebhookRoutes: AppModule = async (app, deps) => {
  const webhooks = deps.stripeWebhooks;
  implement(app, stripeWebhookContract, {
    receive: async (request) => {
      if (!webhooks) throw new AppError('NOT_FOUND');
      const status = await webhooks.receive(
        request.body,
        request.headers[STRIPE_WEBHOOK_SIGNATURE_HEADER],
      );
      return { data: { status } };
    },
  });
};
