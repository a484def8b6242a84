import { interpolate, type Language } from './language';

interface ErrorDefinition {
  status: number;
  es: string;
  en: string;
}

/**
 * Every error the API can answer with: HTTP status and the message in each language.
 * English texts follow the product specification's error catalogue (§8); Spanish is the default.
 */
export const ERRORS = {
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
  FILE_FIELD_UNEXPECTED: {
    status: 400,
    es: 'Envía el archivo en el campo «{field}».',
    en: 'Send the file in the "{field}" field.',
  },
  // The insurance invoice's XML must be a stamped CFDI, not any XML (an SVG, say).
  CFDI_INVALID: {
    status: 415,
    es: 'El XML no es un CFDI. Sube la factura timbrada (CFDI 3.3 o 4.0) en XML o en PDF.',
    en: 'The XML is not a CFDI. Upload the stamped invoice (CFDI 3.3 or 4.0) as XML or PDF.',
  },
  // Organization users and invitations
  USER_ALREADY_IN_ORGANIZATION: {
    status: 409,
    es: 'Este correo ya pertenece a un usuario de tu organización.',
    en: 'This email already belongs to a user of your organization.',
  },
  EMAIL_IN_OTHER_ORGANIZATION: {
    status: 409,
    es: 'Este correo ya tiene una cuenta en otra organización. Cada usuario pertenece a una sola organización.',
    en: 'This email already has an account in another organization. Each user belongs to one organization only.',
  },
  CANNOT_DEACTIVATE_SELF: {
    status: 409,
    es: 'No puedes desactivar tu propio usuario.',
    en: 'You cannot deactivate your own user.',
  },
  LAST_OWNER: {
    status: 409,
    es: 'La organización necesita al menos un dueño activo: asigna otro dueño antes de cambiar este.',
    en: 'The organization needs at least one active owner: make someone else owner before changing this one.',
  },
  OWNER_ONLY: {
    status: 403,
    es: 'Solo un dueño puede asignar, quitar o desactivar a un dueño.',
    en: 'Only an owner can make, unmake or deactivate an owner.',
  },
  PERMISSION_NOT_GRANTABLE: {
    status: 403,
    es: 'No puedes otorgar permisos que no tienes ni cambiar a un usuario con más permisos que tú.',
    en: 'You cannot grant permissions you do not hold or change a user with more permissions than you.',
  },
  // Account details: deposit data
  CLABE_TAKEN: {
    status: 409,
    es: 'Esta CLABE ya está registrada por otra organización.',
    en: 'This CLABE is already registered by another organization.',
  },
  RECORD_IN_USE: {
    status: 409,
    es: 'No se puede eliminar porque otros registros lo usan (por ejemplo, envíos o productos).',
    en: 'It cannot be deleted because other records use it (for example shipments or products).',
  },
  // Shipping (§8)
  MISSING_INFORMATION: {
    status: 400,
    es: 'Falta información',
    en: 'Missing information',
  },
  // The carrier refused or failed to issue the guide: the hold was released (details.reason).
  GUIDE_PAYMENT_FAILED: {
    status: 502,
    es: 'Falló el pago de la guía',
    en: 'Guide payment failed',
  },
  PURCHASE_IN_PROGRESS: {
    status: 409,
    es: 'La compra de esta guía sigue en proceso; vuelve a intentarlo en unos segundos con la misma clave.',
    en: 'The purchase of this guide is still in progress; try again in a few seconds with the same key.',
  },
  INSUFFICIENT_BALANCE: {
    status: 402,
    es: 'Saldo insuficiente para realizar el pago',
    en: 'Insufficient balance to make payment',
  },
  // Shipping: buying from a stored quote (shipments/quotes.ts)
  QUOTE_EXPIRED: {
    status: 410,
    es: 'La cotización venció; cotiza de nuevo.',
    en: 'The quote expired; quote again.',
  },
  QUOTE_MISMATCH: {
    status: 409,
    es: 'Los datos del envío cambiaron desde la cotización; cotiza de nuevo.',
    en: 'The shipment details changed since the quote; quote again.',
  },
  QUOTE_ALREADY_USED: {
    status: 409,
    es: 'Esta cotización ya se usó para comprar una guía; cotiza de nuevo.',
    en: 'This quote was already used to buy a guide; quote again.',
  },
  // Shipping: cancelling a guide (shipments/cancellation.ts)
  CANCELLATION_WINDOW_EXPIRED: {
    status: 409,
    es: 'La guía solo puede cancelarse dentro de las 73 horas posteriores a su creación.',
    en: 'A guide can only be cancelled within 73 hours of its creation.',
  },
  GUIDE_ALREADY_USED: {
    status: 409,
    es: 'La guía ya fue utilizada (tiene escaneo de recolección) y no puede cancelarse.',
    en: 'The guide has already been used (it has a collection scan) and cannot be cancelled.',
  },
  GUIDE_ALREADY_CANCELLED: {
    status: 409,
    es: 'La guía ya fue cancelada o su cancelación ya está en proceso.',
    en: 'The guide has already been cancelled or its cancellation is already in progress.',
  },
  CANCELLATION_REJECTED: {
    status: 502,
    es: 'La paquetería no aceptó la cancelación: {reason}',
    en: 'The carrier did not accept the cancellation: {reason}',
  },
  // Wallet: card deposits (the reason comes from the payment provider, in the caller's language)
  CARD_DECLINED: {
    status: 402,
    es: 'Tu tarjeta fue rechazada: {reason}.',
    en: 'Your card was declined: {reason}.',
  },
  CARD_CHARGE_UNRESOLVED: {
    status: 409,
    es: 'El procesador de pagos aún no registra un cobro para este depósito y la tarjeta todavía podría cobrarse. Vuelve a verificarlo en unos minutos.',
    en: 'The payment processor has no charge for this deposit yet, and the card could still be charged. Check again in a few minutes.',
  },
  CARD_PAYMENTS_UNAVAILABLE: {
    status: 503,
    es: 'Los depósitos con tarjeta no están disponibles por ahora. Deposita por SPEI.',
    en: 'Card deposits are not available right now. Deposit by SPEI instead.',
  },
  // Wallet (ledger)
  IDEMPOTENCY_KEY_REUSED: {
    status: 409,
    es: 'Esta operación ya se registró con otros datos. Vuelve a intentarlo desde el principio.',
    en: 'This operation was already recorded with different data. Please start again.',
  },
  CHARGE_ALREADY_SETTLED: {
    status: 409,
    es: 'Este cargo ya se completó o se liberó.',
    en: 'This charge has already been completed or released.',
  },
  REFUND_EXCEEDS_CHARGE: {
    status: 409,
    es: 'El reembolso supera lo que queda por devolver de este cargo.',
    en: 'The refund exceeds what remains to be returned of this charge.',
  },
  // Wallet: deposits
  IDEMPOTENCY_KEY_REQUIRED: {
    status: 400,
    es: 'Falta el encabezado Idempotency-Key (de 8 a 100 caracteres) que evita registrar dos veces la misma operación.',
    en: 'The Idempotency-Key header (8 to 100 characters) that keeps an operation from being recorded twice is missing.',
  },
  DEPOSIT_ALREADY_NOTIFIED: {
    status: 409,
    es: 'Esta transferencia ya fue notificada: ya hay un depósito con esta clave de rastreo del mismo banco.',
    en: 'This transfer has already been notified: there is a deposit with this tracking key from the same bank.',
  },
  DEPOSIT_ALREADY_REVIEWED: {
    status: 409,
    es: 'Este depósito ya fue revisado: solo se aprueban o rechazan depósitos pendientes.',
    en: 'This deposit has already been reviewed: only pending deposits can be approved or rejected.',
  },
  TAX_INFORMATION_UNAVAILABLE: {
    status: 422,
    es: 'No se pudo obtener tu información fiscal, por favor verifica tus datos',
    en: 'Your tax information could not be obtained, please verify your information',
  },
  PRODUCTS_UNAVAILABLE: {
    status: 502,
    es: 'Error al obtener los productos',
    en: 'Error getting products',
  },
  NO_INVENTORY: {
    status: 409,
    es: 'No hay productos en inventario',
    en: 'No products in inventory',
  },
  PRODUCT_ALREADY_REGISTERED: {
    status: 409,
    es: 'El producto no se puede agregar porque ya fue registrado.',
    en: 'The product cannot be added because it has already been registered.',
  },
  PACKAGE_REQUIRED: {
    status: 400,
    es: 'Debes agregar al menos un paquete',
    en: 'You must add at least one package',
  },
  // Pickups (§8)
  PICKUP_NO_BUSINESS_DAYS: {
    status: 409,
    es: 'No hay días hábiles disponibles para la recolección, inténtalo más tarde.',
    en: 'No business days are available for collection, try again later.',
  },
  PICKUP_NO_SCHEDULES: {
    status: 409,
    es: 'No hay horarios disponibles.',
    en: 'No schedules are available.',
  },
  // Pickups requested from the pickup screen (shipments/pickups.ts)
  PICKUP_NOT_BUSINESS_DAY: {
    status: 409,
    es: 'Las paqueterías no recolectan en sábado, domingo ni días festivos; elige un día hábil.',
    en: 'Carriers do not collect on Saturdays, Sundays or public holidays; choose a business day.',
  },
  PICKUP_CUTOFF_PASSED: {
    status: 409,
    es: 'Ya pasó la hora límite de hoy ({cutoff}) para solicitar una recolección; elige otro día.',
    en: 'Today’s cut-off time ({cutoff}) to request a pickup has passed; choose another day.',
  },
  PICKUP_DATE_OUT_OF_RANGE: {
    status: 409,
    es: 'Elige un día de recolección entre hoy y los próximos {days} días hábiles.',
    en: 'Choose a pickup day between today and the next {days} business days.',
  },
  PICKUP_SHIPMENTS_MIXED: {
    status: 409,
    es: 'Las guías de una recolección deben ser de la misma paquetería y salir del mismo origen.',
    en: 'The guides of one pickup must be of the same carrier and leave from the same origin.',
  },
  PICKUP_SHIPMENTS_NOT_ELIGIBLE: {
    status: 409,
    es: 'Solo se recolectan guías compradas que aún no se recolectan ni tienen recolección programada: {tracking_numbers}.',
    en: 'Only purchased guides not yet collected and without a scheduled pickup can be collected: {tracking_numbers}.',
  },
  PICKUP_REJECTED: {
    status: 502,
    es: 'La paquetería no aceptó la recolección: {reason}',
    en: 'The carrier did not accept the pickup: {reason}',
  },
  // Entries and products (§8)
  ENTRY_PRODUCT_REQUIRED: {
    status: 400,
    es: 'Se necesita al menos un producto.',
    en: 'At least one product is needed.',
  },
  ENTRY_PRODUCT_DATA_MISSING: {
    status: 400,
    es: 'Completa los datos faltantes de los productos.',
    en: 'Fill in the missing product data.',
  },
  PRODUCT_DUPLICATE: {
    status: 409,
    es: 'No se puede agregar un producto duplicado.',
    en: 'A duplicate product cannot be added.',
  },
  // Account verification
  VERIFICATION_INCOMPLETE: {
    status: 400,
    es: 'Sube tu identificación oficial, comprobante de domicilio y constancia de situación fiscal antes de enviar.',
    en: 'Upload your official ID, proof of address and tax status statement before submitting.',
  },
  VERIFICATION_IN_REVIEW: {
    status: 409,
    es: 'Tu verificación está en revisión. Espera la respuesta antes de cambiarla.',
    en: 'Your verification is under review. Wait for the answer before changing it.',
  },
  VERIFICATION_COMPLETED: {
    status: 409,
    es: 'Tu cuenta ya está verificada.',
    en: 'Your account is already verified.',
  },
  VERIFICATION_NOT_IN_REVIEW: {
    status: 409,
    es: 'Esta verificación no está en revisión.',
    en: 'This verification is not under review.',
  },
  // Catalogs: SEPOMEX postal codes
  POSTAL_CODE_NOT_FOUND: {
    status: 404,
    es: 'No encontramos el código postal {zip}.',
    en: 'We could not find postal code {zip}.',
  },
  POSTAL_CODES_NOT_LOADED: {
    status: 404,
    es: 'El catálogo de códigos postales no está cargado; captura la dirección a mano.',
    en: 'The postal code catalogue is not loaded; enter the address by hand.',
  },
  // Catalogs: SAT Carta Porte product codes (c_ClaveProdServCP)
  SAT_PRODUCT_NOT_FOUND: {
    status: 404,
    es: 'La clave {code} no está en el catálogo Carta Porte del SAT.',
    en: 'Code {code} is not in the SAT Carta Porte catalogue.',
  },
  SAT_PRODUCTS_NOT_LOADED: {
    status: 404,
    es: 'El catálogo de claves de producto del SAT no está cargado; solo se revisa que la familia (primeros 4 dígitos) exista.',
    en: 'The SAT product code catalogue is not loaded; only the family (first 4 digits) is checked.',
  },
  // Support
  CONVERSATION_CLOSED: {
    status: 409,
    es: 'Esta conversación ya está cerrada.',
    en: 'This conversation is already closed.',
  },
  // Vendors (settings/vendors)
  VENDOR_CODE_TAKEN: {
    status: 409,
    es: 'Ya tienes un proveedor con este código.',
    en: 'You already have a vendor with this code.',
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
  BANK_STATEMENT_INVALID: {
    status: 400,
    es: 'La línea {line} del estado de cuenta no es válida: {problem} No se registró ningún movimiento.',
    en: 'Line {line} of the bank statement is not valid: {problem} No transfer was recorded.',
  },
  BANK_TRANSFER_NOT_UNMATCHED: {
    status: 409,
    es: 'Esta transferencia ya se acreditó o se devolvió.',
    en: 'This transfer has already been credited or returned.',
  },
  BANK_TRANSFER_BELOW_FEE: {
    status: 409,
    es: 'La transferencia no cubre la comisión por depósito menor a $500.00; devuélvela.',
    en: 'The transfer does not cover the fee for deposits under $500.00; return it.',
  },
  EXPORT_TOO_LARGE: {
    status: 400,
    es: 'Son más de {max} movimientos para exportar; elige un rango de fechas más corto.',
    en: 'There are more than {max} transactions to export; choose a shorter date range.',
  },
} as const satisfies Record<string, ErrorDefinition>;

export type ErrorCode = keyof typeof ERRORS;

export function errorStatus(code: ErrorCode): number {
  return ERRORS[code].status;
}

export function errorMessage(
  code: ErrorCode,
  language: Language,
  params?: Record<string, unknown>,
): string {
  return interpolate(ERRORS[code][language], params);
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
