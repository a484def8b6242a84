import { defineContract, defineOperation } from '../contract';
import { idParamsSchema } from '../ids';
import { pageSchema } from '../pagination';
import { z } from '../validation';
import {
  customsStatusInputSchema,
  dutyRateInputSchema,
  dutyRatesQuerySchema,
  dutyRateViewSchema,
  exchangeRateInputSchema,
  exchangeRatesQuerySchema,
  exchangeRateViewSchema,
  restrictionInputSchema,
  restrictionsQuerySchema,
  restrictionViewSchema,
  staffT1ShipmentsQuerySchema,
  staffT1ShipmentSummarySchema,
  t1CreateSchema,
  t1QuoteRequestSchema,
  t1QuoteViewSchema,
  t1ShipmentSchema,
  t1ShipmentsQuerySchema,
  t1ShipmentSummarySchema,
} from './schemas';

const access = 'international_trade.create_international_shipment';
const tags = ['international'];
const quoteAnswer = z.object({ data: t1QuoteViewSchema });
const shipmentAnswer = z.object({ data: t1ShipmentSchema });

/**
 * International courier shipments (`crear-envio/T1`, `detalles-envio/T1/{id}`; issue 25). A T1
 * shipment is a guide of the shipments module (its label, tracking and cancellation are the
 * guide's) with the customs declaration this domain keeps. The API implements it in
 * modules/international/international.routes.ts, the web calls it from
 * features/international/api.ts.
 */
export const internationalContract = defineContract('international', {
  quote: defineOperation({
    method: 'POST',
    path: '/international-shipments/quotes',
    access,
    tags,
    summary: 'International rates and the duties estimate for a shipment; moves no money',
    description:
      'Checks every line of the commercial invoice: the product is the organization’s (404), its fracción + NICO is in force today in c_FraccionArancelaria and its fracción has no non-tariff restriction in force for the direction (422 T1_LINES_REFUSED: each refused line under `fields` and in `details.lines` with the reason and the restrictions; `details.embarque_path` points to the embarques). Then asks every enabled carrier for its international services (sandbox: DHL Express Worldwide, FedEx International Priority and Economy) and estimates duties and taxes from the staff-maintained rates table and exchange rate in force today (422 T1_NO_DUTY_RATE when no band covers an import’s value, e.g. above 2,500 USD). The quote holds 60 minutes.',
    body: t1QuoteRequestSchema,
    responses: { 201: quoteAnswer },
  }),
  getQuote: defineOperation({
    method: 'GET',
    path: '/international-shipments/quotes/:id',
    access,
    tags,
    params: idParamsSchema,
    responses: { 200: quoteAnswer },
  }),
  create: defineOperation({
    method: 'POST',
    path: '/international-shipments',
    access,
    tags,
    idempotencyKey: 'required',
    summary: 'Buys the quoted shipment at one of its rates, paid from the prepaid balance',
    description:
      'Through the guides’ one purchase path: the same Idempotency-Key answers the same shipment (200) and charges once; 409 PURCHASE_IN_PROGRESS while the first request is under way; 402 INSUFFICIENT_BALANCE writes nothing; 502 GUIDE_PAYMENT_FAILED when the carrier refuses; 410 QUOTE_EXPIRED; 409 T1_QUOTE_ALREADY_BOUGHT. Only the guide is charged: the duties are an estimate the recipient (DAP) or the shipper (DDP) pays the courier.',
    body: t1CreateSchema,
    responses: { 200: shipmentAnswer, 201: shipmentAnswer },
  }),
  list: defineOperation({
    method: 'GET',
    path: '/international-shipments',
    access,
    tags,
    summary: 'The organization’s international shipments, newest first',
    query: t1ShipmentsQuerySchema,
    responses: { 200: pageSchema(t1ShipmentSummarySchema) },
  }),
  get: defineOperation({
    method: 'GET',
    path: '/international-shipments/:id',
    access,
    tags,
    summary: 'A shipment: the guide with its tracking, the declaration, duties and customs status',
    params: idParamsSchema,
    responses: { 200: shipmentAnswer },
  }),
  label: defineOperation({
    method: 'GET',
    path: '/international-shipments/:id/label.pdf',
    access,
    tags,
    download: true,
    summary: 'The guide’s label as the carrier issued it (4×6 in PDF)',
    params: idParamsSchema,
  }),
  cancel: defineOperation({
    method: 'POST',
    path: '/international-shipments/:id/cancellation',
    access,
    tags,
    description:
      'Cancels the guide as the guides’ cancellation does: 202 with the shipment, its `shipment.cancellation_requested_at` set and `shipment.refund_due_by` the day its whole charge is back on the balance. 409 CANCELLATION_WINDOW_EXPIRED, GUIDE_ALREADY_USED or GUIDE_ALREADY_CANCELLED; 502 CANCELLATION_REJECTED when the carrier refuses.',
    params: idParamsSchema,
    responses: { 202: shipmentAnswer },
  }),
  commercialInvoice: defineOperation({
    method: 'GET',
    path: '/international-shipments/:id/commercial-invoice.pdf',
    access,
    tags,
    download: true,
    summary: 'The commercial invoice (PDF): parties, lines with their tariff codes, totals',
    description:
      '409 T1_INVOICE_UNAVAILABLE until the guide is issued. Outside production it carries the sandbox mark.',
    params: idParamsSchema,
  }),
});

