import type { Session } from '@despacho/domain';
import type { DbOrTx } from '../../platform/db';
import type { Account } from './account-view';

/**
 * What accounts asks of sign-in: a session for an invitee who accepts, and the end of a
 * deactivated user's. Auth's `SessionsService` is it (wired in services.ts); it is declared here
 * because auth builds on accounts, never the other way round.
 */
export interface AccountSessions {
  start(account: Account, remembered: boolean, tx: DbOrTx): Promise<Session>;
  revokeAll(userId: string, tx: DbOrTx): Promise<void>;
}
