import { cardDepositsContract } from '@despacho/domain';
import { authOf, organizationOf } from '../../platform/auth';
import { implement } from '../../platform/contract-routes';
import { idempotencyKeyOf } from '../../platform/idempotency-key';
import type { AppModule } from '../services';

/** Card deposits of `finance/deposits`, as `cardDepositsContract` declares them. */
export const cardDepositsRoutes: AppModule = async (app, deps) => {
  const cards = deps.cardDeposits;
  implement(app, cardDepositsContract, {
    config: async () => ({ data: cards.publicConfig() }),
    deposit: async (request, reply) => {
      const { deposit, replayed } = await cards.deposit({
        organizationId: organizationOf(request),
        userId: authOf(request).userId,
        idempotencyKey: idempotencyKeyOf(request),
        language: request.language,
        data: request.body,
      });
      return reply.status(replayed ? 200 : 201).send({ data: deposit });
    },
  });
};
