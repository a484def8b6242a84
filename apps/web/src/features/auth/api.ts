import {
  authContract,
  organizationUsersContract,
  type Login,
  type OrganizationCreate,
  type PasswordReset,
  type Registration,
} from '@despacho/domain';
import { call, queryKeys } from '../../lib/api-client';
import { unwrap } from '../../lib/http';

export const authKeys = queryKeys(authContract);
/** The invitation a link names, read before accepting it. */
export const invitationKeys = queryKeys(organizationUsersContract);

/** The calls of sign-in, sign-up and password recovery (spec §7), unwrapped from `{ data }`. */
export const authApi = {
  login: (credentials: Login) => unwrap(call(authContract.login, { body: credentials })),
  logout: (refreshToken: string | null) =>
    call(authContract.logout, { body: refreshToken ? { refresh_token: refreshToken } : {} }),

  startSignup: (email: string) => unwrap(call(authContract.startSignup, { body: { email } })),
  register: (userId: string, registration: Registration) =>
    unwrap(call(authContract.register, { params: { id: userId }, body: registration })),
  verifyCode: (userId: string, code: string) =>
    unwrap(call(authContract.verifyCode, { params: { userId, code } })),
  resendCode: (userId: string) =>
    unwrap(call(authContract.resendCode, { query: { user_id: userId } })),

  wizard: (token: string) => unwrap(call(authContract.wizard, { params: { token } })),
  completeWizard: (token: string, organization: OrganizationCreate) =>
    unwrap(call(authContract.completeWizard, { params: { token }, body: organization })),

  invitation: (token: string) =>
    unwrap(call(organizationUsersContract.invitationInfo, { query: { token } })),
  acceptInvitation: (token: string, registration: Registration) =>
    unwrap(
      call(organizationUsersContract.acceptInvitation, {
        query: { invitation_code: token },
        body: registration,
      }),
    ),

  requestPasswordReset: (email: string) =>
    unwrap(call(authContract.requestPasswordReset, { body: { email } })),
  verifyResetToken: (token: string) =>
    unwrap(call(authContract.verifyResetToken, { query: { token } })),
  resetPassword: (token: string, passwords: PasswordReset) =>
    unwrap(call(authContract.resetPassword, { query: { token }, body: passwords })),
};
