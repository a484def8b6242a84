import {
  BANK_STATEMENT_FIELD,
  interpolate,
  localizeIssue,
  parseBankStatement,
  VALIDATION_MESSAGES,
  type BankStatementImport,
  type Language,
  type StatementParse,
  type StatementProblem,
} from '@despacho/domain';
import { createHash } from 'node:crypto';
import type { AuditLog } from '../../platform/audit';
import { parseCsv } from '../../platform/csv';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import type { BankTransfersService } from './bank-transfers.service';

const notCsv = () => new AppError('FILE_TYPE_NOT_ALLOWED', { allowed: 'CSV' });

/**
 * The statement's text: UTF-8, or Windows-1252 as Excel in Mexico often saves it. Bytes a text
 * file never holds (NUL) mean it is not a CSV at all.
 */
export function decodeStatement(content: Buffer): string {
  if (content.includes(0)) throw notCsv();
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(content);
  } catch {
    return new TextDecoder('windows-1252').decode(content);
  }
}

/** The statement's transfers, or its first problem: its CSV records, then the statement's rules. */
export function readStatement(text: string): StatementParse {
  return parseBankStatement(parseCsv(text));
}

function describe(problem: StatementProblem, language: Language): string {
  return problem.column
    ? localizeIssue(problem.issue, language)
    : interpolate(VALIDATION_MESSAGES[problem.message][language], problem.params);
}

/**
 * Bank statement import (`POST staff/bank-statements`): the whole file is checked first, and a
 * bad row refuses it with its line number before anything is recorded. Then each transfer is
 * recorded and reconciled in its own transaction, exactly as if the webhook had reported it, so
 * a transfer the webhook already reported (or an earlier import) counts as a duplicate and an
 * interrupted import can simply be run again.
 */
export class BankStatementsService {
  constructor(
    private readonly deps: { db: Db; transfers: BankTransfersService; audit: AuditLog },
  ) {}

  async import(content: Buffer, staffId: string, language: Language): Promise<BankStatementImport> {
    const parsed = readStatement(decodeStatement(content));
    if (!parsed.ok) {
      const { problem } = parsed;
      const text = describe(problem, language);
      throw new AppError(
        'BANK_STATEMENT_INVALID',
        { line: problem.line, column: problem.column, problem: text },
        { [problem.column ?? BANK_STATEMENT_FIELD]: text },
      );
    }
    const counts: BankStatementImport = {
      rows: parsed.transfers.length,
      credited: 0,
      matched_notifications: 0,
      unmatched: 0,
      duplicates: 0,
    };
    for (const { transfer } of parsed.transfers) {
      const { outcome } = await this.deps.transfers.record(transfer, 'statement');
      if (outcome === 'credited') counts.credited += 1;
      else if (outcome === 'matched') counts.matched_notifications += 1;
      else if (outcome === 'unmatched') counts.unmatched += 1;
      else counts.duplicates += 1;
    }
    await this.deps.db.transaction((tx) =>
      this.deps.audit.record(tx, {
        actorId: staffId,
        action: 'bank_statement.import',
        subjectType: 'bank_statement',
        subjectId: createHash('sha256').update(content).digest('hex'),
        organizationId: null,
        before: null,
        after: { ...counts },
      }),
    );
    return counts;
  }
}
