import type { ErrorDefinition } from '../error-definition';

/** Outgoing webhooks (development): the errors of this part of the domain. */
export const WEBHOOKS_ERRORS = {
  WEBHOOK_URL_NOT_ALLOWED: {
    status: 422,
    es: 'La URL debe usar HTTPS y apuntar a un servidor público, no a una red privada.',
    en: 'The URL must use HTTPS and point to a public server, not a private network.',
  },
  WEBHOOK_ENDPOINT_LIMIT: {
    status: 409,
    es: 'Llegaste al máximo de {max} endpoints. Elimina uno para agregar otro.',
    en: 'You reached the limit of {max} endpoints. Delete one to add another.',
  },
  WEBHOOK_ENDPOINT_DISABLED: {
    status: 409,
    es: 'Este endpoint está desactivado. Actívalo para enviarle eventos.',
    en: 'This endpoint is disabled. Enable it to send it events.',
  },
} as const satisfies Record<string, ErrorDefinition>;
