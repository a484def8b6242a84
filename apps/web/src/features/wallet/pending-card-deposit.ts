import type { CardToken, DepositBreakdown } from '@despacho/domain';
import { userSessionItem } from '../../lib/user-storage';

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
 * Kept in this tab under the signed-in user, so a reload mid-charge sends the same confirmation
 * again — same key, so the server charges at most once — and another user signing in on the tab
 * never resumes it.
 */
const pending = userSessionItem<PendingCardDeposit>('card-deposit.pending');

export const savePendingCardDeposit = pending.save;
export const loadPendingCardDeposit = pending.load;
/** The server answered (credited, declined or refused): the attempt is over. */
export const clearPendingCardDeposit = pending.clear;
