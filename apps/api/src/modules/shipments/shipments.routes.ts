import {
  IDEMPOTENCY_KEY_HEADER,
  pageSchema,
  shipmentCreateSchema,
  shipmentDetailSchema,
  shipmentLabelsSchema,
  shipmentParamsSchema,
  shipmentsQuerySchema,
  shipmentSummarySchema,
} from '@despacho/domain';
import { z } from 'zod';
import { authOf, organizationOf } from '../../platform/auth';
import { sendDownload } from '../../platform/download';
import { idempotencyKeyOf } from '../../platform/idempotency-key';
import type { AppModule } from '../services';
import { insuranceInvoiceUpload } from './insurance-invoice';

const tags = ['shipments'];
const security = [{ bearer: [] }];

/**
 * Guides (`shipment`, `shippings`, `shippings/:id`; decision 017): buying one from a quote,
 * paid from the prepaid balance, the list and the detail, and the labels. All with
 * `shipments.create_shipment`.
 */
export const shipmentsRoutes: AppModule = async (app, deps) => {
  const { shipments, purchases, files } = deps;
  const access = { config: { access: 'shipments.create_shipment' as const } };
  const detailAnswer = z.object({ data: shipmentDetailSchema });

  app.post(
    '/shipments',
    {
      ...access,
      schema: {
        tags,
        security,
        summary: 'Buys a guide from a quote’s rate, paid from the prepaid balance',
        description:
          'Origin location, destination (a saved customer’s address or a new one), packages with their products (SAT keys of the Carta Porte), optional insurance (declared value ≤ $100,000.00 and the stamped sales invoice: an uploaded file id or its UUID), and the `quote_id` + `rate_id` chosen; the price is the stored rate’s. Header `Idempotency-Key` (8–100 characters) required: the same key answers the same guide (200) and buys once; while the first request is under way it answers 409 PURCHASE_IN_PROGRESS. 402 INSUFFICIENT_BALANCE writes nothing; 502 GUIDE_PAYMENT_FAILED when the carrier refuses (the hold is released; `details.reason` is the carrier’s). 409 QUOTE_MISMATCH when the zips or parcels are not the quoted ones, 410 QUOTE_EXPIRED, 409 QUOTE_ALREADY_USED.',
        headers: z.object({ [IDEMPOTENCY_KEY_HEADER]: z.string().optional() }),
        body: shipmentCreateSchema,
        response: { 200: detailAnswer, 201: detailAnswer },
      },
    },
    async (request, reply) => {
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
  );

  app.post(
    '/shipments/insurance-invoices',
    {
      ...access,
      schema: {
        tags,
        security,
        summary: 'Uploads the stamped sales invoice an insured guide needs (multipart)',
        description:
          'One file, PDF or CFDI XML, at most 1 MB, its type read from its content. Answers the `file_id` to send as `insurance.invoice_file_id`.',
        consumes: ['multipart/form-data'],
        response: { 201: z.object({ data: z.object({ file_id: z.string() }) }) },
      },
    },
    async (request, reply) => {
      const upload = insuranceInvoiceUpload(organizationOf(request), authOf(request).userId);
      const file = await files.receive(request, upload);
      return reply.status(201).send({ data: { file_id: file.id } });
    },
  );

  app.get(
    '/shipments',
    {
      ...access,
      schema: {
        tags,
        security,
        summary: 'The organization’s guides, newest first',
        description:
          '`tab`: all, fulfilled (delivered), partially_fulfilled (collected or delayed), not_fulfilled (created), cancelled, pickup_requested, pickup_pending. `search` matches every word in the tracking number, the destination’s name or company, or its zip. `from`/`to` are Mexico City days of purchase. Purchases under way are not listed; failed ones only in `all`.',
        querystring: shipmentsQuerySchema,
        response: { 200: pageSchema(shipmentSummarySchema) },
      },
    },
    async (request) => shipments.list(organizationOf(request), request.query, request.language),
  );

  app.post(
    '/shipments/labels',
    {
      ...access,
      schema: {
        tags,
        security,
        summary: 'One PDF with the labels of up to 100 guides, in the order given',
        description: '404 when any id is another organization’s or has no label.',
        body: shipmentLabelsSchema,
      },
    },
    async (request, reply) => {
      const pdf = await shipments.labels(organizationOf(request), request.body.ids);
      return sendDownload(reply, {
        type: 'application/pdf',
        fileName: 'guias.pdf',
        content: Buffer.from(pdf),
      });
    },
  );

  app.get(
    '/shipments/:id',
    {
      ...access,
      schema: {
        tags,
        security,
        summary: 'A guide: route, packages, charges, timeline and cancellation state',
        params: shipmentParamsSchema,
        response: { 200: detailAnswer },
      },
    },
    async (request) => ({
      data: await shipments.get(organizationOf(request), request.params.id, request.language),
    }),
  );

  app.get(
    '/shipments/:id/label.pdf',
    {
      ...access,
      schema: {
        tags,
        security,
        summary: 'The guide’s label as the carrier issued it (4×6 in PDF)',
        params: shipmentParamsSchema,
      },
    },
    async (request, reply) => {
      const label = await shipments.label(organizationOf(request), request.params.id, 'pdf');
      return sendDownload(reply, { ...label, type: 'application/pdf' });
    },
  );

  app.get(
    '/shipments/:id/label.zpl',
    {
      ...access,
      schema: {
        tags,
        security,
        summary: 'The guide’s label for thermal printers (ZPL)',
        params: shipmentParamsSchema,
      },
    },
    async (request, reply) => {
      const label = await shipments.label(organizationOf(request), request.params.id, 'zpl');
      return sendDownload(reply, { ...label, type: 'application/zpl; charset=utf-8' });
    },
  );
};
