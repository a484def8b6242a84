import type { ProviderKind } from '@despacho/domain';
import { and, count, desc, eq, lt, max } from 'drizzle-orm';
import { Gauge, Histogram } from 'prom-client';
import type { Clock } from './clock';
import type { Db } from './db';
import { providerFailures, providerSuccesses } from './provider-calls.tables';

/** The outside parties Despacho calls, by kind; `provider` names the company (`dhl_express`). */
export type { ProviderKind };

/**
 * How a provider's call went wrong, as our code reacts to it: `timeout`, `rate_limited` and
 * `unavailable` may be retried (when the call is idempotent); `rejected` is the provider's
 * answer to this request (a wrong address, a declined card) and `malformed` an answer we could
 * not read. `message` is the provider's own text, kept for staff; it never holds a secret.
 */
export class ProviderError extends Error {
  constructor(
    readonly provider: string,
    readonly code: 'timeout' | 'rate_limited' | 'unavailable' | 'rejected' | 'malformed',
    message: string,
    readonly details: { status?: number; providerCode?: string; retryAfterMs?: number } = {},
  ) {
    super(message);
    this.name = 'ProviderError';
  }

  get retryable(): boolean {
    return this.code === 'timeout' || this.code === 'rate_limited' || this.code === 'unavailable';
  }
}

export interface ProviderCallOptions {
  /** Aborts the call after this long (default 15 s) and fails it as `timeout`. */
  timeoutMs?: number;
  /**
   * Tries again after a retryable failure, at most this many times (default 0). Only for calls
   * the provider makes idempotent (a GET, or a write sent with the provider's idempotency key).
   */
  retries?: number;
}

const DEFAULT_TIMEOUT_MS = 15_000;
/** First wait before a retry; each next one doubles, unless the provider says when (Retry-After). */
const BACKOFF_BASE_MS = 500;
const BACKOFF_MAX_MS = 30_000;
/** Failures are kept this long for staff. */
const KEEP_FAILURES_MS = 30 * 24 * 3_600_000;
export const PRUNE_PROVIDER_FAILURES_JOB = 'providers.prune_failures';
/** The longest excerpt of a provider's message kept for staff. */
const MESSAGE_MAX = 500;
/** While a provider keeps answering well, its last success is written at most this often. */
const SUCCESS_WRITE_EVERY_MS = 60_000;

/** Which failures staff look at: one kind and/or one provider, a page of them. */
export interface FailuresFilter {
  kind?: ProviderKind;
  provider?: string;
  page?: number;
  pageSize?: number;
}

/** A provider's last success and last failure, as far as this database knows. */
export interface ProviderOutcome {
  kind: ProviderKind;
  provider: string;
  lastSuccessAt: Date | null;
  lastFailureAt: Date | null;
}

/** Per process, as Prometheus scrapes each process; the app's `/metrics` registers both. */
export const providerLatency = new Histogram({
  name: 'despacho_provider_call_duration_seconds',
  help: 'Time an outside provider took to answer, by kind, provider, operation and outcome.',
  labelNames: ['kind', 'provider', 'operation', 'outcome'] as const,
  buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 15, 30],
  registers: [],
});
export const providerUp = new Gauge({
  name: 'despacho_provider_up',
  help: "1 when a provider's last call in this process succeeded, 0 when it failed.",
  labelNames: ['kind', 'provider'] as const,
  registers: [],
});

