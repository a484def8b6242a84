import { shipmentsContract } from '@despacho/domain';
import { authOf, organizationOf } from '../../platform/auth';
import { implement } from '../../platform/contract-routes';
import { sendDownload } from '../../platform/download';
import { idempotencyKeyOf } from '../../platform/idempotency-key';
import type { AppModule } from '../services';
import { insuranceInvoiceUpload } from './insurance-invoice';

/** Guides (decision 017): purchase, list, detail, labels and cancellation, as `shipmentsContract` declares them. */
export const shipmentsRoutes: AppModule = async (app, deps) => {
  const { shipments, purchases, files, cancellation } = deps;
  implement(app, shipmentsContract, {
    purchase: async (request, reply) => {
      const { shipment, replayed } = await purchases.purchase({
        organizationId: organizationOf(request),
        userId: authOf(request).userId,
        idempotencyKey: idempotencyKeyOf(request),
        language: request.language,
        data: request.body,
      });
      if (replayed) reply.header('idempotent-replayed', 'true');
      return reply.status(replayed ? 200 : 201).send({ data: shipment });
    },
    uploadInsuranceInvoice: async (request) => {
      const upload = insuranceInvoiceUpload(organizationOf(request), authOf(request).userId);
      const file = await files.receive(request, upload);
      return { data: { file_id: file.id } };
    },
    list: async (request) =>
      shipments.list(organizationOf(request), request.query, request.language),
    labels: async (request, reply) => {
      const pdf = await shipments.labels(organizationOf(request), request.body.ids);
      return sendDownload(reply, {
        type: 'application/pdf',
        fileName: 'guias.pdf',
        content: Buffer.from(pdf),
      });
    },
    get: async (request) => ({
      data: await shipments.get(organizationOf(request), request.params.id, request.language),
    }),
    labelPdf: async (request, reply) => {
      const label = await shipments.label(organizationOf(request), request.params.id, 'pdf');
      return sendDownload(reply, { ...label, type: 'application/pdf' });
    },
    labelZpl: async (request, reply) => {
      const label = await shipments.label(organizationOf(request), request.params.id, 'zpl');
      return sendDownload(reply, { ...label, type: 'application/zpl; charset=utf-8' });
    },
    // 202: the carrier is asked; the guide is cancelled and refunded once it confirms.
    cancel: async (request) => {
      const organizationId = organizationOf(request);
      await cancellation.request(organizationId, request.params.id);
      return {
        data: await shipments.get(organizationId, request.params.id, request.language),
      };
    },
  });
};
