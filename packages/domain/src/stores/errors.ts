import type { ErrorDefinition } from '../error-definition';

/** Stores (settings/marketplaces): the errors of this domain, merged into `ERRORS` (errors.ts). */
export const STORES_ERRORS = {
  STORE_ALREADY_CONNECTED: {
    status: 409,
    es: 'Esta tienda ya está conectada a una organización.',
    en: 'This store is already connected to an organization.',
  },
  STORE_AUTHORIZATION_FAILED: {
    status: 400,
    es: 'La plataforma no autorizó la conexión. Vuelve a intentarlo desde Tiendas.',
    en: 'The platform did not authorize the connection. Try again from Stores.',
  },
  STORE_CREDENTIALS_REJECTED: {
    status: 400,
    es: 'La tienda rechazó las claves. Revisa la clave y el secreto del consumidor (permisos de lectura y escritura).',
    en: 'The store rejected the keys. Check the consumer key and secret (read and write permissions).',
  },
  STORE_URL_NOT_PUBLIC: {
    status: 400,
    es: 'La dirección de la tienda no es pública. Escribe la URL con la que tus clientes la visitan en internet (https://…).',
    en: 'The store address is not public. Type the URL your customers visit it at on the internet (https://…).',
  },
  // 424 Failed Dependency: the request was sound but the store it depends on did not answer;
  // a refusal we report, never a 5xx of ours.
  STORE_UNREACHABLE: {
    status: 424,
    es: 'La tienda no respondió; inténtalo de nuevo en unos minutos.',
    en: 'The store did not respond; try again in a few minutes.',
  },
  STORE_DISABLED: {
    status: 409,
    es: 'La tienda está deshabilitada: habilítala para sincronizar o enviar guías a ella.',
    en: 'The store is disabled: enable it to sync or send tracking to it.',
  },
  STORE_WEBHOOK_SIGNATURE_INVALID: {
    status: 401,
    es: 'Firma del webhook inválida.',
    en: 'Invalid webhook signature.',
  },
} as const satisfies Record<string, ErrorDefinition>;
