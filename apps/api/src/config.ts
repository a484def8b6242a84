import { isIP } from 'node:net';
import { z } from 'zod';

/** proxy-addr's names for private ranges, accepted beside addresses and CIDRs. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  const bits = Number(prefix);
  return /^\d+$/.test(prefix) && bits <= (version === 4 ? 32 : 128);
}

/**
 * Which proxies may set `X-Forwarded-For`, as Fastify's `trustProxy` takes it: unset or empty
 * trusts none (the socket's address is the client), a number trusts that many hops, a list
 * trusts those addresses/CIDRs. Trusting every client would let anyone pick their own address.
 */
const trustProxySchema = z
  .string()
  .trim()
  .optional()
  .transform((value, context): false | number | string[] => {
    if (!value) return false;
    if (/^\d+$/.test(value)) return Number(value) > 0 ? Number(value) : false;
    const entries = value.split(',').map((entry) => entry.trim());
    const wrong = entries.filter((entry) => !isProxyAddress(entry));
    if (wrong.length > 0) {
      context.addIssue({
        code: 'custom',
        message: `TRUST_PROXY: not a hop count nor addresses/CIDRs: ${wrong.join(', ')}`,
      });
      return z.NEVER;
    }
    return entries;
  });

/** The environment, parsed once at start. Secrets come only from here. */
const variablesSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** External PostgreSQL; without it the embedded server under DATA_DIR is used. */
  DATABASE_URL: z.string().optional(),
  DATA_DIR: z.string().default('.data'),
  EMBEDDED_PG_PORT: z.coerce.number().int().default(5433),
  /** HMAC secret for access tokens; generated and kept under DATA_DIR when absent outside production. */
  JWT_SECRET: z.string().min(32).optional(),
  /** Public address of the web app, used in mailed links. Defaults to http://localhost:PORT. */
  APP_URL: z.string().optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Despacho <no-reply@despacho.mx>'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Proxies whose `X-Forwarded-For` names the client (rate limits key on it); default none. */
  TRUST_PROXY: trustProxySchema,
  /** Attempts per minute and client on login, code checks, resend and password recovery. */
  AUTH_RATE_LIMIT: z.coerce.number().int().min(1).default(10),
  /** Calls per minute one API key may make, whatever the route (`RateLimit-*` headers). */
  API_KEY_RATE_LIMIT: z.coerce.number().int().min(1).default(600),
  /** How long (ms) a caller's check is reused between writes; 0 reads it on every call. */
  CALLER_CACHE_MS: z.coerce.number().int().min(0).max(10_000).default(1000),
  /**
   * The first 10 digits of every organization's receiving CLABE: bank (646 STP), plaza (180) and
   * the account range the bank assigned to Despacho; 7 digits of sequence and the check digit
   * follow. The default is a sandbox range.
   */
  SPEI_CLABE_PREFIX: z
    .string()
    .regex(/^\d{10}$/)
    .default('6461802180'),
  /**
   * HMAC-SHA256 secret the bank signs incoming-transfer webhooks with (`POST webhooks/spei`).
   * Required in production; elsewhere a fixed development secret applies (decision 014).
   */
  SPEI_WEBHOOK_SECRET: z.string().min(32).optional(),
  /**
   * Card deposits' payment provider (decisions 013, 034): the built-in `sandbox`, `stripe`, or
   * `none`; unset, it is the sandbox outside production and `none` (no card deposits) in
   * production.
   */
  PAYMENT_PROVIDER: z.enum(['sandbox', 'stripe', 'none']).optional(),
  /**
   * Stripe (PAYMENT_PROVIDER=stripe, docs/providers/stripe.md): the secret key (`sk_test_…` in
   * test mode, `sk_live_…` live, or a restricted `rk_…` key) and the publishable key (`pk_…`,
   * the only one the browser gets) from the Dashboard's API keys; the webhook endpoint's signing
   * secret (`whsec_…`) from its Webhooks page. No defaults.
   */
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_(test|live)_\w+$/, 'STRIPE_SECRET_KEY: a secret key sk_test_… or sk_live_…')
    .optional(),
  STRIPE_PUBLISHABLE_KEY: z
    .string()
    .regex(
      /^pk_(test|live)_\w+$/,
      'STRIPE_PUBLISHABLE_KEY: a publishable key pk_test_… or pk_live_…',
    )
    .optional(),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_[A-Za-z0-9+/=]+$/, 'STRIPE_WEBHOOK_SECRET: a signing secret whsec_…')
    .optional(),
  /** Replaces Stripe's API address (`https://api.stripe.com`): an HTTP double in tests. */
  STRIPE_API_BASE_URL: z.url().optional(),
  /**
   * CFDI issuer of the prepaid balance's invoices (decision 016). The defaults are SAT's test
   * taxpayer (CSD de pruebas), fit only for the sandbox PAC.
   */
  CFDI_ISSUER_RFC: z.string().default('EKU9003173C9'),
  CFDI_ISSUER_NAME: z.string().default('ESCUELA KEMPER URGATE'),
  CFDI_ISSUER_REGIME: z.string().default('601'),
  CFDI_ISSUER_ZIP: z
    .string()
    .regex(/^\d{5}$/)
    .default('42501'),
  /**
   * The PAC that stamps and cancels invoices (decision 035): the built-in `sandbox` (no fiscal
   * validity, the default) or `facturapi` (needs FACTURAPI_API_KEY and FACTURAPI_WEBHOOK_SECRET;
   * docs/providers/facturapi.md).
   */
  CFDI_PAC: z.enum(['sandbox', 'facturapi']).default('sandbox'),
  /**
   * Facturapi's secret key of the issuing organization (its dashboard, API keys): `sk_test_…`
   * stamps in Facturapi's test mode (no fiscal validity), `sk_live_…` for real. No default.
   */
  FACTURAPI_API_KEY: z
    .string()
    .regex(/^sk_(test|live)_\S{8,}$/, 'FACTURAPI_API_KEY: a secret key, sk_test_… or sk_live_…')
    .optional(),
  /**
   * The secret Facturapi shows when its webhook (to `POST /api/v1/webhooks/facturapi`) is
   * created; it signs each delivery. No default (outside production a development one).
   */
  FACTURAPI_WEBHOOK_SECRET: z
    .string()
    .min(16, 'FACTURAPI_WEBHOOK_SECRET: at least 16 characters')
    .optional(),
  /** Facturapi's API address; only a test double changes it. Default https://www.facturapi.io/v2 */
  FACTURAPI_BASE_URL: z.url().optional(),
  /**
   * Sandbox carriers (decision 017): the share (0–1) of quotes and label requests that fail as
   * an unavailable carrier would, and how long a cancellation takes to be confirmed.
   */
  CARRIER_SANDBOX_FAILURE_RATE: z.coerce.number().min(0).max(1).default(0),
  CARRIER_SANDBOX_CANCEL_DELAY_SECONDS: z.coerce.number().int().min(0).default(120),
  /** How long a sandbox label request takes: the crash tests kill the app while it waits. */
  CARRIER_SANDBOX_LABEL_DELAY_MS: z.coerce.number().int().min(0).default(0),
  /** Divides the sandbox tracking timeline's delays (1 = real time; 3600 = an hour per second). */
  CARRIER_SANDBOX_TIME_SCALE: z.coerce.number().min(1).default(1),
  /**
   * HMAC-SHA256 secret carriers sign status pushes with (`POST webhooks/carriers/:carrier`).
   * Required in production; elsewhere a fixed development secret applies (decision 017).
   */
  CARRIER_WEBHOOK_SECRET: z.string().min(32).optional(),
  /**
   * DHL Express through its MyDHL API (issue 27): `sandbox` (default) keeps the built-in sandbox;
   * `test` calls DHL's test environment and `production` its live one, with the platform's
   * negotiated account below (organizations may connect their own in `settings/carriers`). Key
   * and secret are the MyDHL API credentials DHL issues; the account number is billed.
   * `DHL_EXPRESS_BASE_URL` replaces the environment's address (an HTTP double in tests).
   */
  DHL_EXPRESS_MODE: z.enum(['sandbox', 'test', 'production']).default('sandbox'),
  DHL_EXPRESS_API_KEY: z.string().min(1).optional(),
  DHL_EXPRESS_API_SECRET: z.string().min(1).optional(),
  DHL_EXPRESS_ACCOUNT_NUMBER: z
    .string()
    .regex(/^\d{9,10}$/)
    .optional(),
  DHL_EXPRESS_BASE_URL: z.url().optional(),
  /**
   * FedEx through its REST APIs (issue 27), as DHL Express above: `sandbox` (default), `test`
   * (FedEx's sandbox environment) or `production`; the client id and secret of the FedEx
   * developer project (OAuth client credentials) and the platform's shipping account.
   */
  FEDEX_MODE: z.enum(['sandbox', 'test', 'production']).default('sandbox'),
  FEDEX_CLIENT_ID: z.string().min(1).optional(),
  FEDEX_CLIENT_SECRET: z.string().min(1).optional(),
  FEDEX_ACCOUNT_NUMBER: z
    .string()
    .regex(/^\d{9}$/)
    .optional(),
  FEDEX_BASE_URL: z.url().optional(),
  /**
   * Where uploaded files' bytes live (issue 27): `local` (default) on this machine's disk under
   * DATA_DIR/files; `s3` in an S3-compatible bucket (AWS S3, Cloudflare R2, MinIO), so every API
   * process serves the same files. The bucket, its region (`auto` on R2) and an access key pair
   * allowed to get, put and delete its objects come from the storage's console; `S3_ENDPOINT`
   * (unset for AWS) is the address of another S3-compatible service, and `S3_FORCE_PATH_STYLE=1`
   * names the bucket in the path instead of the host name (MinIO and most self-hosted stores).
   */
  FILES_STORAGE: z.enum(['local', 's3']).default('local'),
  S3_BUCKET: z.string().min(3).optional(),
  S3_REGION: z.string().min(1).optional(),
  S3_ENDPOINT: z.url({ protocol: /^https?$/ }).optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: z
    .enum(['0', '1'])
    .default('0')
    .transform((value) => value === '1'),
  /**
   * SMS of the sign-up and login codes (issue 27): `none` (default) keeps them in the outbox
   * (the dev mailbox shows them outside production); `twilio` sends them through Twilio with the
   * account SID and auth token of Twilio's console (Account Info), from a Messaging Service
   * (`MG…`, preferred) or else a number or sender id (`TWILIO_FROM`, E.164 such as
   * `+525512345678`). Delivery reports come to `APP_URL`/api/v1/webhooks/twilio/status, signed
   * with the auth token. `TWILIO_API_BASE_URL` replaces api.twilio.com (an HTTP double in tests).
   */
  SMS_PROVIDER: z.enum(['none', 'twilio']).default('none'),
  TWILIO_ACCOUNT_SID: z
    .string()
    .regex(/^AC[0-9a-f]{32}$/, 'TWILIO_ACCOUNT_SID: AC followed by 32 hex digits')
    .optional(),
  TWILIO_AUTH_TOKEN: z
    .string()
    .regex(/^[0-9a-f]{32}$/, 'TWILIO_AUTH_TOKEN: 32 hex digits')
    .optional(),
  TWILIO_MESSAGING_SERVICE_SID: z
    .string()
    .regex(/^MG[0-9a-f]{32}$/, 'TWILIO_MESSAGING_SERVICE_SID: MG followed by 32 hex digits')
    .optional(),
  TWILIO_FROM: z
    .string()
    .regex(
      /^(\+[1-9]\d{6,14}|[A-Za-z0-9 ]{1,11})$/,
      'TWILIO_FROM: a number in E.164 (+525512345678) or a sender id of up to 11 characters',
    )
    .optional(),
  TWILIO_API_BASE_URL: z.url().optional(),
  /**
   * The Shopify app (issue 22): its client id and secret from Shopify's developer dashboard. The
   * secret signs the OAuth callback and every webhook. Unset outside production, the built-in
   * sandbox store (`/sandbox/shopify`) plays Shopify with a fixed development app; unset in
   * production, Shopify stores cannot be connected.
   */
  SHOPIFY_API_KEY: z.string().min(1).optional(),
  SHOPIFY_API_SECRET: z.string().min(16).optional(),
  /**
   * The GraphQL Admin API version the app calls and asks stores to grant; a store granted an
   * older one needs re-approval. Default: the newest stable version the official client
   * (`@shopify/admin-api-client`) supports.
   */
  SHOPIFY_API_VERSION: z
    .string()
    .regex(/^\d{4}-(01|04|07|10)$/)
    .default('2026-10'),
  /**
   * The Mercado Libre app (issue 22): its app id and secret key from Mercado Libre's application
   * manager (site MLM). Unset outside production, the built-in sandbox (`/sandbox/mercadolibre`)
   * plays Mercado Libre with a fixed development app; unset in production, Mercado Libre sellers
   * cannot be connected.
   */
  MERCADOLIBRE_APP_ID: z.string().regex(/^\d+$/).optional(),
  MERCADOLIBRE_CLIENT_SECRET: z.string().min(16).optional(),
  /**
   * HTTP timeouts (ms), so a client that stalls cannot hold a request (and an upload's file)
   * open: the whole request, headers and body, must arrive within HTTP_REQUEST_TIMEOUT_MS; a
   * request still arriving may go silent for at most HTTP_BODY_TIMEOUT_MS (both answer 408);
   * an idle connection between requests closes after HTTP_KEEP_ALIVE_TIMEOUT_MS.
   */
  HTTP_REQUEST_TIMEOUT_MS: z.coerce.number().int().min(1).default(120_000),
  HTTP_BODY_TIMEOUT_MS: z.coerce.number().int().min(1).default(30_000),
  HTTP_KEEP_ALIVE_TIMEOUT_MS: z.coerce.number().int().min(1).default(72_000),
  /** How often (ms) the server's jobs runner looks for due jobs. */
  JOBS_POLL_MS: z.coerce.number().int().min(50).default(1000),
  /**
   * How many jobs the server's runner works at once (4 when unset; decision 031). Each holds one
   * of the pool's 20 connections while it runs.
   */
  JOBS_LANES: z.coerce.number().int().min(1).max(10).optional(),
  /**
   * Outside production, the dev mailbox (`/dev/mailbox`) answers only requests from this machine
   * that no proxy forwarded, or those sending this value in `X-Dev-Mailbox-Token`.
   */
  DEV_MAILBOX_TOKEN: z.string().min(16).optional(),
  /**
   * How often (ms) the runner sweeps for work a previous process left (card deposits to
   * reconcile, purchases whose process is gone); it always sweeps once at start.
   */
  JOBS_SWEEP_MS: z.coerce.number().int().min(50).default(30_000),
  /**
   * Seconds a card deposit may stay pending (its answer lost, its process gone) before the
   * reconciliation asks the payment provider how its charge ended (decision 013).
   */
  CARD_RECONCILE_AFTER_SECONDS: z.coerce.number().int().min(1).default(120),
  /**
   * `GET /metrics` (Prometheus) answers only `Authorization: Bearer <this>`; unset, the path
   * answers 404.
   */
  METRICS_TOKEN: z.string().min(16).optional(),
  /**
   * AES-256-GCM key (32 bytes, base64) that encrypts online stores' credentials at rest (issue
   * 22). Required in production; elsewhere generated once and kept under DATA_DIR.
   */
  STORES_ENCRYPTION_KEY: z
    .string()
    .regex(/^[A-Za-z0-9+/]{43}=$/, 'STORES_ENCRYPTION_KEY: 32 bytes in base64')
    .optional(),
  /** `0` starts the API without the jobs worker (run it apart with `npm run worker`). */
  WORKER: z
    .enum(['0', '1'])
    .default('1')
    .transform((value) => value === '1'),
  /** Set to a directory to serve the built SPA from; empty disables it. */
  WEB_DIST: z.string().optional(),
});

