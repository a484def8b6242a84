import {
  AccountDetailsService,
  AccountsService,
  InvitationsService,
  OrganizationUsersService,
} from '../accounts';
import type { Platform } from '../services';
import { LoginBackoff } from './login-backoff';
import { PasswordsService } from './passwords.service';
import { SessionsService } from './sessions.service';
import { SignupService } from './signup.service';
import { VerificationService } from './verification.service';
import { WizardService } from './wizard.service';
import { WizardTokens } from './wizard-tokens';

/**
 * Accounts and their sign-in, one builder because each needs the other: the sign-in reads the
 * accounts, and removing a member or accepting an invitation ends or opens sessions. It lives in
 * auth, which depends on accounts (never the reverse: `boundaries.test.ts`).
 */
export function buildAccounts(platform: Platform) {
  const accounts = new AccountsService(platform);
  const wizardTokens = new WizardTokens(platform.config.JWT_SECRET, platform.clock);
  const loginBackoff = new LoginBackoff(platform);
  const sessions = new SessionsService({ ...platform, accounts, wizardTokens, loginBackoff });
  const verification = new VerificationService({ ...platform, accounts, wizardTokens });
  return {
    accounts,
    auth: {
      sessions,
      verification,
      signup: new SignupService({ ...platform, accounts, verification }),
      wizard: new WizardService({ ...platform, accounts, sessions, wizardTokens }),
      passwords: new PasswordsService({ ...platform, accounts, sessions, loginBackoff }),
    },
    organizationUsers: new OrganizationUsersService({ ...platform, accounts, sessions }),
    invitations: new InvitationsService({ ...platform, accounts, sessions }),
    accountDetails: new AccountDetailsService(platform),
  };
}
