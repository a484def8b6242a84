import type { AppModule, AuthServices, Services } from '../services';
import { passwordRoutes } from './passwords.routes';
import { sessionRoutes } from './sessions.routes';
import { signupRoutes } from './signup.routes';
import { verificationRoutes } from './verification.routes';
import { wizardRoutes } from './wizard.routes';

/** A group of auth routes, registered on the module's instance with the shared services. */
export type AuthRouteGroup = (
  app: Parameters<AppModule>[0],
  deps: Services,
  services: AuthServices,
) => void;

/** Sign-up, phone verification, the wizard, sessions and passwords. */
export const authRoutes: AppModule = async (app, deps) => {
  for (const group of [
    signupRoutes,
    verificationRoutes,
    wizardRoutes,
    sessionRoutes,
    passwordRoutes,
  ]) {
    group(app, deps, deps.auth);
  }
};
