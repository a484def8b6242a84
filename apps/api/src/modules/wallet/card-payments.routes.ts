import { cardDetailsSchema, cardTokenSchema } from '@despacho/domain';
import { z } from 'zod';
import type { AppModule } from '../services';
import { SANDBOX_TOKENS_PATH } from './card-payments.sandbox';

/**
 * The sandbox provider's card element endpoint (decision 013), mounted beside the app and not
 * under /api/v1: it stands in for the provider's servers, which receive the card instead of
 * ours. Public like a provider's tokenization API; rate limited against card testing. Its log
 * level drops request logs below warnings, so not even a malformed body's parse error — whose
 * message quotes the body — is logged. Being no operation of our API, it is in no contract
 * (decision 023): the web reaches it at the `tokens_url` the card config answers.
 */
export const sandboxPaymentsRoutes: AppModule = async (app, deps) => {
  const sandbox = deps.sandboxPayments;
  if (!sandbox) return;
  app.post(
    SANDBOX_TOKENS_PATH,
    {
      logLevel: 'warn',
      config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: {
        // The provider's endpoint, not ours: left out of the /api/v1 documentation.
        hide: true,
        tags: ['sandbox'],
        description:
          'Sandbox payment provider: exchanges a test card for a single-use `tok_sandbox_…` token (15 minutes). Card data is validated (Luhn, future expiry, 3–4 digit CVC) and never stored.',
        body: cardDetailsSchema(() => deps.clock.now()),
        response: { 201: z.object({ data: cardTokenSchema }) },
      },
    },
    async (request, reply) =>
      reply.status(201).send({ data: await sandbox.tokenize(request.body) }),
  );
};
