import {
  describeTransaction,
  isTransactionDescriptionCode,
  TRANSACTIONS_EXPORT_MAX_ROWS,
  TRANSACTIONS_TIME_ZONE,
  type Language,
  type PageMeta,
  type PaymentState,
  type TransactionDescription,
  type TransactionKind,
  type TransactionsFilter,
  type TransactionsQuery,
  type TransactionView,
} from '@despacho/domain';
import { Readable } from 'node:stream';
import type { Clock } from '../../platform/clock';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import * as repository from './transactions.repository';
import { CSV_BOM } from '../../platform/csv';
import { csvHeader, csvLine } from './transactions.csv';

/** Rows read per query while streaming an export. */
const EXPORT_PAGE_ROWS = 2_000;

/**
 * What the merchant reads of a movement, in their language: its code rendered, or the sentence a
 * row written before codes still holds (the migration mapped every text it recognised).
 */
function descriptionOf(row: repository.TransactionListRow, language: Language): string | null {
  const { descriptionCode: code, descriptionParams: params } = row;
  if (!code || !params || !isTransactionDescriptionCode(code)) return row.description;
  return describeTransaction({ code, params } as TransactionDescription, language);
}

function toView(row: repository.TransactionListRow, language: Language): TransactionView {
  return {
    id: row.id,
    created_at: row.createdAt.toISOString(),
    kind: row.kind as TransactionKind,
    description: descriptionOf(row, language),
    reference:
      row.referenceType && row.referenceId
        ? { type: row.referenceType, id: row.referenceId }
        : null,
    amount_centavos: row.walletAmount,
    balance_after_centavos: row.walletBalanceAfter,
    payment_state: row.paymentState as PaymentState,
  };
}

/** Today in Mexico City as `YYYY-MM-DD` (the export's file name). */
function localDay(now: Date): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: TRANSACTIONS_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}

/**
 * `finance/transactions`: the wallet's movements as the merchant reads them — the ledger's
 * transactions of the organization that changed its wallet, newest first — and their CSV export.
 * Read-only: money only moves through LedgerService.
 */
export class TransactionsService {
  constructor(private readonly deps: { db: Db; clock: Clock }) {}

  async list(
    organizationId: string,
    query: TransactionsQuery,
    language: Language,
  ): Promise<{ data: TransactionView[]; meta: PageMeta }> {
    const { rows, total } = await repository.listTransactions(this.deps.db, organizationId, query);
    return {
      data: rows.map((row) => toView(row, language)),
      meta: { page: query.page, pageSize: query.pageSize, total },
    };
  }

  /**
   * Every movement of the filtered set as CSV, streamed page by page so a large export never
   * sits in memory. More than the maximum is refused before anything is sent, so the client
   * gets an error it can show rather than a cut-off file.
   */
  async exportCsv(organizationId: string, filter: TransactionsFilter, language: Language) {
    const total = await repository.countTransactions(this.deps.db, organizationId, filter);
    if (total > TRANSACTIONS_EXPORT_MAX_ROWS) {
      throw new AppError('EXPORT_TOO_LARGE', {
        max: TRANSACTIONS_EXPORT_MAX_ROWS.toLocaleString(language === 'es' ? 'es-MX' : 'en-US'),
      });
    }
    const db = this.deps.db;
    async function* lines() {
      yield CSV_BOM + csvHeader(language);
      let cursor: repository.ExportCursor | null = null;
      // Rows added while streaming are newer than the first page: the export is the set as it
      // was when it started, capped in case the count grew meanwhile.
      for (let sent = 0; sent < TRANSACTIONS_EXPORT_MAX_ROWS;) {
        const rows = await repository.exportPage(
          db,
          organizationId,
          filter,
          cursor,
          Math.min(EXPORT_PAGE_ROWS, TRANSACTIONS_EXPORT_MAX_ROWS - sent),
        );
        if (rows.length > 0) {
          yield rows
            .map((row) => csvLine({ ...row, description: descriptionOf(row, language) }, language))
            .join('');
        }
        sent += rows.length;
        const last = rows.at(-1);
        if (!last || rows.length < EXPORT_PAGE_ROWS) return;
        cursor = { createdAt: last.cursor, id: last.id };
      }
    }
    return {
      fileName: `movimientos-${localDay(this.deps.clock.now())}.csv`,
      stream: Readable.from(lines()),
    };
  }
}
