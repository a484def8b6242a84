import { AUTH_RULES } from '@despacho/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import path from 'node:path';
import { AuditLog } from '../platform/audit';
import { AccessTokens, authGuards } from '../platform/auth';
import { FileStore } from '../platform/files';
import { ProcessInstance } from '../platform/instance';
import { Broadcast } from '../platform/broadcast';
import { Flows, RESUME_FLOW_JOB, type FlowsDeps } from '../platform/flows';
import { Jobs } from '../platform/jobs';
import { smtpMailSender } from '../platform/mail';
import type { BaseDeps } from '../platform/module';
import { Outbox } from '../platform/outbox';
import { AccountDetailsService } from './accounts/account-details.service';
import { AccountsService } from './accounts/accounts.service';
import { InvitationsService } from './accounts/invitations.service';
import { OrganizationUsersService } from './accounts/organization-users.service';
import { LocationsService } from './addresses/locations.service';
import { CallerCache, callerLoader } from './auth/caller';
import { LoginBackoff } from './auth/login-backoff';
import { PasswordsService } from './auth/passwords.service';
import { SessionsService } from './auth/sessions.service';
import { SignupService } from './auth/signup.service';
import { VerificationService as PhoneVerificationService } from './auth/verification.service';
import { WizardService } from './auth/wizard.service';
import { WizardTokens } from './auth/wizard-tokens';
import { BillingService } from './billing/billing.service';
import { carrierAdapters, type CarrierAdapters } from './carriers/carrier-adapters';
import { CarriersService } from './carriers/carriers.service';
import { PostalCodesService } from './catalogs/postal-codes.service';
import { SatProductsService } from './catalogs/sat-products.service';
import { SatUnitsService } from './catalogs/sat-units.service';
import { TariffFractionsService } from './catalogs/tariff-fractions.service';
import { CustomersService } from './customers/customers.service';
import { DispatchService } from './exits/dispatch.service';
import { ExitsService } from './exits/exits.service';
import { ExitViews } from './exits/exits.view';
import { InventoryService } from './inventory/inventory.service';
import { StockLedger } from './inventory/stock-ledger';
import { WarehousesService } from './inventory/warehouses.service';
import { EntriesService } from './entries/entries.service';
import { ENTRY_PHOTOS_CRON, ENTRY_PHOTOS_JOB, ReceivingService } from './entries/receiving.service';
import { figureProviders } from './dashboard/dashboard.figures';
import { firstStepChecks } from './dashboard/dashboard.first-steps';
import { DashboardService } from './dashboard/dashboard.service';
import { NotificationsService, type NoticeAudiences } from './notifications/notifications.service';
import { PackagesService } from './packages/packages.service';
import {
  PRODUCT_UPLOADS_CRON,
  PRODUCT_UPLOADS_JOB,
  ProductMedia,
} from './products/product-media.service';
import { ProductsService } from './products/products.service';
import { CollectionsService } from './products/collections.service';
import { ProductVariantsService } from './products/product-variants.service';
import { PRODUCT_IMPORT_JOB, ProductImportsService } from './products/product-imports.service';
import { CancellationService, CONFIRM_CANCELLATION_JOB } from './shipments/cancellation.service';
import { CANCEL_PICKUP_JOB, PickupsService } from './shipments/pickups.service';
import { QuotesService } from './shipments/quotes.service';
import { PurchaseChecksService } from './shipments/purchase-checks.service';
import { PurchaseService } from './shipments/purchase.service';
import { ShipmentsService } from './shipments/shipments.service';
import { SANDBOX_EVENT_JOB, TrackingService } from './shipments/tracking.service';
import { StaffJobsService } from './staff/staff-jobs.service';
import { StaffLabelsService } from './staff/staff-labels.service';
import { StaffService } from './staff/staff.service';
import { SupportService } from './support/support.service';
import { VendorsService } from './vendors/vendors.service';
import { VerificationService } from './verification/verification.service';
import { BankStatementsService } from './wallet/bank-statements.service';
import { BankTransfersService } from './wallet/bank-transfers.service';
import { CardDepositsService } from './wallet/card-deposits.service';
import { SandboxPaymentProvider } from './wallet/card-payments.sandbox';
import { DepositsService } from './wallet/deposits.service';
import { LedgerService } from './wallet/ledger.service';
import {
  paymentProviderName,
  unavailableProvider,
  type PaymentProvider,
} from './wallet/payment-provider';
import { SpeiAccountsService } from './wallet/spei-accounts.service';
import { TransactionsService } from './wallet/transactions.service';

