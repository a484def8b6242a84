/**
 * Outgoing webhooks' delivery rules (issue 26), documented to merchants on `/api/docs`.
 *
 * A delivery is tried at once, then after each delay below (seconds): 5 s, 5 min, 30 min, 2 h,
 * 5 h, 10 h, 10 h — eight attempts over about 27 hours and 35 minutes, every one with the same
 * `webhook-id`, so a receiver drops a repeat by it.
 */
export const WEBHOOK_RETRY_DELAYS_SECONDS = [
  5,
  5 * 60,
  30 * 60,
  2 * 3600,
  5 * 3600,
  10 * 3600,
  10 * 3600,
] as const;
export const WEBHOOK_MAX_ATTEMPTS = WEBHOOK_RETRY_DELAYS_SECONDS.length + 1;

/** An answer slower than this is a failed attempt. */
export const WEBHOOK_TIMEOUT_MS = 15_000;

/**
 * An endpoint is disabled (and the merchant told) when every attempt has failed for this long
 * since its last success or its first failure, or when this many events in a row have exhausted
 * their attempts, whichever comes first.
 */
export const WEBHOOK_DISABLE_AFTER_FAILING_DAYS = 5;
export const WEBHOOK_DISABLE_AFTER_FAILED_EVENTS = 20;

/** After a rotation the previous secret still signs (beside the new one) for this long. */
export const WEBHOOK_SECRET_OVERLAP_HOURS = 24;

/** The excerpt of a receiver's answer kept in the log. */
export const WEBHOOK_RESPONSE_EXCERPT_CHARS = 500;

/** How long the delivery log keeps a finished delivery (and its event, once no delivery needs it). */
export const WEBHOOK_LOG_KEPT_DAYS = 30;

/** Endpoints per organization. */
export const WEBHOOK_MAX_ENDPOINTS = 20;

/** The delay before attempt `attempt` (1-based: the first is at once), or null after the last. */
export function webhookRetryDelaySeconds(attempt: number): number | null {
  if (attempt <= 1) return 0;
  return WEBHOOK_RETRY_DELAYS_SECONDS[attempt - 2] ?? null;
}
