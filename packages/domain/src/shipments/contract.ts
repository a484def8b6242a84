import { defineContract, defineOperation } from '../contract';
import { pageSchema } from '../pagination';
import { z } from '../validation';
import {
  shipmentCreateSchema,
  shipmentDetailSchema,
  shipmentLabelsSchema,
  shipmentParamsSchema,
  shipmentsQuerySchema,
  shipmentSummarySchema,
} from './schemas';

const access = 'shipments.create_shipment';
const detail = z.object({ data: shipmentDetailSchema });

/**
 * Guides (`shipment`, `shippings`, `shippings/:id`; decision 017): buying one from a quote,
 * paid from the prepaid balance, the list and the detail, the labels and the cancellation. All
 * with `shipments.create_shipment`. The API implements it in modules/shipments/shipments.routes.ts,
 * the web calls it from features/shipments/api.ts and purchase-api.ts.
 */
export const shipmentsContract = defineContract('shipments', {
  purchase: defineOperation({
    method: 'POST',
    path: '/shipments',
    access,
    idempotencyKey: 'required',
    summary: 'Buys a guide from a quote’s rate, paid from the prepaid balance',
    description:
      'Origin location, destination (a saved customer’s address or a new one), packages with their products (SAT keys of the Carta Porte), optional insurance (declared value ≤ $100,000.00 and the stamped sales invoice: an uploaded file id or its UUID), and the `quote_id` + `rate_id` chosen; the price is the stored rate’s. Header `Idempotency-Key` (8–100 characters) required: the same key answers the same guide (200) and buys once; while the first request is under way it answers 409 PURCHASE_IN_PROGRESS. 402 INSUFFICIENT_BALANCE writes nothing; 502 GUIDE_PAYMENT_FAILED when the carrier refuses (the hold is released; `details.reason` is the carrier’s). 409 QUOTE_MISMATCH when the zips or parcels are not the quoted ones, 410 QUOTE_EXPIRED, 409 QUOTE_ALREADY_USED. From an origin that keeps stock, products with a `variant_id` are reserved there with the hold (summed per variant), taken out when the guide is issued, released if it fails and returned when it is cancelled; 409 INSUFFICIENT_STOCK writes nothing and names the short products (`details.products`, each line’s quantity in `fields`).',
    body: shipmentCreateSchema,
    responses: { 200: detail, 201: detail },
  }),
  uploadInsuranceInvoice: defineOperation({
    method: 'POST',
    path: '/shipments/insurance-invoices',
    access,
    upload: { field: 'file' },
    summary: 'Uploads the stamped sales invoice an insured guide needs (multipart)',
    description:
      'One file, PDF or CFDI XML, at most 1 MB, its type read from its content. Answers the `file_id` to send as `insurance.invoice_file_id`.',
    responses: { 201: z.object({ data: z.object({ file_id: z.string() }) }) },
  }),
  list: defineOperation({
    method: 'GET',
    path: '/shipments',
    access,
    summary: 'The organization’s guides, newest first',
    description:
      '`tab`: all, fulfilled (delivered), partially_fulfilled (collected or delayed), not_fulfilled (created), cancelled, pickup_requested, pickup_pending (created, without a pickup, not being cancelled). `search` matches every word in the tracking number, the destination’s name or company, or its zip. `from`/`to` are Mexico City days of purchase. Purchases under way are not listed; failed ones only in `all`.',
    query: shipmentsQuerySchema,
    responses: { 200: pageSchema(shipmentSummarySchema) },
  }),
  labels: defineOperation({
    method: 'POST',
    path: '/shipments/labels',
    access,
    download: true,
    summary: 'One PDF with the labels of up to 100 guides, in the order given',
    description: '404 when any id is another organization’s or has no label.',
    body: shipmentLabelsSchema,
  }),
  get: defineOperation({
    method: 'GET',
    path: '/shipments/:id',
    access,
    summary: 'A guide: route, packages, charges, timeline and cancellation state',
    params: shipmentParamsSchema,
    responses: { 200: detail },
  }),
  labelPdf: defineOperation({
    method: 'GET',
    path: '/shipments/:id/label.pdf',
    access,
    download: true,
    summary: 'The guide’s label as the carrier issued it (4×6 in PDF)',
    params: shipmentParamsSchema,
  }),
  labelZpl: defineOperation({
    method: 'GET',
    path: '/shipments/:id/label.zpl',
    access,
    download: true,
    summary: 'The guide’s label for thermal printers (ZPL)',
    params: shipmentParamsSchema,
  }),
  cancel: defineOperation({
    method: 'POST',
    path: '/shipments/:id/cancellation',
    access,
    description:
      'Asks the carrier to cancel the guide: 202 with the guide, its `cancellation_requested_at` ' +
      'set and `refund_due_by` the Mexico City day by which the refund reaches the balance (7 ' +
      'business days). When the carrier confirms, the guide becomes cancelled and its whole ' +
      'charge is refunded. Refused with 409 CANCELLATION_WINDOW_EXPIRED (73 hours after its ' +
      'creation), GUIDE_ALREADY_USED (collected) or GUIDE_ALREADY_CANCELLED (cancelled or ' +
      'already asked); 502 CANCELLATION_REJECTED when the carrier refuses.',
    params: shipmentParamsSchema,
    responses: { 202: detail },
  }),
});
