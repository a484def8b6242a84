import { z } from 'zod';

/** The environment, parsed once at start. Secrets come only from here. */
const configSchema = z.object({
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
  /** Attempts per minute and client on login, code checks, resend and password recovery. */
  AUTH_RATE_LIMIT: z.coerce.number().int().min(1).default(10),
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
   * Card deposits' payment provider (decision 013). Only the built-in `sandbox` exists today; unset,
   * it is the sandbox outside production and `none` (no card deposits) in production.
   */
  PAYMENT_PROVIDER: z.enum(['sandbox', 'none']).optional(),
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
  /** The PAC that stamps invoices: only the built-in `sandbox` (no fiscal validity) exists. */
  CFDI_PAC: z.enum(['sandbox']).default('sandbox'),
  /**
   * Sandbox carriers (decision 017): the share (0–1) of quotes and label requests that fail as
   * an unavailable carrier would, and how long a cancellation takes to be confirmed.
   */
  CARRIER_SANDBOX_FAILURE_RATE: z.coerce.number().min(0).max(1).default(0),
  CARRIER_SANDBOX_CANCEL_DELAY_SECONDS: z.coerce.number().int().min(0).default(120),
  /** Divides the sandbox tracking timeline's delays (1 = real time; 3600 = an hour per second). */
  CARRIER_SANDBOX_TIME_SCALE: z.coerce.number().min(1).default(1),
  /**
   * HMAC-SHA256 secret carriers sign status pushes with (`POST webhooks/carriers/:carrier`).
   * Required in production; elsewhere a fixed development secret applies (decision 017).
   */
  CARRIER_WEBHOOK_SECRET: z.string().min(32).optional(),
  /** How often (ms) the server's jobs runner looks for due jobs. */
  JOBS_POLL_MS: z.coerce.number().int().min(50).default(1000),
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
  /** Set to a directory to serve the built SPA from; empty disables it. */
  WEB_DIST: z.string().optional(),
});

export type Config = z.infer<typeof configSchema> & { JWT_SECRET: string; APP_URL: string };
export type RawConfig = z.infer<typeof configSchema>;

export function parseConfig(env: NodeJS.ProcessEnv = process.env): RawConfig {
  return configSchema.parse(env);
}