type Variables = z.infer<typeof variablesSchema>;

/**
 * What an outside provider needs once it is switched on (issue 27): when `switchedOn` names the
 * setting that chose it, each variable of `needs` must be set, or the app refuses to start with
 * that variable's name. One entry per provider, beside its variables above.
 */
interface ProviderRequirement {
  switchedOn: (config: Variables) => string | false;
  /** Each entry must be set; a list of variables, any one of them. */
  needs: (keyof Variables | (keyof Variables)[])[];
}
const PROVIDER_REQUIREMENTS: ProviderRequirement[] = [
  {
    switchedOn: (config) =>
      config.DHL_EXPRESS_MODE !== 'sandbox' && `DHL_EXPRESS_MODE=${config.DHL_EXPRESS_MODE}`,
    needs: ['DHL_EXPRESS_API_KEY', 'DHL_EXPRESS_API_SECRET', 'DHL_EXPRESS_ACCOUNT_NUMBER'],
  },
  {
    switchedOn: (config) => config.FEDEX_MODE !== 'sandbox' && `FEDEX_MODE=${config.FEDEX_MODE}`,
    needs: ['FEDEX_CLIENT_ID', 'FEDEX_CLIENT_SECRET', 'FEDEX_ACCOUNT_NUMBER'],
  },
  {
    switchedOn: (config) => config.FILES_STORAGE === 's3' && 'FILES_STORAGE=s3',
    needs: ['S3_BUCKET', 'S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'],
  },
  {
    switchedOn: (config) => config.SMS_PROVIDER !== 'none' && `SMS_PROVIDER=${config.SMS_PROVIDER}`,
    needs: [
      'TWILIO_ACCOUNT_SID',
      'TWILIO_AUTH_TOKEN',
      ['TWILIO_MESSAGING_SERVICE_SID', 'TWILIO_FROM'],
    ],
  },
  {
    switchedOn: (config) => config.PAYMENT_PROVIDER === 'stripe' && 'PAYMENT_PROVIDER=stripe',
    needs: ['STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY', 'STRIPE_WEBHOOK_SECRET'],
  },
  {
    switchedOn: (config) => config.CFDI_PAC !== 'sandbox' && `CFDI_PAC=${config.CFDI_PAC}`,
    needs: ['FACTURAPI_API_KEY', 'FACTURAPI_WEBHOOK_SECRET'],
  },
];

