import type { ErrorDefinition } from './error-definition';
import { interpolate, type Language } from './language';
import * as DOMAIN_ERRORS from './domain-errors';

/** The errors of the platform itself: sign-in state, access, input the API refuses, uploads. */
export const PLATFORM_ERRORS = {
  INTERNAL_ERROR: {
    status: 500,
    es: 'Ha ocurrido un error. Por favor, inténtalo más tarde.',
    en: 'An error has occurred. Please try again later.',
  },
  SESSION_EXPIRED: {
    status: 401,
    es: 'Tu sesión ha expirado, por favor inicia sesión de nuevo.',
    en: 'Your session has expired, please log in again.',
  },
  UNAUTHENTICATED: {
    status: 401,
    es: 'Inicia sesión para continuar.',
    en: 'Please log in to continue.',
  },
  FORBIDDEN: {
    status: 403,
    es: 'No tienes permiso para realizar esta acción.',
    en: 'You do not have permission to do this.',
  },
  NOT_FOUND: {
    status: 404,
    es: 'No encontramos lo que buscas.',
    en: 'We could not find what you are looking for.',
  },
  VALIDATION_FAILED: {
    status: 400,
    es: 'Revisa los datos marcados.',
    en: 'Please check the highlighted fields.',
  },
  // Requests refused before any route reads them (platform/request-errors.ts): the framework's,
  // the HTTP parser's and the multipart reader's own failures, in our envelope.
  MALFORMED_REQUEST: {
    status: 400,
    es: 'La solicitud no tiene un formato válido.',
    en: 'The request is not well formed.',
  },
  REQUEST_TIMEOUT: {
    status: 408,
    es: 'La solicitud tardó demasiado en llegar. Revisa tu conexión y vuelve a intentarlo.',
    en: 'The request took too long to arrive. Check your connection and try again.',
  },
  PAYLOAD_TOO_LARGE: {
    status: 413,
    es: 'La solicitud es demasiado grande.',
    en: 'The request is too large.',
  },
  URI_TOO_LONG: {
    status: 414,
    es: 'La dirección de la solicitud es demasiado larga.',
    en: 'The request address is too long.',
  },
  UNSUPPORTED_MEDIA_TYPE: {
    status: 415,
    es: 'Este tipo de contenido no se acepta; envía JSON o un formulario con archivo.',
    en: 'This content type is not accepted; send JSON or a form with a file.',
  },
  HEADERS_TOO_LARGE: {
    status: 431,
    es: 'Los encabezados o la dirección de la solicitud son demasiado grandes.',
    en: 'The request headers or address are too large.',
  },
  RATE_LIMITED: {
    status: 429,
    es: 'Demasiados intentos. Espera un momento y vuelve a intentarlo.',
    en: 'Too many attempts. Please wait a moment and try again.',
  },
  // Uploads (spec §5: 1 MB)
  FILE_REQUIRED: {
    status: 400,
    es: 'Adjunta un archivo.',
    en: 'Attach a file.',
  },
  FILE_TOO_LARGE: {
    status: 413,
    es: 'El archivo supera el tamaño máximo de {max}.',
    en: 'The file is larger than the maximum of {max}.',
  },
  FILE_TYPE_NOT_ALLOWED: {
    status: 415,
    es: 'Este tipo de archivo no está permitido. Sube un archivo {allowed}.',
    en: 'This file type is not allowed. Upload a {allowed} file.',
  },
  // Images (platform/images.ts): the content itself refused once decoding starts.
  IMAGE_UNREADABLE: {
    status: 422,
    es: 'No pudimos leer la imagen: parece dañada o incompleta. Vuelve a exportarla y súbela de nuevo.',
    en: 'We could not read the image: it seems damaged or incomplete. Export it again and upload it once more.',
  },
  IMAGE_TOO_MANY_PIXELS: {
    status: 413,
    es: 'La imagen tiene demasiados píxeles; el máximo es de {max} megapíxeles.',
    en: 'The image has too many pixels; the maximum is {max} megapixels.',
  },
  FILE_FIELD_UNEXPECTED: {
    status: 400,
    es: 'Envía el archivo en el campo «{field}».',
    en: 'Send the file in the "{field}" field.',
  },
  // The file storage (S3 when configured) failed: the upload or download may be tried again.
  FILE_STORAGE_UNAVAILABLE: {
    status: 503,
    es: 'No pudimos guardar ni leer archivos en este momento. Inténtalo de nuevo en unos minutos.',
    en: 'We could not save or read files right now. Please try again in a few minutes.',
  },
  RECORD_IN_USE: {
    status: 409,
    es: 'No se puede eliminar porque otros registros lo usan (por ejemplo, envíos o productos).',
    en: 'It cannot be deleted because other records use it (for example shipments or products).',
  },
  // Wallet: deposits
  IDEMPOTENCY_KEY_REQUIRED: {
    status: 400,
    es: 'Falta el encabezado Idempotency-Key (de 8 a 100 caracteres) que evita registrar dos veces la misma operación.',
    en: 'The Idempotency-Key header (8 to 100 characters) that keeps an operation from being recorded twice is missing.',
  },
  // Wallet: SPEI reconciliation (bank webhook, statement import, staff queue)
  WEBHOOK_SIGNATURE_INVALID: {
    status: 401,
    es: 'La firma del webhook no es válida.',
    en: 'The webhook signature is not valid.',
  },
  WEBHOOK_TIMESTAMP_STALE: {
    status: 401,
    es: 'La firma del webhook tiene una fecha fuera del margen de 5 minutos.',
    en: 'The webhook signature is dated outside the 5-minute window.',
  },
} as const satisfies Record<string, ErrorDefinition>;

/**
 * Every error the API can answer with: HTTP status and the message in each language, each
 * domain's in its own `<domain>/errors.ts`, registered here with one line. English texts follow
 * the product specification's error catalogue (§8); Spanish is the default. `errors.test.ts`
 * checks no code is defined twice (a spread would hide it).
 */
export const ERROR_GROUPS = { platform: PLATFORM_ERRORS, ...DOMAIN_ERRORS } as const;

/** The groups' union made one object type (each code in one group only: `errors.test.ts`). */
type Merged<Group> = (Group extends unknown ? (group: Group) => void : never) extends (
  group: infer All,
) => void
  ? All
  : never;

/** Every code; each group is checked as `Record<string, ErrorDefinition>` where it is written. */
export const ERRORS: Merged<(typeof ERROR_GROUPS)[keyof typeof ERROR_GROUPS]> = Object.assign(
  {},
  ...Object.values(ERROR_GROUPS),
);

export type ErrorCode = keyof typeof ERRORS;

export function errorStatus(code: ErrorCode): number {
  return ERRORS[code].status;
}

export function errorMessage(
  code: ErrorCode,
  language: Language,
  params?: Record<string, unknown>,
): string {
  const { labels } = ERRORS[code] as ErrorDefinition;
  if (!labels || !params) return interpolate(ERRORS[code][language], params);
  const named = Object.fromEntries(
    Object.entries(params).map(([key, value]) => [
      key,
      labels[key]?.[String(value)]?.[language] ?? value,
    ]),
  );
  return interpolate(ERRORS[code][language], named);
}

/** The error body every failing API call answers with. */
export interface ApiErrorBody {
  error: {
    code: ErrorCode;
    message: string;
    fields?: Record<string, string>;
    details?: Record<string, unknown>;
  };
}
