import { AUTH_RULES } from '@despacho/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import path from 'node:path';
import { AuditLog } from '../platform/audit';
import { AccessTokens, authGuards } from '../platform/auth';
import { Broadcast } from '../platform/broadcast';
import { CredentialsCipher, credentialsEncryptionKey } from '../platform/credentials-cipher';
import { FileStore } from '../platform/files';
import { fileStorageFor } from '../platform/file-storage';
import { Flows, RESUME_FLOW_JOB, type FlowsDeps } from '../platform/flows';
import { PRUNE_FLOWS_CRON, PRUNE_FLOWS_JOB, pruneFlowRuns } from '../platform/flows.prune';
import { ProcessInstance } from '../platform/instance';
import { DomainEvents } from '../platform/events';
import { Jobs } from '../platform/jobs';
import { smtpMailSender } from '../platform/mail';
import type { BaseDeps } from '../platform/module';
import { Outbox } from '../platform/outbox';
import { PRUNE_PROVIDER_FAILURES_JOB, ProviderCalls } from '../platform/provider-calls';
import { smsProviderOf, twilioStatusUrl } from '../platform/sms.twilio';
import { buildAccounts } from './auth/auth.services';
import { buildAddresses } from './addresses/addresses.services';
import { CallerCache, callerLoader } from './auth/caller';
import { buildBilling } from './billing/billing.services';
import type { CarrierAdapters } from './carriers/carrier-adapters';
import { buildCarriers } from './carriers/carriers.services';
import { buildCatalogs } from './catalogs/catalogs.services';
import { buildClassification } from './classification/classification.services';
import { Composer } from './compose';
import { buildCustomers } from './customers/customers.services';
import { buildDashboard } from './dashboard/dashboard.services';
import { buildApiKeys } from './developers/api-keys.services';
import { buildEntries } from './entries/entries.services';
import { buildEmbarques } from './embarques/embarques.services';
import { buildExits } from './exits/exits.services';
import { buildInternational } from './international/international.services';
import { buildInventory } from './inventory/inventory.services';
import type { NoticeAudiences } from './notifications/notifications.service';
import { buildNotifications } from './notifications/notifications.services';
import type { StoresForOrders } from './orders';
import { buildOrders } from './orders/orders.services';
import { buildPackages } from './packages/packages.services';
import { buildProducts } from './products/products.services';
import { buildShipments } from './shipments/shipments.services';
import { buildStaff } from './staff/staff.services';
import type { StoreAdapters } from './stores/store-adapters';
import { buildStores } from './stores/stores.services';
import { buildShopifySandbox } from './stores/shopify/shopify-sandbox.services';
import { buildMercadoLibreSandbox } from './stores/mercadolibre/mercadolibre-sandbox.services';
import { buildWooCommerceSandbox } from './stores/woocommerce/woocommerce-sandbox.services';
import { buildSupport } from './support/support.services';
import { buildTickets } from './support/tickets.services';
import { buildVendors } from './vendors/vendors.services';
import { buildWebhooks } from './developers/webhooks.services';
import { buildVerification } from './verification/verification.services';
import type { PaymentProvider } from './wallet/payment-provider';
import { buildWallet } from './wallet/wallet.services';

/** What a caller may put in place of what the root would build (tests, scripts). */
export interface ServiceOverrides {
  /** The carriers' adapters; by default one sandbox per catalogue carrier. */
  carriers?: CarrierAdapters;
  /** The card payment provider; by default the one `PAYMENT_PROVIDER` names. */
  paymentProvider?: PaymentProvider;
  /**
   * Whether an organization belongs to the online-shop notices' audience; by default the stores
   * domain answers (a store that must be re-authorized).
   */
  onlineStore?: NoticeAudiences['online_store'];
  /** The online stores' platform adapters; by default the platforms' own. */
  storeAdapters?: StoreAdapters;
  /** Runs after each flow checkpoint commits (crash tests stop a flow there). */
  afterFlowCheckpoint?: FlowsDeps['afterCheckpoint'];
  /** The stores orders sync from and push to; by default the stores module (tests pass a double). */
  stores?: StoresForOrders;
}

/**
 * The platform's pieces every domain may use, each built once from the configuration, the
 * database and the clock: tokens and guards, the job queue, the outbox, files, the process
 * instance, the audit log and flows (with the one resume job and sweep that drive every kind).
 */
