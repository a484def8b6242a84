import { emailField, passwordField, requiredText } from '@despacho/domain';
import { z } from 'zod';
import type { Clock } from '../../platform/clock';
import { hashPassword } from '../../platform/passwords';
import type { AccountsService } from '../accounts';

/** What `npm run staff:create` asks for: the password follows the sign-up rules. */
export const staffAccountSchema = z.object({
  email: emailField,
  name: requiredText(50),
  last_name: requiredText(50),
  password: passwordField,
});
export type StaffAccountInput = z.infer<typeof staffAccountSchema>;

/**
 * A platform staff account, made by an operator on the server (production seeds none). The
 * operator vouches for the person, so the account is active and needs no SMS verification to
 * sign in; an email already in use is refused (EMAIL_TAKEN) and nothing changes.
 */
export async function createStaffAccount(
  { accounts, clock }: { accounts: AccountsService; clock: Clock },
  input: StaffAccountInput,
) {
  return accounts.createUser({
    email: input.email,
    name: input.name,
    lastName: input.last_name,
    passwordHash: await hashPassword(input.password),
    phoneVerifiedAt: clock.now(),
    isStaff: true,
    language: 'es',
  });
}
