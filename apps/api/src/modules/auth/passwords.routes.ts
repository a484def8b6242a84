import { authOf } from '../../platform/auth';
import type { AuthHandlers } from './auth.routes';

const ok = { data: { ok: true as const } };

/** Recovery by mailed link (no sign-in) and the signed-in password change. */
export const passwordHandlers: AuthHandlers<
  'requestPasswordReset' | 'verifyResetToken' | 'resetPassword' | 'changePassword'
> = ({ passwords }) => ({
  requestPasswordReset: async (request) => {
    await passwords.requestReset(request.body.email);
    return { data: { sent: true as const } };
  },
  verifyResetToken: async (request) => {
    await passwords.check(request.query.token);
    return { data: { valid: true as const } };
  },
  resetPassword: async (request) => {
    await passwords.reset(request.query.token, request.body.password);
    return ok;
  },
  changePassword: async (request) => {
    const { userId, sessionFamily } = authOf(request);
    await passwords.change(userId, sessionFamily, request.body);
    return ok;
  },
});