const isSet = (config: Variables, variable: keyof Variables) =>
  config[variable] !== undefined && config[variable] !== '';

const configSchema = variablesSchema.superRefine((config, context) => {
  for (const { switchedOn, needs } of PROVIDER_REQUIREMENTS) {
    const reason = switchedOn(config);
    if (!reason) continue;
    for (const need of needs) {
      const anyOf = Array.isArray(need) ? need : [need];
      if (anyOf.some((variable) => isSet(config, variable))) continue;
      context.addIssue({
        code: 'custom',
        path: [anyOf[0]!],
        message: `${anyOf.join(' or ')} is required when ${reason}`,
      });
    }
  }
});

export type Config = z.infer<typeof configSchema> & { JWT_SECRET: string; APP_URL: string };
export type RawConfig = z.infer<typeof configSchema>;

export function parseConfig(env: NodeJS.ProcessEnv = process.env): RawConfig {
  return configSchema.parse(env);
}

/**
 * The configuration of a tool that builds the app's services without serving them (the demo
 * seed, `staff:create`): as `main.ts` derives it, with a placeholder secret when none is set,
 * since such a tool signs no token.
 */
export function toolConfig(overrides: Partial<Config> = {}): Config {
  const raw = parseConfig();
  return {
    ...raw,
    JWT_SECRET: raw.JWT_SECRET ?? 'a-tool-that-signs-no-token-at-all',
    APP_URL: raw.APP_URL ?? `http://localhost:${raw.PORT}`,
    ...overrides,
  };
}
