import type { ErrorDefinition } from '../error-definition';

/** Sign-in, sign-up and passwords: the errors of this domain, merged into `ERRORS` (errors.ts). */
export const AUTH_ERRORS = {
  LOGIN_BACKOFF: {
    status: 429,
    es: 'Demasiados intentos de inicio de sesión. Intenta de nuevo en {minutes} min.',
    en: 'Too many sign-in attempts. Try again in {minutes} min.',
  },
  INVALID_CREDENTIALS: {
    status: 401,
    es: 'El correo o la contraseña no son correctos.',
    en: 'The email or password is incorrect.',
  },
  USER_INACTIVE: {
    status: 403,
    es: 'Tu usuario está desactivado. Contacta al administrador de tu organización.',
    en: 'Your user is deactivated. Contact your organization administrator.',
  },
  PHONE_NOT_VERIFIED: {
    status: 403,
    es: 'Verifica tu teléfono para continuar.',
    en: 'Verify your phone to continue.',
  },
  REGISTRATION_INCOMPLETE: {
    status: 409,
    es: 'Completa tu registro para continuar.',
    en: 'Complete your registration to continue.',
  },
  EMAIL_TAKEN: {
    status: 409,
    es: 'Ya existe una cuenta con este correo.',
    en: 'An account with this email already exists.',
  },
  SIGNUP_NOT_PENDING: {
    status: 404,
    es: 'No hay un registro pendiente con estos datos. Inicia sesión o regístrate de nuevo.',
    en: 'There is no pending sign-up with these details. Log in or sign up again.',
  },
  CODE_INVALID: {
    status: 400,
    es: 'El código no es correcto.',
    en: 'The code is not correct.',
  },
  CODE_EXPIRED: {
    status: 400,
    es: 'El código ha expirado. Solicita uno nuevo.',
    en: 'The code has expired. Request a new one.',
  },
  CODE_ATTEMPTS_EXCEEDED: {
    status: 429,
    es: 'Superaste el número de intentos. Solicita un código nuevo.',
    en: 'Too many wrong attempts. Request a new code.',
  },
  RESEND_TOO_EARLY: {
    status: 429,
    es: 'Podrás solicitar otro código en {seconds} segundos.',
    en: 'You can request another code in {seconds} seconds.',
  },
  TOKEN_INVALID: {
    status: 400,
    es: 'El enlace no es válido.',
    en: 'The link is not valid.',
  },
  TOKEN_EXPIRED: {
    status: 400,
    es: 'El enlace ha expirado. Solicita uno nuevo.',
    en: 'The link has expired. Request a new one.',
  },
  REFRESH_TOKEN_INVALID: {
    status: 401,
    es: 'Tu sesión ha expirado, por favor inicia sesión de nuevo.',
    en: 'Your session has expired, please log in again.',
  },
  WRONG_CURRENT_PASSWORD: {
    status: 400,
    es: 'La contraseña actual no es correcta.',
    en: 'The current password is not correct.',
  },
  ORGANIZATION_EXISTS: {
    status: 409,
    es: 'Tu organización ya fue creada.',
    en: 'Your organization has already been created.',
  },
} as const satisfies Record<string, ErrorDefinition>;
