import {
  cardDepositSchema,
  cardPaymentsConfigSchema,
  depositViewSchema,
  IDEMPOTENCY_KEY_HEADER,
} from '@despacho/domain';
import { z } from 'zod';
import { authOf, organizationOf } from '../../platform/auth';
import { idempotencyKeyOf } from '../../platform/idempotency-key';
import type { AppModule } from '../services';

const tags = ['deposits'];
const security = [{ bearer: [] }];

/**
 * Card deposits of `finance/deposits` (`finances.deposits`). The browser tokenises the card with
 * the provider first (`GET deposits/card/config` says which and where); this API only ever
 * receives the token.
 */
export const cardDepositsRoutes: AppModule = async (app, deps) => {
  const cards = deps.cardDeposits;
  const access = { config: { access: 'finances.deposits' as const } };

  app.get(
    '/deposits/card/config',
    {
      ...access,
      schema: {
        tags,
        security,
        description:
          'What the browser needs to take a card: the provider, its publishable key, whether it is the sandbox, and where the sandbox tokenises cards.',
        response: { 200: z.object({ data: cardPaymentsConfigSchema }) },
      },
    },
    async () => ({ data: cards.publicConfig() }),
  );

  app.post(
    '/deposits/card',
    {
      ...access,
      schema: {
        tags,
        security,
        description:
          'Charges a card token (never card data) and credits the balance: below $500.00 the $14.50 fee (VAT included) is taken in the same ledger transaction. Requires the Idempotency-Key header: the same key charges and credits once and answers the same deposit (200). A decline answers 402 CARD_DECLINED with the provider’s reason; the deposit stays as `failed`.',
        headers: z.object({ [IDEMPOTENCY_KEY_HEADER]: z.string().optional() }),
        body: cardDepositSchema,
        response: {
          200: z.object({ data: depositViewSchema }),
          201: z.object({ data: depositViewSchema }),
        },
      },
    },
    async (request, reply) => {
      const { deposit, replayed } = await cards.deposit({
        organizationId: organizationOf(request),
        userId: authOf(request).userId,
        idempotencyKey: idempotencyKeyOf(request),
        language: request.language,
        data: request.body,
      });
      return reply.status(replayed ? 200 : 201).send({ data: deposit });
    },
  );
};
