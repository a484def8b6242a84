import type { ErrorDefinition } from '../error-definition';

/** Prepaid balance: ledger, deposits (SPEI and card) and reconciliation: the errors of this domain, merged into `ERRORS` (errors.ts). */
export const WALLET_ERRORS = {
  INSUFFICIENT_BALANCE: {
    status: 402,
    es: 'Saldo insuficiente para realizar el pago',
    en: 'Insufficient balance to make payment',
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
  CARD_REFUND_UNAVAILABLE: {
    status: 409,
    es: 'Este depósito no se puede reembolsar a la tarjeta: solo los depósitos con tarjeta acreditados, cobrados por un procesador que admite reembolsos.',
    en: 'This deposit cannot be refunded to the card: only credited card deposits charged by a processor that supports refunds can be.',
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
