import type { Language, Registration, SignupResult, UserCreate } from '@despacho/domain';
import type { Db, DbOrTx } from '../../platform/db';
import { AppError } from '../../platform/errors';
import type { Outbox, OutboxQueue } from '../../platform/outbox';
import { hashPassword } from '../../platform/passwords';
import type { AccountsService, UserRow } from '../accounts';
import type { VerificationService } from './verification.service';

export interface SignupDeps {
  db: Db;
  outbox: Outbox;
  accounts: AccountsService;
  verification: VerificationService;
}

/** `+52 ******5678`: enough for the user to recognise where the code went. */
export function maskPhone(countryCode: string | null, phone: string | null): string | null {
  if (!countryCode || !phone) return null;
  return `${countryCode} ${'*'.repeat(Math.max(0, phone.length - 4))}${phone.slice(-4)}`;
}

function signupResult(user: UserRow, resendAvailableIn: number): SignupResult {
  return {
    id: user.id,
    email: user.email,
    phone_masked: maskPhone(user.phoneCountryCode, user.phone),
    resend_available_in: resendAvailableIn,
  };
}

/**
 * Sign-up until the phone is verified. Until then the account is unfinished and the same email
 * may start over (same user id); once verified, the email is taken.
 */
export class SignupService {
  constructor(private readonly deps: SignupDeps) {}

  /** `POST users`. */
  async start(email: string, language: Language): Promise<SignupResult> {
    return this.deps.db.transaction(async (tx) => {
      const user = await this.unfinished(email, language, tx);
      return signupResult(user, await this.deps.verification.resendAvailableIn(user.id, tx));
    });
  }

  /** `PUT users/{id}`: name, phone and password; sends the SMS code. */
  async register(userId: string, input: Registration): Promise<SignupResult> {
    const passwordHash = await hashPassword(input.password);
    return this.deps.outbox.transaction(async (tx, queue) => {
      const user = await this.deps.verification.pendingUser(userId, tx);
      return this.complete(tx, queue, user, input, passwordHash);
    });
  }

  /** `POST user/create`: `start` and `register` in one call. */
  async create(input: UserCreate, language: Language): Promise<SignupResult> {
    const passwordHash = await hashPassword(input.password);
    return this.deps.outbox.transaction(async (tx, queue) => {
      const user = await this.unfinished(input.email, language, tx);
      return this.complete(tx, queue, user, input, passwordHash);
    });
  }

  private async unfinished(email: string, language: Language, tx: DbOrTx): Promise<UserRow> {
    const user = await this.deps.accounts.findOrCreateUser({ email, language }, tx);
    if (user.phoneVerifiedAt) throw new AppError('EMAIL_TAKEN');
    return user;
  }

  private async complete(
    tx: DbOrTx,
    queue: OutboxQueue,
    user: UserRow,
    input: Registration,
    passwordHash: string,
  ): Promise<SignupResult> {
    const registered = await this.deps.accounts.updateUser(
      user.id,
      {
        name: input.name,
        lastName: input.last_name,
        phoneCountryCode: input.phone_country_code,
        phone: input.phone,
        passwordHash,
      },
      tx,
    );
    const resendAvailableIn = await this.deps.verification.sendCode(tx, queue, registered);
    return signupResult(registered, resendAvailableIn);
  }
}