/** What a caller may put in place of what the root would build (tests, scripts). */
export interface ServiceOverrides {
  /** The carriers' adapters; by default one sandbox per catalogue carrier. */
  carriers?: CarrierAdapters;
  /** The card payment provider; by default the one `PAYMENT_PROVIDER` names. */
  paymentProvider?: PaymentProvider;
  /**
   * Whether an organization has or can connect an online store (the online-shop notices'
   * audience); by default none, since stores are not a domain yet.
   */
  onlineStore?: NoticeAudiences['online_store'];
  /** Runs after each flow checkpoint commits (crash tests stop a flow there). */
  afterFlowCheckpoint?: FlowsDeps['afterCheckpoint'];
}

/** Stores are not built: no organization has or can connect one until that domain answers here. */
const noOnlineStore: NoticeAudiences['online_store'] = async () => false;

/**
 * The composition root (decision 020): every platform piece, adapter and service of one app,
 * each built once here from the configuration, the database and the clock, and handed to the
 * ones that use it. Routes and jobs take what they need from the result; no service builds
 * another, so the app's one ledger, one set of carrier adapters and one outbox are what every
 * module uses. The order is the order of need: a service comes after what it receives.
 */
export function buildServices(
  base: BaseDeps & { log: FastifyBaseLogger },
  overrides: ServiceOverrides = {},
) {
  const { config, db, clock, log } = base;

  // Platform
  const tokens = new AccessTokens(config.JWT_SECRET, AUTH_RULES.accessTokenTtlSeconds);
  const broadcast = new Broadcast({ db, log });
  const callers = new CallerCache(config.CALLER_CACHE_MS, broadcast);
  const guards = authGuards(tokens, clock, callerLoader(db, clock, callers));
  const jobs = new Jobs({ db, clock, log, sweepEveryMs: config.JOBS_SWEEP_MS });
  const outbox = new Outbox(db, {
    mail: config.SMTP_URL ? smtpMailSender(config.SMTP_URL, config.MAIL_FROM) : null,
    sms: null,
    log,
    logContents: config.NODE_ENV !== 'production',
    jobs,
    clock,
  });
  const files = new FileStore(db, path.join(config.DATA_DIR, 'files'), clock);
  const instance = new ProcessInstance({ db, log });
  const audit = new AuditLog({ db, clock });
  const flows = new Flows({
    db,
    clock,
    jobs,
    instance,
    afterCheckpoint: overrides.afterFlowCheckpoint,
  });
  const platform = {
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
    flows,
  };
  const core = { db, clock };

  // Adapters: one set per app, so the sandboxes' memory and the extended-zone cache are shared.
  const postalCodes = new PostalCodesService(core);
  const carrierAdapterSet = overrides.carriers ?? carrierAdapters({ config, clock, postalCodes });
  const sandboxPayments =
    paymentProviderName(config) === 'sandbox' ? new SandboxPaymentProvider(core) : null;
  const paymentProvider = overrides.paymentProvider ?? sandboxPayments ?? unavailableProvider;

  // Accounts and sign-in
  const accounts = new AccountsService(core);
  const wizardTokens = new WizardTokens(config.JWT_SECRET, clock);
  const loginBackoff = new LoginBackoff(core);
  const sessions = new SessionsService({ ...platform, accounts, wizardTokens, loginBackoff });
  const phoneVerification = new PhoneVerificationService({ ...platform, accounts, wizardTokens });
  const auth = {
    sessions,
    verification: phoneVerification,
    signup: new SignupService({ ...platform, accounts, verification: phoneVerification }),
    wizard: new WizardService({ ...platform, accounts, sessions, wizardTokens }),
    passwords: new PasswordsService({ ...platform, accounts, sessions, loginBackoff }),
  };
  const organizationUsers = new OrganizationUsersService({ ...platform, accounts, sessions });
  const invitations = new InvitationsService({ ...platform, accounts, sessions });
  const accountDetails = new AccountDetailsService(platform);

  // Catalogues and address book
  const satProducts = new SatProductsService(core);
  const satUnits = new SatUnitsService(core);
  const tariffFractions = new TariffFractionsService(core);
  const locations = new LocationsService(core);
  const customers = new CustomersService(core);
  const vendors = new VendorsService(core);
  const packages = new PackagesService({ ...core, satProducts, accountDetails });
  const carriers = new CarriersService(core);
  const productMedia = new ProductMedia({ ...core, files });
  const productVariants = new ProductVariantsService(core);
  // Stock: one ledger, the only path that changes stock (issue 15). Before products, whose list
  // shows it: inventory depends on product variants, never on the products service.
  const stock = new StockLedger(core);
  const inventory = new InventoryService({ ...core, stock, locations, accounts, productVariants });
  const products = new ProductsService({
    ...core,
    files,
    vendors,
    satProducts,
    satUnits,
    tariffFractions,
    media: productMedia,
    stock: inventory,
  });
  const collections = new CollectionsService(core);
  const productImports = new ProductImportsService({
    ...platform,
    accountDetails,
    vendors,
    products,
  });

  const warehouses = new WarehousesService({ ...core, audit, inventory });

  // Notifications, support and the staff console
  const notifications = new NotificationsService({
    ...core,
    audiences: { online_store: overrides.onlineStore ?? noOnlineStore },
  });
  const support = new SupportService({ ...core, notifications, audit });
  const verification = new VerificationService({ ...platform, notifications, audit });
  const staff = new StaffService({ support, accounts, verification, audit });
  const staffJobs = new StaffJobsService({ db, jobs, audit });
  const entries = new EntriesService({
    ...core,
    files,
    stock,
    inventory,
    warehouses,
    productVariants,
  });
  const receiving = new ReceivingService({
    ...core,
    files,
    audit,
    stock,
    warehouses,
    productVariants,
    accounts,
    notifications,
  });

  // Money
  const ledger = new LedgerService(core);
  const billing = new BillingService({ ...platform, accounts, accountDetails });
  const transactions = new TransactionsService(core);
  const speiAccounts = new SpeiAccountsService({ ...platform, accounts });
  // Wallet tells of each credited deposit; billing issues its CFDI (decision 016).
  const depositCredited = billing.depositCredited;
  const money = { ...platform, ledger, notifications, audit, accounts, depositCredited };
  const cardDeposits = new CardDepositsService({ ...money, provider: paymentProvider });
  const deposits = new DepositsService({ ...money, cards: cardDeposits });
  const bankTransfers = new BankTransfersService({ ...money, speiAccounts });
  const bankStatements = new BankStatementsService({ db, transfers: bankTransfers, audit });

  // Shipping
  const tracking = new TrackingService({ ...platform, accountDetails });
  const quotes = new QuotesService({ ...core, adapters: carrierAdapterSet, carriers, packages });
  const pickups = new PickupsService({ ...platform, adapters: carrierAdapterSet, locations });
  const cancellation = new CancellationService({
    ...platform,
    adapters: carrierAdapterSet,
    ledger,
    tracking,
    notifications,
    pickups,
    stock,
  });
  const shipments = new ShipmentsService(platform);
  const purchaseChecks = new PurchaseChecksService({
    files: platform.files,
    quotes,
    locations,
    customers,
    packages,
    satProducts,
    satUnits,
    productVariants,
  });
  const purchases = new PurchaseService({
    ...platform,
    carriers: carrierAdapterSet,
    ledger,
    checks: purchaseChecks,
    quotes,
    tracking,
    pickups,
    shipments,
    stock,
    inventory,
  });
  const exitViews = new ExitViews({ warehouses, accounts });
  const exits = new ExitsService({
    ...core,
    stock,
    flows,
    views: exitViews,
    inventory,
    warehouses,
    customers,
    locations,
    productVariants,
  });
  const dispatch = new DispatchService({
    ...core,
    audit,
    stock,
    flows,
    views: exitViews,
    warehouses,
    packages,
    quotes,
    purchase: purchases,
    notifications,
  });
  // A shipped exit follows its guide's cancellation (decision 028).
  cancellation.onGuideCancelled(dispatch.guideCancelled);
  const staffLabels = new StaffLabelsService({ dispatch, shipments });
  // The movement history names what moved stock; those domains depend on inventory, so the root
  // hands their labels over.
  inventory.labelCauses(['entry'], (org, ids) => entries.numbersOf(org, ids));
  inventory.labelCauses(['exit'], (org, ids) => exits.numbersOf(org, ids));
  inventory.labelCauses(['shipment', 'shipment_cancellation'], (org, ids) =>
    shipments.trackingNumbersOf(org, ids),
  );

  const dashboard = new DashboardService({
    ...core,
    figures: figureProviders({ shipments, notifications, ledger }),
    firstSteps: firstStepChecks({
      accountDetails,
      locations,
      ledger,
      shipments,
      organizationUsers,
    }),
  });

  // Background work: one registration per job kind and sweep.
  jobs.register(SANDBOX_EVENT_JOB, tracking.sandboxEventJob);
  jobs.register(RESUME_FLOW_JOB, flows.resumeJob, flows.resumeJobOptions);
  jobs.register(CONFIRM_CANCELLATION_JOB, cancellation.confirmJob);
  jobs.register(CANCEL_PICKUP_JOB, pickups.cancelWithCarrierJob);
  jobs.register(PRODUCT_UPLOADS_JOB, productMedia.removeStaleUploads, {
    cron: PRODUCT_UPLOADS_CRON,
  });
  jobs.register(ENTRY_PHOTOS_JOB, receiving.removeStalePhotos, { cron: ENTRY_PHOTOS_CRON });
  jobs.register(PRODUCT_IMPORT_JOB, productImports.importJob, productImports.importJobOptions);
  jobs.registerSweep('flows.resume_orphaned', flows.resumeOrphaned);
  // Card deposits whose charge's answer was lost (a crash, a closed tab) are settled from what
  // the provider recorded: at start and on every sweep.
  jobs.registerSweep('wallet.reconcile_card_deposits', cardDeposits.reconcileStuck);

  return {
    ...platform,
    audit,
    carrierAdapters: carrierAdapterSet,
    sandboxPayments,
    accounts,
    auth,
    organizationUsers,
    invitations,
    accountDetails,
    postalCodes,
    satProducts,
    satUnits,
    tariffFractions,
    locations,
    customers,
    vendors,
    packages,
    products,
    productMedia,
    productImports,
    carriers,
    collections,
    productVariants,
    stock,
    inventory,
    warehouses,
    entries,
    receiving,
    exits,
    dispatch,
    notifications,
    support,
    verification,
    staff,
    staffJobs,
    staffLabels,
    ledger,
    billing,
    transactions,
    speiAccounts,
    cardDeposits,
    deposits,
    bankTransfers,
    bankStatements,
    tracking,
    quotes,
    pickups,
    cancellation,
    shipments,
    purchaseChecks,
    purchases,
    dashboard,
  };
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
