import type { AppDeps } from '../../platform/module';
import { AccountsService } from '../accounts/accounts.service';
import { LoginBackoff } from './login-backoff';
import { PasswordsService } from './passwords.service';
import { SessionsService } from './sessions.service';
import { SignupService } from './signup.service';
import { VerificationService } from './verification.service';
import { WizardService } from './wizard.service';
import { WizardTokens } from './wizard-tokens';

/** The services behind the auth routes, wired once per app. */
export function authServices(deps: AppDeps) {
  const accounts = new AccountsService(deps);
  const wizardTokens = new WizardTokens(deps.config.JWT_SECRET, deps.clock);
  const loginBackoff = new LoginBackoff(deps);
  const sessions = new SessionsService({ ...deps, accounts, wizardTokens, loginBackoff });
  const verification = new VerificationService({ ...deps, accounts, wizardTokens });
  return {
    sessions,
    verification,
    signup: new SignupService({ ...deps, accounts, verification }),
    wizard: new WizardService({ ...deps, accounts, sessions, wizardTokens }),
    passwords: new PasswordsService({ ...deps, accounts, sessions, loginBackoff }),
  };
}
export type AuthServices = ReturnType<typeof authServices>;
