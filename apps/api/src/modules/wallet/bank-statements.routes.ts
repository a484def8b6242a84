import { bankStatementImportSchema, MAX_STATEMENT_ROWS } from '@despacho/domain';
import { z } from 'zod';
import { authOf } from '../../platform/auth';
import { MAX_UPLOAD_BYTES, readUpload } from '../../platform/files';
import type { AppModule } from '../services';
import { STATEMENT_FIELD } from './bank-statements.service';

/**
 * `POST staff/bank-statements`: staff import the bank account statement (CSV) so transfers the
 * webhook missed are reconciled too (decision 014).
 */
export const bankStatementsRoutes: AppModule = async (app, deps) => {
  const statements = deps.bankStatements;

  app.post(
    '/staff/bank-statements',
    {
      config: { access: 'staff' },
      schema: {
        tags: ['staff'],
        security: [{ bearer: [] }],
        summary: 'Imports a bank statement (multipart, field `file`): CSV up to 1 MB',
        description: [
          'UTF-8 (or Windows-1252) CSV, comma-separated, fields with commas in double quotes, a',
          'header row naming the columns (any order, extra columns ignored):',
          '`fecha` (AAAA-MM-DD or AAAA-MM-DD HH:MM[:SS], Mexico City time),',
          '`clave_rastreo` (SPEI tracking key, 1-30 letters or digits),',
          '`banco_emisor` (3-digit bank code, as a CLABE starts: 012 BBVA),',
          '`clabe_emisor` (18-digit CLABE, 16-digit card or 10-digit phone),',
          '`nombre_emisor`, `clabe_beneficiario` (the receiving CLABE, 18 digits),',
          '`monto` (pesos: 1500.50 or "1,500.50") and optionally `concepto`.',
          `At most ${MAX_STATEMENT_ROWS} rows. Every row is checked first: a bad one answers`,
          '400 BANK_STATEMENT_INVALID with `details.line` and `details.column`, and nothing is',
          'recorded. Then each transfer is recorded once by its bank reference (operation date,',
          'sending bank, tracking key); the counts add up to `rows`.',
        ].join(' '),
        consumes: ['multipart/form-data'],
        response: { 200: z.object({ data: bankStatementImportSchema }) },
      },
    },
    async (request) => {
      // One CSV file, at most 1 MB, read whole: it is checked before anything is recorded.
      const content = await readUpload(request, {
        field: STATEMENT_FIELD,
        maxBytes: MAX_UPLOAD_BYTES,
      });
      return {
        data: await statements.import(content, authOf(request).userId, request.language),
      };
    },
  );
};
