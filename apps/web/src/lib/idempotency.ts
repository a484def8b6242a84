/**
 * The `Idempotency-Key` of one submission (a deposit, a guide purchase): kept while the same
 * submission is retried, new for the next. `crypto.randomUUID` where the browser has it.
 */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}
