import type {
  InvitationInfo,
  Login,
  PasswordReset,
  Registration,
  Session,
  SignupResult,
  VerifyCodeResult,
  OrganizationCreate,
} from '@despacho/domain';
import { http, unwrap, type ApiData } from '../../lib/http';

/** The calls of sign-in, sign-up and password recovery (spec §7), unwrapped from `{ data }`. */
export const authApi = {
  login: (credentials: Login) => unwrap(http.post<ApiData<Session>>('/auth/login', credentials)),
  logout: (refreshToken: string | null) =>
    http.post('/auth/logout', refreshToken ? { refresh_token: refreshToken } : {}),

  startSignup: (email: string) => unwrap(http.post<ApiData<SignupResult>>('/users', { email })),
  register: (userId: string, registration: Registration) =>
    unwrap(http.put<ApiData<SignupResult>>(`/users/${userId}`, registration)),
  verifyCode: (userId: string, code: string) =>
    unwrap(http.patch<ApiData<VerifyCodeResult>>(`/user/verify-code/${userId}/${code}`)),
  resendCode: (userId: string) =>
    unwrap(
      http.post<ApiData<{ resend_available_in: number }>>('/user/verify-code/resend', undefined, {
        user_id: userId,
      }),
    ),

  wizard: (token: string) =>
    unwrap(http.get<ApiData<{ email: string; name: string }>>(`/wizard/${token}`)),
  completeWizard: (token: string, organization: OrganizationCreate) =>
    unwrap(http.post<ApiData<Session>>(`/wizard/${token}`, organization)),

  invitation: (token: string) =>
    unwrap(http.get<ApiData<InvitationInfo>>('/users/invitation/validate-token', { token })),
  acceptInvitation: (token: string, registration: Registration) =>
    unwrap(
      http.post<ApiData<Session>>('/users/create-by-invitation', registration, {
        invitation_code: token,
      }),
    ),

  requestPasswordReset: (email: string) =>
    unwrap(http.post<ApiData<{ sent: true }>>('/auth/password/reset', { email })),
  verifyResetToken: (token: string) =>
    unwrap(http.get<ApiData<{ valid: true }>>('/auth/verify_token', { token })),
  resetPassword: (token: string, passwords: PasswordReset) =>
    unwrap(http.put<ApiData<{ ok: true }>>('/auth/password', passwords, { token })),
};