function buildPlatform(
  base: BaseDeps & { log: FastifyBaseLogger },
  afterFlowCheckpoint: FlowsDeps['afterCheckpoint'],
) {
  const { config, db, clock, log } = base;
  const tokens = new AccessTokens(config.JWT_SECRET, AUTH_RULES.accessTokenTtlSeconds);
  const broadcast = new Broadcast({ db, log });
  const callers = new CallerCache(config.CALLER_CACHE_MS, broadcast);
  const guards = authGuards(tokens, clock, callerLoader(db, clock, callers));
  const jobs = new Jobs({
    db,
    clock,
    log,
    sweepEveryMs: config.JOBS_SWEEP_MS,
    lanes: config.JOBS_LANES,
  });
  const providerCalls = new ProviderCalls({ db, clock });
  jobs.register(PRUNE_PROVIDER_FAILURES_JOB, providerCalls.pruneJob, { cron: '40 3 * * *' });
  const sms = smsProviderOf(config, providerCalls);
  const outbox = new Outbox(db, {
    mail: config.SMTP_URL ? smtpMailSender(config.SMTP_URL, config.MAIL_FROM) : null,
    sms,
    smsStatusCallback: sms ? twilioStatusUrl(config.APP_URL) : undefined,
    log,
    logContents: config.NODE_ENV !== 'production',
    jobs,
    clock,
  });
  const filesRoot = path.join(config.DATA_DIR, 'files');
  const files = new FileStore(
    db,
    filesRoot,
    clock,
    fileStorageFor(config, filesRoot, providerCalls),
  );
  const events = new DomainEvents({ jobs, clock });
  const instance = new ProcessInstance({ db, log });
  const audit = new AuditLog({ db, clock });
  const flows = new Flows({ db, clock, jobs, instance, afterCheckpoint: afterFlowCheckpoint });
  jobs.register(RESUME_FLOW_JOB, flows.resumeJob, flows.resumeJobOptions);
  jobs.registerSweep('flows.resume_orphaned', flows.resumeOrphaned);
  jobs.register(PRUNE_FLOWS_JOB, pruneFlowRuns(clock), { cron: PRUNE_FLOWS_CRON });
  // Seals credentials at rest (stores, carrier accounts, webhook secrets); the key is read on
  // first use.
  const credentials = new CredentialsCipher(() => credentialsEncryptionKey(config));
  return {
    config,
    db,
    clock,
    log,
    tokens,
    broadcast,
    callers,
    guards,
    outbox,
    files,
    jobs,
    instance,
    audit,
    flows,
    events,
    providerCalls,
    credentials,
  };
}

/** What every domain's builder may take: the platform's pieces. */
export type Platform = ReturnType<typeof buildPlatform>;
/** The database and the clock, all most services need. */
export type Core = Pick<Platform, 'db' | 'clock'>;

/**
 * The composition root (decision 020): one line per domain. Each domain's builder
 * (`<domain>/<domain>.services.ts`) builds its services once from what was built before it and
 * registers its jobs; routes and jobs take what they need from the result. No service builds
 * another, so the app's one ledger, one set of carrier adapters and one outbox are what every
 * module uses. The order is the order of need: a domain comes after what it receives.
 */
export function buildServices(
  base: BaseDeps & { log: FastifyBaseLogger },
  overrides: ServiceOverrides = {},
) {
  return new Composer(buildPlatform(base, overrides.afterFlowCheckpoint))
    .add(buildCatalogs)
    .add((built) => buildCarriers(built, overrides.carriers))
    .add(buildAccounts)
    .add(buildAddresses)
    .add(buildCustomers)
    .add(buildVendors)
    .add(buildPackages)
    .add(buildProducts)
    .add(buildInventory)
    .add((built) => buildNotifications(built, overrides.onlineStore))
    .add(buildWebhooks)
    .add((built) => buildStores(built, overrides.storeAdapters))
    .add(buildSupport)
    .add(buildVerification)
    .add(buildEntries)
    .add(buildBilling)
    .add((built) => buildWallet(built, overrides.paymentProvider))
    .add(buildShopifySandbox)
    .add(buildMercadoLibreSandbox)
    .add(buildWooCommerceSandbox)
    .add(buildShipments)
    .add(buildExits)
    .add(buildClassification)
    .add(buildEmbarques)
    .add(buildInternational)
    .add((built) => buildOrders(built, overrides.stores ?? built.stores))
    .add(buildTickets)
    .add(buildStaff)
    .add(buildDashboard)
    .add(buildApiKeys).built;
}

export type Services = ReturnType<typeof buildServices>;

/** The services behind the auth routes. */
export type AuthServices = Services['auth'];

/** A business module: registers its routes under `/api/v1`, with the app's services. */
export type AppModule = FastifyPluginAsyncZod<Services>;

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's composition root (`buildServices`). */
    services: Services;
  }
}