const staff = 'staff';
const staffTags = ['staff'];

/**
 * The international console (`/staff/international`): the duty rates, exchange rates and
 * restrictions tables with their effective dates, and the customs status of every
 * organization's T1 shipments. The API implements it in
 * modules/international/staff-international.routes.ts.
 */
export const staffInternationalContract = defineContract('staff-international', {
  dutyRates: defineOperation({
    method: 'GET',
    path: '/staff/international/duty-rates',
    access: staff,
    tags: staffTags,
    description:
      'The duty bands of the courier path: direction, country (`*` any other), the consignment’s value range in USD, the rate and its effective dates. `on` keeps the rows in force that day.',
    query: dutyRatesQuerySchema,
    responses: { 200: pageSchema(dutyRateViewSchema) },
  }),
  createDutyRate: defineOperation({
    method: 'POST',
    path: '/staff/international/duty-rates',
    access: staff,
    tags: staffTags,
    description:
      'A new band. A row of a later effective date supersedes an earlier one of the same direction and country covering the value; 409 T1_DUTY_RATE_DUPLICATE for the same direction, country, minimum and start date.',
    body: dutyRateInputSchema,
    responses: { 201: z.object({ data: dutyRateViewSchema }) },
  }),
  updateDutyRate: defineOperation({
    method: 'PUT',
    path: '/staff/international/duty-rates/:id',
    access: staff,
    tags: staffTags,
    params: idParamsSchema,
    body: dutyRateInputSchema,
    responses: { 200: z.object({ data: dutyRateViewSchema }) },
  }),
  exchangeRates: defineOperation({
    method: 'GET',
    path: '/staff/international/exchange-rates',
    access: staff,
    tags: staffTags,
    summary: 'USD→MXN exchange rates, the latest effective date first',
    query: exchangeRatesQuerySchema,
    responses: { 200: pageSchema(exchangeRateViewSchema) },
  }),
  createExchangeRate: defineOperation({
    method: 'POST',
    path: '/staff/international/exchange-rates',
    access: staff,
    tags: staffTags,
    description:
      'In force from its day until a later one starts. 409 T1_EXCHANGE_RATE_DUPLICATE for a day that already has one.',
    body: exchangeRateInputSchema,
    responses: { 201: z.object({ data: exchangeRateViewSchema }) },
  }),
  updateExchangeRate: defineOperation({
    method: 'PUT',
    path: '/staff/international/exchange-rates/:id',
    access: staff,
    tags: staffTags,
    params: idParamsSchema,
    body: exchangeRateInputSchema,
    responses: { 200: z.object({ data: exchangeRateViewSchema }) },
  }),
  restrictions: defineOperation({
    method: 'GET',
    path: '/staff/international/restrictions',
    access: staff,
    tags: staffTags,
    summary: 'Non-tariff restrictions per 8-digit fracción (permits, NOMs) with their dates',
    query: restrictionsQuerySchema,
    responses: { 200: pageSchema(restrictionViewSchema) },
  }),
  createRestriction: defineOperation({
    method: 'POST',
    path: '/staff/international/restrictions',
    access: staff,
    tags: staffTags,
    description:
      'A fracción with a restriction in force is refused on the courier path for its scope (import, export or both). 409 T1_RESTRICTION_DUPLICATE for the same fracción, authority, code and start date.',
    body: restrictionInputSchema,
    responses: { 201: z.object({ data: restrictionViewSchema }) },
  }),
  updateRestriction: defineOperation({
    method: 'PUT',
    path: '/staff/international/restrictions/:id',
    access: staff,
    tags: staffTags,
    params: idParamsSchema,
    body: restrictionInputSchema,
    responses: { 200: z.object({ data: restrictionViewSchema }) },
  }),
  shipments: defineOperation({
    method: 'GET',
    path: '/staff/international/shipments',
    access: staff,
    tags: staffTags,
    summary: 'Every organization’s international shipments, newest first',
    query: staffT1ShipmentsQuerySchema,
    responses: { 200: pageSchema(staffT1ShipmentSummarySchema) },
  }),
  setCustomsStatus: defineOperation({
    method: 'POST',
    path: '/staff/international/shipments/:id/customs-status',
    access: staff,
    tags: staffTags,
    description:
      'Records what the courier reported: pending → in_clearance → released, held or duties_due; held → released or duties_due; duties_due → released (409 T1_CUSTOMS_TRANSITION_REFUSED otherwise). The merchant is notified.',
    params: idParamsSchema,
    body: customsStatusInputSchema,
    responses: { 200: z.object({ data: staffT1ShipmentSummarySchema }) },
  }),
});

/** Where the merchant downloads a shipment's commercial invoice and label. */
export const t1CommercialInvoiceUrl = (id: string) =>
  `/api/v1${internationalContract.commercialInvoice.path.replace(':id', id)}`;
export const t1LabelUrl = (id: string) =>
  `/api/v1${internationalContract.label.path.replace(':id', id)}`;
