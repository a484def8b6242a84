import { AUTH_RULES, type ErrorCode, type RefreshResult, type Session } from '@despacho/domain';
import { randomUUID } from 'node:crypto';
import type { AccessTokens } from '../../platform/auth';
import type { Clock } from '../../platform/clock';
import type { Db, DbOrTx } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { verifyPassword } from '../../platform/passwords';
import { meView, permissionsOf, type Account, type AccountsService } from '../accounts';
import type { LoginBackoff } from './login-backoff';
import { hashOpaqueToken, newOpaqueToken } from '../../platform/opaque-tokens';
import {
  findRefreshToken,
  insertRefreshToken,
  markReplaced,
  revokeAllOfUser,
  revokeFamily,
  type RefreshTokenRow,
} from './refresh-tokens.repository';
import type { WizardTokens } from './wizard-tokens';

export interface SessionsDeps {
  db: Db;
  clock: Clock;
  tokens: AccessTokens;
  accounts: AccountsService;
  wizardTokens: WizardTokens;
  loginBackoff: LoginBackoff;
}

export interface LoginInput {
  email: string;
  password: string;
  remember_me: boolean;
}

interface Family {
  familyId: string;
  userId: string;
  remembered: boolean;
}

/** Sign-in, and the refresh-token families that keep a sign-in alive. */
export class SessionsService {
  constructor(private readonly deps: SessionsDeps) {}

  /**
   * `POST auth/login`: the same answer and timing for a wrong password and an unknown email;
   * after repeated failures on one email, tries wait (LOGIN_BACKOFF) whatever the password.
   */
  async login(input: LoginInput): Promise<Session> {
    const { accounts, db, loginBackoff, wizardTokens } = this.deps;
    await loginBackoff.attempt(input.email);
    const user = await accounts.findByEmail(input.email);
    const matches = await verifyPassword(user?.passwordHash ?? null, input.password);
    if (!user || !matches) throw new AppError('INVALID_CREDENTIALS');
    await loginBackoff.forget(input.email);
    if (user.status !== 'active') throw new AppError('USER_INACTIVE');
    if (!user.phoneVerifiedAt) throw new AppError('PHONE_NOT_VERIFIED', { user_id: user.id });
    if (!user.organizationId && !user.isStaff) {
      throw new AppError('REGISTRATION_INCOMPLETE', {
        wizard_token: await wizardTokens.sign(user.id),
      });
    }
    return db.transaction(async (tx) =>
      this.start(await accounts.account(user.id, tx), input.remember_me, tx),
    );
  }

  /** Signs the user in: a new refresh-token family and an access token. */
  async start(account: Account, remembered: boolean, tx: DbOrTx): Promise<Session> {
    const family = { familyId: randomUUID(), userId: account.user.id, remembered };
    const { token } = await this.issueRefreshToken(tx, family);
    return { ...(await this.tokensFor(account, family.familyId, token)), ...meView(account) };
  }

  /**
   * `POST auth/refresh-token/create-access-token`: replaces the refresh token with a new one of
   * its family and signs an access token with the user's current role. A replaced token shown
   * again was copied, so the whole family ends.
   */
  async refresh(presented: string): Promise<RefreshResult> {
    const { accounts, clock, db } = this.deps;
    const now = clock.now();
    type Outcome = ErrorCode | { account: Account; familyId: string; token: string };
    const outcome = await db.transaction(async (tx): Promise<Outcome> => {
      const row = await findRefreshToken(tx, hashOpaqueToken(presented), true);
      if (!row || row.revokedAt || row.expiresAt <= now) return 'REFRESH_TOKEN_INVALID';
      if (row.replacedBy) {
        await revokeFamily(tx, row.familyId, now);
        return 'REFRESH_TOKEN_INVALID';
      }
      const account = await accounts.account(row.userId, tx);
      if (account.user.status !== 'active') {
        await revokeFamily(tx, row.familyId, now);
        return 'USER_INACTIVE';
      }
      const next = await this.issueRefreshToken(tx, row);
      await markReplaced(tx, row.id, next.id);
      return { account, familyId: row.familyId, token: next.token };
    });
    // Thrown after commit, so that a revoked family stays revoked.
    if (typeof outcome === 'string') throw new AppError(outcome);
    return this.tokensFor(outcome.account, outcome.familyId, outcome.token);
  }

  /** `GET auth/refresh-token/verify-token`: the token could be used to refresh now. */
  async check(presented: string): Promise<{ valid: true; expires_at: string }> {
    const row = await findRefreshToken(this.deps.db, hashOpaqueToken(presented));
    if (!row || !this.usable(row)) throw new AppError('REFRESH_TOKEN_INVALID');
    return { valid: true, expires_at: row.expiresAt.toISOString() };
  }

  /** `POST auth/logout`: ends the family of the token; unknown tokens change nothing. */
  async logout(presented: string | undefined): Promise<void> {
    if (!presented) return;
    const row = await findRefreshToken(this.deps.db, hashOpaqueToken(presented));
    if (row) await revokeFamily(this.deps.db, row.familyId, this.deps.clock.now());
  }

  /** Ends every session of the user (after a password reset), but `keep` when given. */
  revokeAll(userId: string, tx: DbOrTx, keep?: string): Promise<void> {
    return revokeAllOfUser(tx, userId, this.deps.clock.now(), keep);
  }

  private usable(row: RefreshTokenRow): boolean {
    return !row.revokedAt && !row.replacedBy && row.expiresAt > this.deps.clock.now();
  }

  private async issueRefreshToken(tx: DbOrTx, family: Family) {
    const now = this.deps.clock.now();
    const { refreshTtlHours } = AUTH_RULES;
    const hours = family.remembered ? refreshTtlHours.remembered : refreshTtlHours.session;
    const { token, hash } = newOpaqueToken();
    const row = await insertRefreshToken(tx, {
      familyId: family.familyId,
      userId: family.userId,
      remembered: family.remembered,
      tokenHash: hash,
      createdAt: now,
      expiresAt: new Date(now.getTime() + hours * 3_600_000),
    });
    return { id: row.id, token };
  }

  private async tokensFor(
    account: Account,
    familyId: string,
    refreshToken: string,
  ): Promise<RefreshResult> {
    const { tokens, clock } = this.deps;
    const accessToken = await tokens.sign(
      {
        userId: account.user.id,
        organizationId: account.user.organizationId,
        permissions: permissionsOf(account),
        isStaff: account.user.isStaff,
        sessionFamily: familyId,
      },
      clock.now(),
    );
    return { access_token: accessToken, refresh_token: refreshToken, expires_in: tokens.ttl };
  }
}
