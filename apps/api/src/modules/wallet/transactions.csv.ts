import {
  centavosToPesos,
  type Language,
  type PaymentState,
  type TransactionKind,
} from '@despacho/domain';
import { csvField } from '../../platform/csv';

/**
 * The movements export as a spreadsheet opens it: UTF-8 with a byte-order mark (without it,
 * Excel reads "Depósito" as Windows-1252), commas, CRLF lines, amounts as plain decimals with a
 * dot ("-116.00", what Excel in Mexico reads as a number) and dates in Mexico City time.
 */

const HEADER: Record<Language, string[]> = {
  es: [
    'Fecha',
    'Tipo',
    'Descripción',
    'Origen',
    'Referencia',
    'Monto',
    'Saldo después',
    'Estado de pago',
    'ID del movimiento',
  ],
  en: [
    'Date',
    'Type',
    'Description',
    'Source',
    'Reference',
    'Amount',
    'Balance after',
    'Payment state',
    'Transaction ID',
  ],
};

const KINDS: Record<Language, Record<TransactionKind, string>> = {
  es: {
    deposit: 'Depósito',
    fee: 'Comisión',
    label: 'Guía',
    insurance: 'Seguro',
    refund: 'Reembolso',
    classification: 'Clasificación',
    embarque: 'Embarque',
    adjustment: 'Ajuste',
  },
  en: {
    deposit: 'Deposit',
    fee: 'Fee',
    label: 'Guide',
    insurance: 'Insurance',
    refund: 'Refund',
    classification: 'Classification',
    embarque: 'Embarque',
    adjustment: 'Adjustment',
  },
};

const STATES: Record<Language, Record<PaymentState, string>> = {
  es: {
    pending: 'Pendiente',
    paid: 'Pagado',
    refund: 'Reembolso',
    partial: 'Pago parcial',
    total: 'Pago total',
  },
  en: {
    pending: 'Pending',
    paid: 'Paid',
    refund: 'Refund',
    partial: 'Partial payment',
    total: 'Full payment',
  },
};

/** What caused a movement, for the records the export knows; other types go out as stored. */
const SOURCES: Record<Language, Record<string, string>> = {
  es: { deposit: 'Depósito', bank_transfer: 'Transferencia SPEI' },
  en: { deposit: 'Deposit', bank_transfer: 'SPEI transfer' },
};

export function csvHeader(language: Language): string {
  return `${HEADER[language].map((name) => csvField(name)).join(',')}\r\n`;
}

export interface CsvRow {
  id: string;
  localTime: string;
  kind: string;
  description: string | null;
  referenceType: string | null;
  referenceId: string | null;
  walletAmount: number;
  walletBalanceAfter: number;
  paymentState: string;
}

export function csvLine(row: CsvRow, language: Language): string {
  const fields = [
    csvField(row.localTime),
    csvField(KINDS[language][row.kind as TransactionKind] ?? row.kind),
    csvField(row.description ?? '', { text: true }),
    csvField(row.referenceType ? (SOURCES[language][row.referenceType] ?? row.referenceType) : ''),
    csvField(row.referenceId ?? '', { text: true }),
    centavosToPesos(row.walletAmount),
    centavosToPesos(row.walletBalanceAfter),
    csvField(STATES[language][row.paymentState as PaymentState] ?? row.paymentState),
    row.id,
  ];
  return `${fields.join(',')}\r\n`;
}