/** Values that must never reach a stored message: tokens after `Bearer`, keys by their prefix. */
const SECRET_PATTERNS = [
  /Bearer\s+[^\s"']+/gi,
  /\b(sk|rk|pk)_(live|test)_[A-Za-z0-9]+/g,
  /\bwhsec_[A-Za-z0-9+/=]+/g,
];

function excerpt(message: string): string {
  let safe = message;
  for (const pattern of SECRET_PATTERNS) safe = safe.replace(pattern, '[redacted]');
  return safe.length > MESSAGE_MAX ? `${safe.slice(0, MESSAGE_MAX - 1)}…` : safe;
}

/** Any failure as a `ProviderError`: an abort is a timeout, anything else unexpected is `unavailable`. */
function asProviderError(provider: string, error: unknown, timedOut: boolean): ProviderError {
  if (error instanceof ProviderError) return error;
  if (timedOut) return new ProviderError(provider, 'timeout', 'no answer in time');
  const message = error instanceof Error ? error.message : String(error);
  return new ProviderError(provider, 'unavailable', message);
}

function failuresWhere(filter: FailuresFilter) {
  return and(
    filter.kind ? eq(providerFailures.kind, filter.kind) : undefined,
    filter.provider ? eq(providerFailures.provider, filter.provider) : undefined,
  );
}

/**
 * Every call to an outside provider goes through `run`: it is timed (`/metrics`), cut off after
 * its timeout, retried with exponential backoff when it may be, and each failure is kept in
 * `provider_failures` for staff (`failures`). Built once by the composition root.
 */
export class ProviderCalls {
  private readonly sleep: (ms: number) => Promise<void>;
  /** When this process last wrote each provider's success (`kind/provider`), 0 after a failure. */
  private readonly successWritten = new Map<string, number>();

  constructor(
    private readonly deps: {
      db: Db;
      clock: Clock;
      /** How a retry waits (tests pass one that returns at once and records the wait). */
      sleep?: (ms: number) => Promise<void>;
    },
  ) {
    this.sleep = deps.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms)));
  }

  async run<T>(
    target: { kind: ProviderKind; provider: string; operation: string },
    call: (signal: AbortSignal) => Promise<T>,
    options: ProviderCallOptions = {},
  ): Promise<T> {
    const retries = options.retries ?? 0;
    for (let attempt = 0; ; attempt += 1) {
      const started = performance.now();
      const controller = new AbortController();
      let timedOut = false;
      const timer = setTimeout(() => {
        timedOut = true;
        controller.abort();
      }, options.timeoutMs ?? DEFAULT_TIMEOUT_MS);
      try {
        const result = await call(controller.signal);
        this.observe(target, 'ok', started);
        await this.recordSuccess(target);
        return result;
      } catch (thrown) {
        const error = asProviderError(target.provider, thrown, timedOut);
        this.observe(target, error.code, started);
        await this.record(target, error);
        if (!error.retryable || attempt >= retries) throw error;
        const backoff = Math.min(BACKOFF_BASE_MS * 2 ** attempt, BACKOFF_MAX_MS);
        await this.sleep(Math.min(error.details.retryAfterMs ?? backoff, BACKOFF_MAX_MS));
      } finally {
        clearTimeout(timer);
      }
    }
  }

  /** The latest failures, newest first, for the staff console (a page of them when told). */
  failures(filter: FailuresFilter = {}) {
    const { page = 1, pageSize = 100 } = filter;
    return this.deps.db
      .select()
      .from(providerFailures)
      .where(failuresWhere(filter))
      .orderBy(desc(providerFailures.occurredAt), desc(providerFailures.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize);
  }

  /** How many failures `failures` pages through. */
  async countFailures(filter: FailuresFilter = {}): Promise<number> {
    const [row] = await this.deps.db
      .select({ count: count() })
      .from(providerFailures)
      .where(failuresWhere(filter));
    return row?.count ?? 0;
  }

  /** Each provider called since the last prune: when it last answered well, and last failed. */
  async outcomes(): Promise<ProviderOutcome[]> {
    const failed = this.deps.db
      .select({
        kind: providerFailures.kind,
        provider: providerFailures.provider,
        lastFailureAt: max(providerFailures.occurredAt).as('last_failure_at'),
      })
      .from(providerFailures)
      .groupBy(providerFailures.kind, providerFailures.provider)
      .as('failed');
    const [succeeded, failures] = await Promise.all([
      this.deps.db.select().from(providerSuccesses),
      this.deps.db.select().from(failed),
    ]);
    const byKey = new Map<string, ProviderOutcome>();
    const entry = (kind: ProviderKind, provider: string) => {
      const key = `${kind}/${provider}`;
      const found = byKey.get(key) ?? { kind, provider, lastSuccessAt: null, lastFailureAt: null };
      byKey.set(key, found);
      return found;
    };
    for (const row of succeeded) entry(row.kind, row.provider).lastSuccessAt = row.lastSuccessAt;
    for (const row of failures) {
      entry(row.kind, row.provider).lastFailureAt =
        row.lastFailureAt && new Date(row.lastFailureAt);
    }
    return [...byKey.values()];
  }

  /** The daily prune: forgets failures older than 30 days. */
  readonly pruneJob = async (): Promise<void> => {
    const before = new Date(this.deps.clock.now().getTime() - KEEP_FAILURES_MS);
    await this.deps.db.delete(providerFailures).where(lt(providerFailures.occurredAt, before));
  };

  private observe(
    target: { kind: ProviderKind; provider: string; operation: string },
    outcome: string,
    started: number,
  ) {
    const { kind, provider, operation } = target;
    providerLatency.observe(
      { kind, provider, operation, outcome },
      (performance.now() - started) / 1000,
    );
    providerUp.set({ kind, provider }, outcome === 'ok' ? 1 : 0);
  }

  /**
   * Notes the provider's success for staff: at once after a failure seen by this process, else at
   * most once a minute, so a busy provider does not cost a write per call.
   */
  private async recordSuccess(target: { kind: ProviderKind; provider: string }) {
    const key = `${target.kind}/${target.provider}`;
    const now = this.deps.clock.now();
    const written = this.successWritten.get(key);
    if (written !== undefined && written > 0 && now.getTime() - written < SUCCESS_WRITE_EVERY_MS) {
      return;
    }
    this.successWritten.set(key, now.getTime());
    await this.deps.db
      .insert(providerSuccesses)
      .values({ kind: target.kind, provider: target.provider, lastSuccessAt: now })
      .onConflictDoUpdate({
        target: [providerSuccesses.kind, providerSuccesses.provider],
        set: { lastSuccessAt: now },
      });
  }

  private async record(
    target: { kind: ProviderKind; provider: string; operation: string },
    error: ProviderError,
  ) {
    this.successWritten.set(`${target.kind}/${target.provider}`, 0);
    await this.deps.db.insert(providerFailures).values({
      kind: target.kind,
      provider: target.provider,
      operation: target.operation,
      code: error.code,
      httpStatus: error.details.status ?? null,
      providerCode: error.details.providerCode ?? null,
      message: excerpt(error.message),
      occurredAt: this.deps.clock.now(),
    });
  }
}
