import { moduleOf } from '../module-routes';
import { walletRoutes } from './wallet.routes';
import { depositsRoutes, staffDepositsRoutes } from './deposits.routes';
import { cardDepositsRoutes } from './card-deposits.routes';
import { bankTransfersRoutes } from './bank-transfers.routes';
import { bankStatementsRoutes } from './bank-statements.routes';
import { speiWebhookRoutes } from './spei-webhook.routes';
import { stripeWebhookRoutes } from './stripe-webhook.routes';

/** Every route of the wallet domain, as `modules/index.ts` registers it. */
export const walletModule = moduleOf(
  walletRoutes,
  depositsRoutes,
  staffDepositsRoutes,
  cardDepositsRoutes,
  bankTransfersRoutes,
  bankStatementsRoutes,
  speiWebhookRoutes,
  stripeWebhookRoutes,
);
