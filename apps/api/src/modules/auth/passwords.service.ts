import { AUTH_RULES, type PasswordChange } from '@despacho/domain';
import type { Config } from '../../config';
import type { Clock } from '../../platform/clock';
import type { Db, DbOrTx } from '../../platform/db';
import { AppError } from '../../platform/errors';
import type { Outbox } from '../../platform/outbox';
import { hashPassword, verifyPassword } from '../../platform/passwords';
import type { AccountsService } from '../accounts';
import type { LoginBackoff } from './login-backoff';
import { recoveryMail } from './messages';
import { hashOpaqueToken, newOpaqueToken } from '../../platform/opaque-tokens';
import {
  findPasswordReset,
  insertPasswordReset,
  usePasswordResets,
  type PasswordResetRow,
} from './password-resets.repository';
import type { SessionsService } from './sessions.service';

export interface PasswordsDeps {
  db: Db;
  clock: Clock;
  config: Config;
  outbox: Outbox;
  accounts: AccountsService;
  sessions: SessionsService;
  loginBackoff: LoginBackoff;
}

/** Password recovery by a mailed single-use link, and the signed-in password change. */
export class PasswordsService {
  constructor(private readonly deps: PasswordsDeps) {}

  /** `POST auth/password/reset`: mails a link when the email has an account; silent otherwise. */
  async requestReset(email: string): Promise<void> {
    const { accounts, clock, config, outbox } = this.deps;
    await outbox.transaction(async (tx, queue) => {
      const user = await accounts.findByEmail(email, tx);
      if (!user?.passwordHash) return;
      const now = clock.now();
      const { token, hash } = newOpaqueToken();
      await insertPasswordReset(tx, {
        tokenHash: hash,
        userId: user.id,
        createdAt: now,
        expiresAt: new Date(now.getTime() + AUTH_RULES.passwordResetTtlMinutes * 60_000),
      });
      const link = `${config.APP_URL}/recovery-password/${token}`;
      await queue({
        channel: 'email',
        recipient: user.email,
        ...recoveryMail(link, user.name, user.language),
      });
    });
  }

  /** `GET auth/verify_token`: the link can still be used. */
  async check(token: string): Promise<void> {
    await this.openReset(token, this.deps.db);
  }

  /**
   * `PUT auth/password?token=`: sets the password, uses the link up and ends every session. The
   * mailbox proves the owner, so a sign-in backoff others caused ends too.
   */
  async reset(token: string, password: string): Promise<void> {
    const { accounts, clock, db, loginBackoff, sessions } = this.deps;
    await db.transaction(async (tx) => {
      const { userId } = await this.openReset(token, tx, true);
      const passwordHash = await hashPassword(password);
      const user = await accounts.updateUser(userId, { passwordHash }, tx);
      await usePasswordResets(tx, userId, clock.now());
      await sessions.revokeAll(userId, tx);
      await loginBackoff.forget(user.email, tx);
    });
  }

  /**
   * `PUT auth/password/reset`: the signed-in user changes their password; every other session
   * ends, the one that asked stays signed in.
   */
  async change(userId: string, sessionFamily: string, input: PasswordChange): Promise<void> {
    const { accounts, db, sessions } = this.deps;
    const user = await accounts.user(userId);
    if (!(await verifyPassword(user.passwordHash, input.current_password))) {
      throw new AppError('WRONG_CURRENT_PASSWORD');
    }
    const passwordHash = await hashPassword(input.password);
    await db.transaction(async (tx) => {
      await accounts.updateUser(userId, { passwordHash }, tx);
      await sessions.revokeAll(userId, tx, sessionFamily);
    });
  }

  /** The unused, unexpired link; TOKEN_INVALID (unknown or used) or TOKEN_EXPIRED otherwise. */
  private async openReset(token: string, db: DbOrTx, lock = false): Promise<PasswordResetRow> {
    const row = await findPasswordReset(db, hashOpaqueToken(token), lock);
    if (!row || row.usedAt) throw new AppError('TOKEN_INVALID');
    if (row.expiresAt <= this.deps.clock.now()) throw new AppError('TOKEN_EXPIRED');
    return row;
  }
}
