import type { CardToken, DepositBreakdown } from '@despacho/domain';
import { readSession } from '../../lib/session';

/**
 * A confirmed card deposit whose answer has not arrived yet. It carries the single-use token
 * the provider issued (never card data) and the Idempotency-Key of the confirmation.
 */
export interface PendingCardDeposit {
  amount: string;
  breakdown: DepositBreakdown;
  token: CardToken;
  idempotencyKey: string;
}

/**
 * Kept in sessionStorage (this tab only) under the signed-in user, so a reload mid-charge sends
 * the same confirmation again — same key, so the server charges at most once — and another user
 * signing in on the tab never resumes it.
 */
const storageKey = () => {
  const user = readSession()?.user.id;
  return user ? `despacho.card-deposit.pending:${user}` : null;
};

export function savePendingCardDeposit(attempt: PendingCardDeposit): void {
  const key = storageKey();
  if (key) window.sessionStorage.setItem(key, JSON.stringify(attempt));
}

export function loadPendingCardDeposit(): PendingCardDeposit | null {
  const key = storageKey();
  const raw = key ? window.sessionStorage.getItem(key) : null;
  if (!raw) return null;
  try {
    return JSON.parse(raw) as PendingCardDeposit;
  } catch {
    return null;
  }
}

/** The server answered (credited, declined or refused): the attempt is over. */
export function clearPendingCardDeposit(): void {
  const key = storageKey();
  if (key) window.sessionStorage.removeItem(key);
}
