import { walletBalanceSchema } from '@despacho/domain';
import { z } from 'zod';
import { organizationOf } from '../../platform/auth';
import type { AppModule } from '../services';

/**
 * `GET wallet/balance`: the prepaid balance the header shows. Every member of the organization
 * sees it, shipping-only users included, since they pay guides from it.
 */
export const walletRoutes: AppModule = async (app, deps) => {
  const { ledger } = deps;
  app.get(
    '/wallet/balance',
    {
      config: { access: 'organization' },
      schema: {
        tags: ['wallet'],
        security: [{ bearer: [] }],
        description: 'Available balance and the amount on hold, in centavos (MXN).',
        response: { 200: z.object({ data: walletBalanceSchema }) },
      },
    },
    async (request) => ({ data: await ledger.balance(organizationOf(request)) }),
  );
};
