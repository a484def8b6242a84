import type { AuditLog } from '../../platform/audit';
import { modeGuarded } from '../../platform/request-mode';
import type { AccountsService } from '../accounts';
import type { NotificationsService } from '../notifications';
import type { Platform } from '../services';
import { BankStatementsService } from './bank-statements.service';
import { BankTransfersService } from './bank-transfers.service';
import { CardDepositsService } from './card-deposits.service';
import { SandboxPaymentProvider } from './card-payments.sandbox';
import { StripePaymentProvider } from './card-payments.stripe';
import { DepositsService, type DepositCreditedListener } from './deposits.service';
import { LedgerService } from './ledger.service';
import { paymentProviderName, unavailableProvider, type PaymentProvider } from './payment-provider';
import { SpeiAccountsService } from './spei-accounts.service';
import { StripeWebhookService } from './stripe-webhook.service';
import { TransactionsService } from './transactions.service';

/**
 * Money: the ledger of the prepaid balance, its movements, and deposits by card, SPEI and bank
 * transfer. The card provider is the one `PAYMENT_PROVIDER` names unless the caller passes one.
 */
export function buildWallet(
  deps: Platform & {
    audit: AuditLog;
    accounts: AccountsService;
    notifications: NotificationsService;
    /** Billing issues each credited deposit's CFDI (decision 016); it depends on wallet. */
    billing: { depositCredited: DepositCreditedListener };
  },
  override: PaymentProvider | undefined,
) {
  const providerName = paymentProviderName(deps.config);
  const sandboxPayments = providerName === 'sandbox' ? new SandboxPaymentProvider(deps) : null;
  const stripePayments = providerName === 'stripe' ? new StripePaymentProvider(deps) : null;
  const ledger = new LedgerService(deps);
  const speiAccounts = new SpeiAccountsService(deps);
  // Wallet tells of each credited deposit; billing issues its CFDI.
  const money = { ...deps, ledger, depositCredited: deps.billing.depositCredited };
  const chosen = override ?? sandboxPayments ?? stripePayments ?? unavailableProvider;
  // A test-mode call (a `dsp_test_` key) never charges through a live provider.
  const provider = modeGuarded(chosen, chosen.publicConfig().sandbox, ['charge']);
  const cardDeposits = new CardDepositsService({ ...money, provider });
  const stripeWebhooks =
    stripePayments &&
    new StripeWebhookService({ ...deps, provider: stripePayments, cards: cardDeposits });
  const bankTransfers = new BankTransfersService({ ...money, speiAccounts });
  // Card deposits whose charge's answer was lost (a crash, a closed tab) are settled from what
  // the provider recorded: at start and on every sweep.
  deps.jobs.registerSweep('wallet.reconcile_card_deposits', cardDeposits.reconcileStuck);
  return {
    sandboxPayments,
    stripePayments,
    stripeWebhooks,
    ledger,
    transactions: new TransactionsService(deps),
    speiAccounts,
    cardDeposits,
    deposits: new DepositsService({ ...money, cards: cardDeposits }),
    bankTransfers,
    bankStatements: new BankStatementsService({ ...deps, transfers: bankTransfers }),
  };
}
