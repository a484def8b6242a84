import { bankStatementsContract } from '@despacho/domain';
import { authOf } from '../../platform/auth';
import { implement } from '../../platform/contract-routes';
import { MAX_UPLOAD_BYTES, readUpload } from '../../platform/files';
import type { AppModule } from '../services';

/**
 * `POST staff/bank-statements`: staff import the bank account statement (CSV) so transfers the
 * webhook missed are reconciled too (decision 014), as `bankStatementsContract` declares it.
 */
export const bankStatementsRoutes: AppModule = async (app, deps) => {
  const statements = deps.bankStatements;
  implement(app, bankStatementsContract, {
    import: async (request) => {
      // One CSV file, at most 1 MB, read whole: it is checked before anything is recorded.
      const content = await readUpload(request, {
        field: bankStatementsContract.import.upload.field,
        maxBytes: MAX_UPLOAD_BYTES,
      });
      return {
        data: await statements.import(content, authOf(request).userId, request.language),
      };
    },
  });
};
