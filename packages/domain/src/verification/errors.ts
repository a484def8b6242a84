import type { ErrorDefinition } from '../error-definition';

/** Account verification: the errors of this domain, merged into `ERRORS` (errors.ts). */
export const VERIFICATION_ERRORS = {
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
} as const satisfies Record<string, ErrorDefinition>;
