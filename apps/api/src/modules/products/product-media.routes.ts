import { PRODUCT_RULES, type productsContract } from '@despacho/domain';
import { authOf, organizationOf } from '../../platform/auth';
import type { ContractHandlers } from '../../platform/contract-routes';
import { readUpload } from '../../platform/files';
import type { Services } from '../services';
import { DATASHEET_PURPOSE } from './products.problems';

type MediaOperation = 'uploadImage' | 'image' | 'uploadDatasheet' | 'datasheet';

/** A catalogue's images and data sheets: the handlers of their `productsContract` operations. */
export const productMediaHandlers = ({
  productMedia,
  files,
}: Services): Pick<ContractHandlers<typeof productsContract>, MediaOperation> => ({
  uploadImage: async (request) => {
    const content = await readUpload(request, {
      field: 'file',
      maxBytes: PRODUCT_RULES.imageMaxBytes,
    });
    return {
      data: await productMedia.uploadImage(
        organizationOf(request),
        content,
        authOf(request).userId,
      ),
    };
  },
  image: async (request, reply) =>
    files.send(
      reply,
      await productMedia.image(organizationOf(request), request.params.imageId, request.query.size),
    ),
  uploadDatasheet: async (request) => {
    const file = await files.receive(request, {
      organizationId: organizationOf(request),
      purpose: DATASHEET_PURPOSE,
      allowed: ['pdf'],
      field: 'file',
      maxBytes: PRODUCT_RULES.datasheetMaxBytes,
      uploadedBy: authOf(request).userId,
    });
    return { data: productMedia.datasheetUploaded(file) };
  },
  datasheet: async (request, reply) =>
    files.send(
      reply,
      await productMedia.datasheet(organizationOf(request), request.params.fileId),
      {
        download: true,
      },
    ),
});
