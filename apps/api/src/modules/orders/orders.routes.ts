import { BULK_CSV_MAX_BYTES, ordersContract } from '@despacho/domain';
import { authOf, organizationOf } from '../../platform/auth';
import { implement } from '../../platform/contract-routes';
import { sendDownload } from '../../platform/download';
import { readNamedUpload } from '../../platform/files';
import { idempotencyKeyOf } from '../../platform/idempotency-key';
import type { AppModule } from '../services';

/** The orders screens, as `ordersContract` declares them. */
export const ordersRoutes: AppModule = async (app, { orders, fulfilment, bulkLabels }) => {
  const caller = (request: Parameters<typeof authOf>[0]) => ({ userId: authOf(request).userId });
  implement(app, ordersContract, {
    list: async (request) => orders.list(organizationOf(request), request.query),
    summary: async (request) => ({ data: await orders.summary(organizationOf(request)) }),
    get: async (request) => ({
      data: await orders.get(organizationOf(request), request.params.id),
    }),
    create: async (request) => ({
      data: await orders.create(organizationOf(request), request.body, {
        ...caller(request),
        idempotencyKey: idempotencyKeyOf(request),
      }),
    }),
    updateAddress: async (request) => ({
      data: await orders.updateAddress(
        organizationOf(request),
        request.params.id,
        request.body.shipping_address,
      ),
    }),
    setTags: async (request) => ({
      data: await orders.setTags(organizationOf(request), request.params.id, request.body.tags),
    }),
    linkLine: async (request) => ({
      data: await orders.linkLine(
        organizationOf(request),
        request.params.id,
        request.params.lineId,
        request.body.variant_id,
        caller(request),
      ),
    }),
    cancel: async (request) => ({
      data: await orders.cancel(
        organizationOf(request),
        request.params.id,
        request.body,
        caller(request),
      ),
    }),
    quote: async (request) => ({
      data: await fulfilment.quote(
        organizationOf(request),
        request.params.id,
        request.body,
        authOf(request).userId,
        request.language,
      ),
    }),
    fulfill: async (request) => ({
      data: await fulfilment.fulfil(organizationOf(request), request.params.id, request.body, {
        ...caller(request),
        idempotencyKey: idempotencyKeyOf(request),
        language: request.language,
      }),
    }),
    retryPush: async (request) => ({
      data: await fulfilment.retryPush(
        organizationOf(request),
        request.params.id,
        request.params.fulfillmentId,
      ),
    }),
    startBulk: async (request) => ({
      data: await bulkLabels.start(organizationOf(request), request.body, {
        ...caller(request),
        idempotencyKey: idempotencyKeyOf(request),
        language: request.language,
      }),
    }),
    resolveBulkCsv: async (request) => {
      const upload = await readNamedUpload(request, {
        field: ordersContract.resolveBulkCsv.upload.field,
        maxBytes: BULK_CSV_MAX_BYTES,
      });
      return { data: await bulkLabels.fromCsv(organizationOf(request), upload.content) };
    },
    getBulk: async (request) => ({
      data: await bulkLabels.get(organizationOf(request), request.params.id),
    }),
    bulkLabelsFile: async (request, reply) => {
      const { format } = request.query;
      const file = await bulkLabels.labels(organizationOf(request), request.params.id, format);
      return sendDownload(reply, {
        type: format === 'pdf' ? 'application/pdf' : 'application/zpl',
        fileName: `guias-${request.params.id}.${format}`,
        content: typeof file === 'string' ? file : Buffer.from(file),
      });
    },
  });
};
