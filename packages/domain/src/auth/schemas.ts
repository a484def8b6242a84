import { z } from '../validation';
import {
  emailField,
  passwordField,
  phoneCountryCodeField,
  phoneField,
  requiredText,
  withPasswordConfirmation,
} from '../fields';
import { organizationSchema, userSchema } from '../accounts/schemas';

/** Business constants of sign-in and sign-up. */
export const AUTH_RULES = {
  codeLength: 6,
  codeTtlMinutes: 10,
  codeMaxAttempts: 5,
  codeResendSeconds: 60,
  passwordResetTtlMinutes: 60,
  accessTokenTtlSeconds: 15 * 60,
  /** Refresh-token lifetime: a browser session, or 30 days with remember-me. */
  refreshTtlHours: { session: 24, remembered: 30 * 24 },
  /**
   * Sign-in backoff per account, whatever the address: from the 10th failed try in a row each
   * further failure locks the account's sign-in for 1, 2, 4… minutes, never more than 15 (so an
   * attacker cannot lock the owner out for long); failures are forgotten after 15 quiet minutes,
   * a successful sign-in or a password reset.
   */
  loginBackoff: { afterFailures: 10, firstSeconds: 60, maxSeconds: 15 * 60, forgetMinutes: 15 },
} as const;

/** `POST users`: sign-up starts with an email. */
export const signupStartSchema = z.object({ email: emailField });
export type SignupStart = z.infer<typeof signupStartSchema>;

const registrationFields = z.object({
  name: requiredText(50),
  last_name: requiredText(50),
  phone_country_code: phoneCountryCodeField,
  phone: phoneField,
  password: passwordField,
  password_confirmation: z.string().min(1, { error: 'required' }),
});

/** `PUT users/{id}`: the rest of the sign-up form. */
export const registrationSchema = withPasswordConfirmation(registrationFields);
export type Registration = z.infer<typeof registrationSchema>;

/** `POST user/create`: the whole sign-up in one call. */
export const userCreateSchema = withPasswordConfirmation(
  registrationFields.extend({ email: emailField }),
);
export type UserCreate = z.infer<typeof userCreateSchema>;

/** Answer of the sign-up calls: who to verify, and where the code went. */
export const signupResultSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  phone_masked: z.string().nullable(),
  resend_available_in: z.number().int(),
});
export type SignupResult = z.infer<typeof signupResultSchema>;

export const verifyCodeParamsSchema = z.object({
  userId: z.uuid({ error: 'invalid' }),
  code: z.string().regex(/^\d{6}$/, { error: 'code_format' }),
});

export const verifyCodeResultSchema = z.object({ user_id: z.uuid(), wizard_token: z.string() });
export type VerifyCodeResult = z.infer<typeof verifyCodeResultSchema>;

export const resendQuerySchema = z.object({ user_id: z.uuid({ error: 'invalid' }) });
export const resendResultSchema = z.object({ resend_available_in: z.number().int() });

export const loginSchema = z.object({
  email: emailField,
  password: z.string().min(1, { error: 'required' }).max(128),
  remember_me: z.boolean().default(false),
});
export type Login = z.input<typeof loginSchema>;

/** What a successful sign-in (login or the wizard) answers. */
export const sessionSchema = z.object({
  access_token: z.string(),
  refresh_token: z.string(),
  expires_in: z.number().int(),
  user: userSchema,
  organization: organizationSchema.nullable(),
});
export type Session = z.infer<typeof sessionSchema>;

export const refreshSchema = z.object({ refresh_token: z.string().min(1, { error: 'required' }) });
export const refreshResultSchema = z.object({
  access_token: z.string(),
  refresh_token: z.string(),
  expires_in: z.number().int(),
});
export type RefreshResult = z.infer<typeof refreshResultSchema>;

export const refreshVerifyQuerySchema = z.object({
  refresh_token: z.string().min(1, { error: 'required' }),
});
export const refreshVerifyResultSchema = z.object({
  valid: z.literal(true),
  expires_at: z.string(),
});

export const logoutSchema = z.object({ refresh_token: z.string().min(1).optional() });

/** `POST auth/password/reset`: ask for a recovery link. */
export const passwordResetRequestSchema = z.object({ email: emailField });

export const tokenQuerySchema = z.object({ token: z.string().min(1, { error: 'required' }) });

/** `PUT auth/password?token=`: set a new password from a recovery link. */
export const passwordResetSchema = withPasswordConfirmation(
  z.object({
    password: passwordField,
    password_confirmation: z.string().min(1, { error: 'required' }),
  }),
);
export type PasswordReset = z.infer<typeof passwordResetSchema>;

/** `PUT auth/password/reset`: the signed-in user changes their password. */
export const passwordChangeSchema = withPasswordConfirmation(
  z.object({
    current_password: z.string().min(1, { error: 'required' }),
    password: passwordField,
    password_confirmation: z.string().min(1, { error: 'required' }),
  }),
);
export type PasswordChange = z.infer<typeof passwordChangeSchema>;

export const wizardTokenParamsSchema = z.object({ token: z.string().min(1) });
export const wizardInfoSchema = z.object({ email: z.string(), name: z.string() });

/** `POST auth/password/reset` answers the same whether or not the email has an account. */
export const passwordResetRequestResultSchema = z.object({ sent: z.literal(true) });
/** `GET auth/verify_token`: the recovery link can still be used. */
export const tokenValidResultSchema = z.object({ valid: z.literal(true) });
/** Calls that only confirm: logout, setting and changing the password. */
export const okResultSchema = z.object({ ok: z.literal(true) });
