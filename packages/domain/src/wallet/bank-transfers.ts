import { paginationQuerySchema } from '../pagination';
import { type IssueLike, z } from '../validation';
import { pesosToCentavos } from './rules';

/**
 * Automatic SPEI reconciliation (decision 014). Despacho's bank reports each incoming transfer
 * by a signed webhook and in the account statement staff import; both become one
 * `bank_transfer`, credited to the organization whose receiving CLABE got it, exactly once.
 */
export const BANK_TRANSFER_SOURCES = ['statement', 'webhook'] as const;
export type BankTransferSource = (typeof BANK_TRANSFER_SOURCES)[number];

export const BANK_TRANSFER_STATUSES = ['credited', 'unmatched', 'returned'] as const;
export type BankTransferStatus = (typeof BANK_TRANSFER_STATUSES)[number];

/**
 * Why a transfer waits for staff: nobody owns its CLABE; staff already approved its
 * notification (same tracking key) for another amount; or it does not cover the small-deposit fee.
 */
export const UNMATCHED_REASONS = ['unknown_clabe', 'amount_mismatch', 'below_fee'] as const;
export type UnmatchedReason = (typeof UNMATCHED_REASONS)[number];

export const SPEI_WEBHOOK = {
  /** `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.rawBody">`; several v1 while rotating secrets. */
  signatureHeader: 'x-despacho-signature',
  /** A delivery signed more than this many seconds away from our clock is refused. */
  toleranceSeconds: 300,
} as const;

/** A notification without a matching tracking key may still match by amount this far back. */
export const NOTIFICATION_MATCH_DAYS = 3;

/** At most this many rows per imported statement (the file itself is at most 1 MB). */
export const MAX_STATEMENT_ROWS = 5000;
/** The multipart field the statement travels in. */
export const BANK_STATEMENT_FIELD = 'file';

/**
 * The key of one SPEI transfer: a tracking key is unique per sending bank and operation date
 * (Banxico's CEP looks transfers up the same way), so `20260302-012-MBAN01002603020001`.
 */
export function bankReference(operationDate: string, senderBank: string, trackingKey: string) {
  return `${operationDate.replace(/-/g, '')}-${senderBank}-${trackingKey.toUpperCase()}`;
}

const trackingKeyField = z
  .string({ error: 'required' })
  .trim()
  .regex(/^[A-Za-z0-9]{1,30}$/, { error: 'tracking_key' })
  .transform((key) => key.toUpperCase());
const bankCodeField = z
  .string({ error: 'required' })
  .trim()
  .regex(/^\d{3}$/, { error: 'spei_bank_code' });
/** SPEI ordering accounts are a CLABE (18), a debit card (16) or a mobile phone (10). */
const senderAccountField = z
  .string({ error: 'required' })
  .trim()
  .regex(/^(\d{10}|\d{16}|\d{18})$/, { error: 'spei_account' });
const beneficiaryClabeField = z
  .string({ error: 'required' })
  .trim()
  .regex(/^\d{18}$/, { error: 'clabe' });
const senderNameField = z.string({ error: 'required' }).trim().min(1).max(120);
const conceptField = z.string().trim().max(210);
const isoDate = /^(\d{4})-(\d{2})-(\d{2})$/;

function isCalendarDate(text: string): boolean {
  const match = isoDate.exec(text);
  if (!match) return false;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return date.toISOString().slice(0, 10) === text;
}

const operationDateField = z
  .string({ error: 'required' })
  .refine(isCalendarDate, { error: 'statement_date' });

/** The incoming transfer the bank's webhook reports; amounts are integer centavos. */
export const speiTransferSchema = z.object({
  tracking_key: trackingKeyField,
  /** SPEI operation date (Mexico City), `YYYY-MM-DD`. */
  operation_date: operationDateField,
  sender_bank: bankCodeField,
  sender_clabe: senderAccountField,
  sender_name: senderNameField,
  beneficiary_clabe: beneficiaryClabeField,
  amount_centavos: z.number().int().positive().max(100_000_000_000),
  concept: conceptField.default(''),
  /** When the bank settled it, ISO 8601 with its offset. */
  received_at: z.iso.datetime({ offset: true }),
});
export type SpeiTransfer = z.infer<typeof speiTransferSchema>;

/**
 * `POST webhooks/spei`: one delivery. `event_id` is the sender's id of the delivery (replays
 * carry the same one); the transfer itself is identified by its bank reference.
 */
export const speiWebhookSchema = z.object({
  event_id: z.string().trim().min(1).max(100),
  type: z.literal('spei.incoming'),
  data: speiTransferSchema,
});
export type SpeiWebhookEvent = z.infer<typeof speiWebhookSchema>;

