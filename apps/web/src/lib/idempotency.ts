import { useRef } from 'react';

/**
 * The `Idempotency-Key` of one submission (a deposit, a guide purchase): kept while the same
 * submission is retried, new for the next. `crypto.randomUUID` where the browser has it.
 */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * One Idempotency-Key per purchase attempt: the same body keeps its key across retries, lost
 * answers and double clicks, so the balance is charged at most once; a changed body, or
 * `renew()` after an answer the server keeps for that key (a failed guide), gets a new one.
 */
export function useAttemptKey() {
  const current = useRef<{ body: string; key: string } | null>(null);
  return {
    keyFor(body: unknown): string {
      const text = JSON.stringify(body);
      if (current.current?.body !== text) {
        current.current = { body: text, key: newIdempotencyKey() };
      }
      return current.current.key;
    },
    renew() {
      current.current = null;
    },
  };
}
