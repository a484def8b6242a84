import { PRODUCT_IMPORT_MAX_BYTES, productsContract } from '@despacho/domain';
import { authOf, organizationOf } from '../../platform/auth';
import { implement } from '../../platform/contract-routes';
import { sendDownload } from '../../platform/download';
import { readNamedUpload } from '../../platform/files';
import type { AppModule } from '../services';

const {
  export: exportOperation,
  import: importOperation,
  importApply,
  importStatus,
} = productsContract;

/**
 * The products CSV (`products` list's import and export buttons): the export, the upload that
 * checks a file and answers what importing it does, the merchant's confirmation that queues it,
 * and the import's progress.
 */
export const productImportsRoutes: AppModule = async (app, { productImports }) => {
  implement(
    app,
    { export: exportOperation, import: importOperation, importApply, importStatus },
    {
      export: async (request, reply) => {
        const { fileName, stream } = productImports.export(
          organizationOf(request),
          request.query,
          request.language,
        );
        return sendDownload(reply, { type: 'text/csv; charset=utf-8', fileName, content: stream });
      },
      import: async (request) => {
        // Read whole (≤ 10 MB): every row is checked before anything is stored.
        const upload = await readNamedUpload(request, {
          field: importOperation.upload.field,
          maxBytes: PRODUCT_IMPORT_MAX_BYTES,
        });
        return {
          data: await productImports.upload(
            organizationOf(request),
            upload,
            authOf(request).userId,
            request.language,
          ),
        };
      },
      importApply: async (request) => ({
        data: await productImports.apply(organizationOf(request), request.params.id),
      }),
      importStatus: async (request) => ({
        data: await productImports.get(organizationOf(request), request.params.id),
      }),
    },
  );
};