export const SPEI_WEBHOOK_RESULTS = ['credited', 'matched', 'unmatched', 'duplicate'] as const;
export type SpeiWebhookResult = (typeof SPEI_WEBHOOK_RESULTS)[number];

export const speiWebhookAnswerSchema = z.object({
  status: z.enum(SPEI_WEBHOOK_RESULTS),
  bank_transfer_id: z.string().optional(),
});

// Bank statement CSV

/** Columns of the statement file, by their header names; `concepto` may be missing. */
export const STATEMENT_COLUMNS = [
  'fecha',
  'clave_rastreo',
  'banco_emisor',
  'clabe_emisor',
  'nombre_emisor',
  'clabe_beneficiario',
  'monto',
  'concepto',
] as const;
export type StatementColumn = (typeof STATEMENT_COLUMNS)[number];
const OPTIONAL_COLUMNS: readonly StatementColumn[] = ['concepto'];

/** Mexico City has kept UTC−6 all year since October 2022. */
const MEXICO_CITY_OFFSET = '-06:00';

/**
 * `fecha`: `AAAA-MM-DD` or `AAAA-MM-DD HH:MM[:SS]`, Mexico City time; the date part is the
 * operation date, a date alone is taken as the start of that day.
 */
const statementDateField = z
  .string({ error: 'required' })
  .trim()
  .transform((text, context) => {
    const match = /^(\d{4}-\d{2}-\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?$/.exec(text);
    const [, day, hours = '00', minutes = '00', seconds = '00'] = match ?? [];
    const clock = [hours, minutes, seconds].map(Number) as [number, number, number];
    if (!day || !isCalendarDate(day) || clock[0] > 23 || clock[1] > 59 || clock[2] > 59) {
      context.addIssue({ code: 'custom', message: 'statement_date' });
      return z.NEVER;
    }
    return {
      operation_date: day,
      received_at: new Date(
        `${day}T${hours}:${minutes}:${seconds}${MEXICO_CITY_OFFSET}`,
      ).toISOString(),
    };
  });

/** `monto` in pesos as the bank writes it: `1500.50` or `"1,500.50"`, more than zero. */
const statementAmountField = z
  .string({ error: 'required' })
  .trim()
  .min(1, { error: 'required' })
  .transform((text, context) => {
    const centavos = pesosToCentavos(text.replace(/^\$/, ''));
    if (centavos === null) {
      context.addIssue({ code: 'custom', message: 'amount_format' });
      return z.NEVER;
    }
    return centavos;
  });

export const statementRowSchema = z
  .object({
    fecha: statementDateField,
    clave_rastreo: trackingKeyField,
    banco_emisor: bankCodeField,
    clabe_emisor: senderAccountField,
    nombre_emisor: senderNameField,
    clabe_beneficiario: beneficiaryClabeField,
    monto: statementAmountField,
    concepto: conceptField.default(''),
  })
  .transform((row): SpeiTransfer => ({
    tracking_key: row.clave_rastreo,
    operation_date: row.fecha.operation_date,
    sender_bank: row.banco_emisor,
    sender_clabe: row.clabe_emisor,
    sender_name: row.nombre_emisor,
    beneficiary_clabe: row.clabe_beneficiario,
    amount_centavos: row.monto,
    concept: row.concepto,
    received_at: row.fecha.received_at,
  }));

/** A record of a CSV file and the line it starts on (1 is the header). */
export interface CsvRecord {
  line: number;
  fields: string[];
}

/**
 * Where a statement is wrong: the file's line, the column (when one) and what — a zod issue of
 * that cell, or a validation key about the file's shape.
 */
export type StatementProblem = { line: number } & (
  | { column: StatementColumn; issue: IssueLike }
  | {
      column: null;
      message:
        | 'statement_header'
        | 'statement_columns'
        | 'statement_quote'
        | 'statement_empty'
        | 'statement_rows';
      params?: Record<string, unknown>;
    }
);

export type StatementParse =
  | { ok: true; transfers: { line: number; transfer: SpeiTransfer }[] }
  | { ok: false; problem: StatementProblem };

/**
 * Reads a whole statement, from its CSV records (the API reads the file with csv-parse), or
 * answers its first problem: every row is checked before anything is recorded, so a bad row
 * refuses the file.
 */
export function parseBankStatement(
  parsed: CsvRecord[] | { unclosedQuoteAt: number },
): StatementParse {
  if (!Array.isArray(parsed)) {
    return {
      ok: false,
      problem: { line: parsed.unclosedQuoteAt, column: null, message: 'statement_quote' },
    };
  }
  const [header, ...rows] = parsed;
  if (!header) return { ok: false, problem: { line: 1, column: null, message: 'statement_empty' } };
  const names = header.fields.map((name) => name.trim().toLowerCase());
  const missing = STATEMENT_COLUMNS.filter(
    (column) => !OPTIONAL_COLUMNS.includes(column) && !names.includes(column),
  );
  if (missing.length > 0) {
    return {
      ok: false,
      problem: {
        line: header.line,
        column: null,
        message: 'statement_header',
        params: { columns: missing.join(', ') },
      },
    };
  }
  if (rows.length === 0) {
    return { ok: false, problem: { line: 1, column: null, message: 'statement_empty' } };
  }
  if (rows.length > MAX_STATEMENT_ROWS) {
    return {
      ok: false,
      problem: {
        line: rows[MAX_STATEMENT_ROWS]!.line,
        column: null,
        message: 'statement_rows',
        params: { max: MAX_STATEMENT_ROWS },
      },
    };
  }
  const transfers: { line: number; transfer: SpeiTransfer }[] = [];
  for (const row of rows) {
    if (row.fields.length !== names.length) {
      return {
        ok: false,
        problem: {
          line: row.line,
          column: null,
          message: 'statement_columns',
          params: { expected: names.length, found: row.fields.length },
        },
      };
    }
    const values: Record<string, string> = {};
    names.forEach((name, index) => {
      if ((STATEMENT_COLUMNS as readonly string[]).includes(name))
        values[name] = row.fields[index]!;
    });
    const result = statementRowSchema.safeParse(values);
    if (!result.success) {
      const issue = result.error.issues[0]!;
      return {
        ok: false,
        problem: { line: row.line, column: issue.path[0] as StatementColumn, issue },
      };
    }
    transfers.push({ line: row.line, transfer: result.data });
  }
  return { ok: true, transfers };
}

export const bankStatementImportSchema = z.object({
  /** Rows read; the four counts below add up to it. */
  rows: z.number().int(),
  /** Credited to the organization owning the CLABE, with no notification to match. */
  credited: z.number().int(),
  /** Credited by matching the organization's deposit notification (one credit for both). */
  matched_notifications: z.number().int(),
  /** Waiting in the staff queue. */
  unmatched: z.number().int(),
  /** Already recorded (by the webhook or an earlier import): skipped. */
  duplicates: z.number().int(),
});
export type BankStatementImport = z.infer<typeof bankStatementImportSchema>;

// Staff queue

export const bankTransfersQuerySchema = paginationQuerySchema.extend({
  status: z.enum(BANK_TRANSFER_STATUSES, { error: 'one_of' }).optional(),
});
export type BankTransfersQuery = z.infer<typeof bankTransfersQuerySchema>;

export const bankTransferViewSchema = z.object({
  id: z.string(),
  source: z.enum(BANK_TRANSFER_SOURCES),
  bank_reference: z.string(),
  tracking_key: z.string(),
  operation_date: z.string(),
  beneficiary_clabe: z.string(),
  sender_clabe: z.string(),
  sender_bank: z.string(),
  sender_bank_name: z.string().nullable(),
  sender_name: z.string(),
  amount_centavos: z.number().int(),
  concept: z.string(),
  received_at: z.string(),
  status: z.enum(BANK_TRANSFER_STATUSES),
  unmatched_reason: z.enum(UNMATCHED_REASONS).nullable(),
  organization_id: z.string().nullable(),
  organization_name: z.string().nullable(),
  deposit_id: z.string().nullable(),
  ledger_transaction_id: z.string().nullable(),
  return_reason: z.string().nullable(),
  resolved_at: z.string().nullable(),
  created_at: z.string(),
});
export type BankTransferView = z.infer<typeof bankTransferViewSchema>;

export const bankTransferAssignSchema = z.object({
  organization_id: z.uuid({ error: 'required' }),
});
export type BankTransferAssignInput = z.infer<typeof bankTransferAssignSchema>;

export const bankTransferReturnSchema = z.object({
  reason: z.string({ error: 'required' }).trim().min(5).max(500),
});
export type BankTransferReturnInput = z.input<typeof bankTransferReturnSchema>;

/** Organizations staff can assign a transfer to, by company name or receiving CLABE. */
export const staffOrganizationSearchSchema = z.object({
  q: z.string().trim().max(100).default(''),
});
export const staffOrganizationOptionSchema = z.object({
  id: z.string(),
  company: z.string(),
  clabe: z.string().nullable(),
});
export type StaffOrganizationOption = z.infer<typeof staffOrganizationOptionSchema>;
