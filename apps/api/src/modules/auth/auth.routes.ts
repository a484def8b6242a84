import { authContract } from '@despacho/domain';
import { implement, type ContractHandlers } from '../../platform/contract-routes';
import type { AppModule, AuthServices } from '../services';
import { passwordHandlers } from './passwords.routes';
import { authRateLimit } from '../../platform/rate-limit';
import { sessionHandlers } from './sessions.routes';
import { signupHandlers } from './signup.routes';
import { verificationHandlers } from './verification.routes';
import { wizardHandlers } from './wizard.routes';

/** The handlers of some of `authContract`'s operations, built from the auth services. */
export type AuthHandlers<K extends keyof typeof authContract> = (
  services: AuthServices,
) => Pick<ContractHandlers<typeof authContract>, K>;

/** Sign-up, phone verification, the wizard, sessions and passwords, as `authContract` declares them. */
export const authRoutes: AppModule = async (app, deps) => {
  const limited = authRateLimit(deps.config);
  implement(
    app,
    authContract,
    {
      ...signupHandlers(deps.auth),
      ...verificationHandlers(deps.auth),
      ...wizardHandlers(deps.auth),
      ...sessionHandlers(deps.auth),
      ...passwordHandlers(deps.auth),
    },
    // Where guessing (passwords, codes) or sending (SMS, mail) is at stake.
    {
      register: limited,
      createUser: limited,
      verifyCode: limited,
      resendCode: limited,
      login: limited,
      requestPasswordReset: limited,
    },
  );
};
