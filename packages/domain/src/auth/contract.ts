import { organizationCreateSchema } from '../accounts/schemas';
import { defineContract, defineOperation } from '../contract';
import { idParamsSchema } from '../ids';
import { z } from '../validation';
import {
  loginSchema,
  logoutSchema,
  okResultSchema,
  passwordChangeSchema,
  passwordResetRequestResultSchema,
  passwordResetRequestSchema,
  passwordResetSchema,
  refreshResultSchema,
  refreshSchema,
  refreshVerifyQuerySchema,
  refreshVerifyResultSchema,
  registrationSchema,
  resendQuerySchema,
  resendResultSchema,
  sessionSchema,
  signupResultSchema,
  signupStartSchema,
  tokenQuerySchema,
  tokenValidResultSchema,
  userCreateSchema,
  verifyCodeParamsSchema,
  verifyCodeResultSchema,
  wizardInfoSchema,
  wizardTokenParamsSchema,
} from './schemas';

const signup = z.object({ data: signupResultSchema });
const session = z.object({ data: sessionSchema });
const ok = z.object({ data: okResultSchema });

/**
 * Sign-up up to the SMS code, phone verification, the organization wizard, sessions and
 * passwords (spec §7). All public but the signed-in password change. The API implements it in
 * modules/auth/auth.routes.ts, the web calls it from features/auth/api.ts.
 */
export const authContract = defineContract('auth', {
  startSignup: defineOperation({
    method: 'POST',
    path: '/users',
    access: 'public',
    body: signupStartSchema,
    responses: { 201: signup },
  }),
  register: defineOperation({
    method: 'PUT',
    path: '/users/:id',
    access: 'public',
    params: idParamsSchema,
    body: registrationSchema,
    responses: { 200: signup },
  }),
  createUser: defineOperation({
    method: 'POST',
    path: '/user/create',
    access: 'public',
    body: userCreateSchema,
    responses: { 201: signup },
  }),

  verifyCode: defineOperation({
    method: 'PATCH',
    path: '/user/verify-code/:userId/:code',
    access: 'public',
    params: verifyCodeParamsSchema,
    responses: { 200: z.object({ data: verifyCodeResultSchema }) },
  }),
  resendCode: defineOperation({
    method: 'POST',
    path: '/user/verify-code/resend',
    access: 'public',
    query: resendQuerySchema,
    responses: { 200: z.object({ data: resendResultSchema }) },
  }),

  wizard: defineOperation({
    method: 'GET',
    path: '/wizard/:token',
    access: 'public',
    params: wizardTokenParamsSchema,
    responses: { 200: z.object({ data: wizardInfoSchema }) },
  }),
  completeWizard: defineOperation({
    method: 'POST',
    path: '/wizard/:token',
    access: 'public',
    params: wizardTokenParamsSchema,
    body: organizationCreateSchema,
    responses: { 201: session },
  }),

  login: defineOperation({
    method: 'POST',
    path: '/auth/login',
    access: 'public',
    body: loginSchema,
    responses: { 200: session },
  }),
  refresh: defineOperation({
    method: 'POST',
    path: '/auth/refresh-token/create-access-token',
    access: 'public',
    body: refreshSchema,
    responses: { 200: z.object({ data: refreshResultSchema }) },
  }),
  verifyRefreshToken: defineOperation({
    method: 'GET',
    path: '/auth/refresh-token/verify-token',
    access: 'public',
    query: refreshVerifyQuerySchema,
    responses: { 200: z.object({ data: refreshVerifyResultSchema }) },
  }),
  logout: defineOperation({
    method: 'POST',
    path: '/auth/logout',
    access: 'public',
    body: logoutSchema,
    responses: { 200: ok },
  }),

  requestPasswordReset: defineOperation({
    method: 'POST',
    path: '/auth/password/reset',
    access: 'public',
    body: passwordResetRequestSchema,
    responses: { 200: z.object({ data: passwordResetRequestResultSchema }) },
  }),
  verifyResetToken: defineOperation({
    method: 'GET',
    path: '/auth/verify_token',
    access: 'public',
    query: tokenQuerySchema,
    responses: { 200: z.object({ data: tokenValidResultSchema }) },
  }),
  resetPassword: defineOperation({
    method: 'PUT',
    path: '/auth/password',
    access: 'public',
    query: tokenQuerySchema,
    body: passwordResetSchema,
    responses: { 200: ok },
  }),
  changePassword: defineOperation({
    method: 'PUT',
    path: '/auth/password/reset',
    access: 'signed-in',
    body: passwordChangeSchema,
    responses: { 200: ok },
  }),
});
