import type { ErrorDefinition } from '../error-definition';

/** API keys (`development`): the errors of this part of the domain, merged into `ERRORS`. */
export const API_KEYS_ERRORS = {
  API_KEY_MANAGERS_ONLY: {
    status: 403,
    es: 'Solo el propietario o un administrador pueden administrar las llaves de API.',
    en: 'Only the owner or an administrator can manage API keys.',
  },
  API_KEY_SESSION_ONLY: {
    status: 403,
    es: 'Esta operación no acepta llaves de API; inicia sesión para realizarla.',
    en: 'This operation does not accept API keys; sign in to perform it.',
  },
  API_KEY_SCOPE_MISSING: {
    status: 403,
    es: 'La llave de API no tiene el permiso que esta operación necesita.',
    en: 'The API key lacks the scope this operation needs.',
  },
  API_KEY_INVALID: {
    status: 401,
    es: 'La llave de API no es válida, expiró o fue revocada.',
    en: 'The API key is not valid, has expired or was revoked.',
  },
  API_KEY_IP_NOT_ALLOWED: {
    status: 403,
    es: 'La llave de API no puede usarse desde esta dirección IP.',
    en: 'The API key cannot be used from this IP address.',
  },
  API_KEY_EXPIRY_PAST: {
    status: 422,
    es: 'La fecha de expiración debe ser futura.',
    en: 'The expiry date must be in the future.',
  },
  API_KEY_REVOKED: {
    status: 409,
    es: 'Esta llave de API ya fue revocada.',
    en: 'This API key has already been revoked.',
  },
  API_KEY_LIVE_PROVIDER_IN_TEST: {
    status: 403,
    es: 'Una llave de prueba solo puede usar paqueterías y pagos de prueba (sandbox).',
    en: 'A test key can only use sandbox carriers and payments.',
  },
} as const satisfies Record<string, ErrorDefinition>;
