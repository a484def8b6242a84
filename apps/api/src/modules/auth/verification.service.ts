import { AUTH_RULES, type VerifyCodeResult } from '@despacho/domain';
import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import type { Config } from '../../config';
import type { Clock } from '../../platform/clock';
import type { Db, DbOrTx } from '../../platform/db';
import { AppError } from '../../platform/errors';
import type { Outbox, OutboxQueue } from '../../platform/outbox';
import type { AccountsService, UserRow } from '../accounts';
import { verificationSms } from './messages';
import {
  countWrongAttempt,
  deleteCode,
  findCode,
  replaceCode,
} from './verification-codes.repository';
import type { WizardTokens } from './wizard-tokens';

export interface VerificationDeps {
  db: Db;
  clock: Clock;
  config: Config;
  outbox: Outbox;
  accounts: AccountsService;
  wizardTokens: WizardTokens;
}

/** Seconds left before another code may be sent after one sent at `sentAt`. */
export function secondsUntilResend(sentAt: Date, now: Date): number {
  const waitMs = AUTH_RULES.codeResendSeconds * 1000 - (now.getTime() - sentAt.getTime());
  return Math.max(0, Math.ceil(waitMs / 1000));
}

/** The SMS code that proves a new user owns their phone. */
export class VerificationService {
  constructor(private readonly deps: VerificationDeps) {}

  // Keyed with the server secret: a million possible codes are no secret to a plain hash.
  private hash(userId: string, code: string): string {
    return createHmac('sha256', this.deps.config.JWT_SECRET)
      .update(`${userId}:${code}`)
      .digest('hex');
  }

  async resendAvailableIn(userId: string, db: DbOrTx = this.deps.db): Promise<number> {
    const row = await findCode(db, userId);
    return row ? secondsUntilResend(row.sentAt, this.deps.clock.now()) : 0;
  }

  /**
   * Replaces the user's code with a new one and queues the SMS; RESEND_TOO_EARLY while the last
   * one is under a minute old. Answers the seconds until the next one may be sent.
   */
  async sendCode(tx: DbOrTx, queue: OutboxQueue, user: UserRow): Promise<number> {
    const now = this.deps.clock.now();
    const previous = await findCode(tx, user.id, true);
    const wait = previous ? secondsUntilResend(previous.sentAt, now) : 0;
    if (wait > 0) throw new AppError('RESEND_TOO_EARLY', { seconds: wait });
    if (!user.phone || !user.phoneCountryCode) throw new AppError('REGISTRATION_INCOMPLETE');
    const code = String(randomInt(0, 10 ** AUTH_RULES.codeLength)).padStart(
      AUTH_RULES.codeLength,
      '0',
    );
    await replaceCode(tx, {
      userId: user.id,
      codeHash: this.hash(user.id, code),
      sentAt: now,
      expiresAt: new Date(now.getTime() + AUTH_RULES.codeTtlMinutes * 60_000),
    });
    await queue({
      channel: 'sms',
      recipient: `${user.phoneCountryCode}${user.phone}`,
      body: verificationSms(code, user.language),
    });
    return AUTH_RULES.codeResendSeconds;
  }

  /**
   * The user of an unfinished sign-up, locked. An unknown id and a finished sign-up answer the
   * same SIGNUP_NOT_PENDING, so these public calls cannot tell which ids belong to users.
   */
  async pendingUser(userId: string, tx: DbOrTx): Promise<UserRow> {
    const user = await this.deps.accounts.findUser(userId, tx, true);
    if (!user || user.phoneVerifiedAt) throw new AppError('SIGNUP_NOT_PENDING');
    return user;
  }

  /** `POST user/verify-code/resend`. */
  async resend(userId: string): Promise<{ resend_available_in: number }> {
    return this.deps.outbox.transaction(async (tx, queue) => {
      const user = await this.pendingUser(userId, tx);
      return { resend_available_in: await this.sendCode(tx, queue, user) };
    });
  }

  /** `PATCH user/verify-code/{userId}/{code}`: marks the phone verified, opens the wizard. */
  async verify(userId: string, code: string): Promise<VerifyCodeResult> {
    const { accounts, clock } = this.deps;
    const now = clock.now();
    const matched = await this.deps.db.transaction(async (tx) => {
      await this.pendingUser(userId, tx);
      const row = await findCode(tx, userId, true);
      if (!row) throw new AppError('CODE_INVALID');
      if (row.attempts >= AUTH_RULES.codeMaxAttempts) throw new AppError('CODE_ATTEMPTS_EXCEEDED');
      if (row.expiresAt <= now) throw new AppError('CODE_EXPIRED');
      const expected = Buffer.from(row.codeHash);
      const given = Buffer.from(this.hash(userId, code));
      if (!timingSafeEqual(expected, given)) {
        // Counted in a committed transaction: the error is thrown once it is stored.
        await countWrongAttempt(tx, userId);
        return false;
      }
      await deleteCode(tx, userId);
      await accounts.updateUser(userId, { phoneVerifiedAt: now }, tx);
      return true;
    });
    if (!matched) throw new AppError('CODE_INVALID');
    return { user_id: userId, wizard_token: await this.deps.wizardTokens.sign(userId) };
  }
}
