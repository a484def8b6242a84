import { defineContract, defineOperation } from '../contract';
import { idParamsSchema } from '../ids';
import { pageSchema } from '../pagination';
import { z } from '../validation';
import { EMBARQUE_RULES } from './rules';
import {
  embarqueProductOptionSchema,
  embarqueCreateSchema,
  embarqueDocumentParamsSchema,
  embarqueDocumentSchema,
  embarqueExpensesSchema,
  embarqueInvoiceParamsSchema,
  embarqueLinesSchema,
  embarquePaymentParamsSchema,
  embarquePedimentoSchema,
  embarqueSchema,
  embarqueSemaforoSchema,
  embarquesQuerySchema,
  embarqueStepMoveSchema,
  embarqueSummarySchema,
  embarqueUpdateSchema,
  paymentRequestCreateSchema,
  paymentRequestPaidSchema,
  staffEmbarqueSchema,
  staffEmbarquesQuerySchema,
  staffEmbarqueSummarySchema,
  supplierPaymentCreateSchema,
} from './schemas';

const access = 'international_trade.my_shipments';
const tags = ['embarques'];
const upload = { field: EMBARQUE_RULES.documentField };
const documentAnswer = z.object({ data: embarqueDocumentSchema });
const uploadDescription = (kinds: string) =>
  `multipart/form-data with the text field \`kind\` (${kinds}) and the file \`file\`: PDF, JPEG or PNG, at most 1 MB, type read from its content (413 FILE_TOO_LARGE, 415 FILE_TYPE_NOT_ALLOWED); at most 50 documents per embarque.`;

/**
 * `my-shipments` and `my-shipments/{id}` (spec §2, menu International trade): the merchant's
 * embarques, read-only except paying a request and uploading the supplier's papers. The API
 * implements it in modules/embarques/embarques.routes.ts, the web calls it from
 * features/embarques/api.ts.
 */
export const embarquesContract = defineContract('embarques', {
  list: defineOperation({
    method: 'GET',
    path: '/embarques',
    access,
    tags,
    description:
      'The organization’s embarques, newest first. `search` matches the reference (EMB-…), the pedimento’s digits, the supplier’s name or the merchant’s own reference.',
    query: embarquesQuerySchema,
    responses: { 200: pageSchema(embarqueSummarySchema) },
  }),
  get: defineOperation({
    method: 'GET',
    path: '/embarques/:id',
    access,
    tags,
    summary: 'An embarque with its lines, timeline, documents, payments, expenses and invoices',
    params: idParamsSchema,
    responses: { 200: z.object({ data: embarqueSchema }) },
  }),
  document: defineOperation({
    method: 'GET',
    path: '/embarques/:id/documents/:documentId',
    access,
    tags,
    summary: 'A document of the embarque, as uploaded',
    params: embarqueDocumentParamsSchema,
    download: true,
  }),
  invoice: defineOperation({
    method: 'GET',
    path: '/embarques/:id/invoices/:invoiceId',
    access,
    tags,
    summary: 'The printed CFDI (PDF) of a service invoiced on this embarque',
    description:
      'Only the invoices the embarque lists (404 for any other), so a user who sees my-shipments downloads them without the billing permission.',
    params: embarqueInvoiceParamsSchema,
    download: true,
  }),
  uploadDocument: defineOperation({
    method: 'POST',
    path: '/embarques/:id/documents',
    access,
    tags,
    description: `${uploadDescription('`commercial_invoice` or `packing_list`; any other kind is 422 EMBARQUE_DOCUMENT_KIND_NOT_ALLOWED')} 409 EMBARQUE_FINISHED once closed or cancelled.`,
    params: idParamsSchema,
    upload,
    responses: { 201: documentAnswer },
  }),
  pay: defineOperation({
    method: 'POST',
    path: '/embarques/:id/payment-requests/:paymentId/pay',
    access,
    tags,
    description:
      'Pays a pending request from the balance, in one movement of the ledger. Header `Idempotency-Key` (8–100 characters) required: the same key answers the same payment (200, header `idempotent-replayed: true`), and a request already paid under another key is 409 EMBARQUE_PAYMENT_NOT_PENDING, so a double click or two tabs move money once. 402 INSUFFICIENT_BALANCE moves nothing (`details.required_centavos`, `details.available_centavos`).',
    params: embarquePaymentParamsSchema,
    idempotencyKey: 'required',
    responses: { 200: z.object({ data: paymentRequestPaidSchema }) },
  }),
});

const staff = 'staff';
const staffTags = ['staff'];
const staffAnswer = z.object({ data: staffEmbarqueSchema });

/**
 * The embarques console (`/staff/embarques`): staff open and run every organization's
 * embarques; every action is in the staff audit log (`embarques.*`). The API implements it in
 * modules/embarques/staff-embarques.routes.ts, the web calls it from
 * features/embarques/staff-api.ts.
 */
export const staffEmbarquesContract = defineContract('staff-embarques', {
  list: defineOperation({
    method: 'GET',
    path: '/staff/embarques',
    access: staff,
    tags: staffTags,
    description:
      'Every organization’s embarques, the most recently changed first; `organization_id` keeps one merchant.',
    query: staffEmbarquesQuerySchema,
    responses: { 200: pageSchema(staffEmbarqueSummarySchema) },
  }),
  organizations: defineOperation({
    method: 'GET',
    path: '/staff/embarques/organizations',
    access: staff,
    tags: staffTags,
    summary: 'Merchant organizations by name, for opening an embarque (up to 20)',
    query: z.object({ search: z.string().trim().max(100).optional() }),
    responses: {
      200: z.object({ data: z.array(z.object({ id: z.uuid(), name: z.string() })) }),
    },
  }),
  products: defineOperation({
    method: 'GET',
    path: '/staff/embarques/organizations/:organizationId/products',
    access: staff,
    tags: staffTags,
    summary:
      'A merchant organization’s products by name, SKU or barcode, for an embarque’s lines (up to 20)',
    params: z.object({ organizationId: z.uuid({ error: 'invalid' }) }),
    query: z.object({ search: z.string().trim().max(100).optional() }),
    responses: { 200: z.object({ data: z.array(embarqueProductOptionSchema) }) },
  }),
  create: defineOperation({
    method: 'POST',
    path: '/staff/embarques',
    access: staff,
    tags: staffTags,
    description:
      'Opens an embarque for a merchant organization at `origin`. Each line’s product must be of that organization (422 EMBARQUE_PRODUCT_UNKNOWN) and its fracción + NICO in force today in c_FraccionArancelaria (422 TARIFF_CODE_NOT_IN_FORCE). The merchant is notified.',
    body: embarqueCreateSchema,
    responses: { 201: staffAnswer },
  }),
  get: defineOperation({
    method: 'GET',
    path: '/staff/embarques/:id',
    access: staff,
    tags: staffTags,
    params: idParamsSchema,
    responses: { 200: staffAnswer },
  }),
  update: defineOperation({
    method: 'PATCH',
    path: '/staff/embarques/:id',
    access: staff,
    tags: staffTags,
    summary: 'Corrects the header (supplier, incoterm, places, mode…) until it is closed',
    params: idParamsSchema,
    body: embarqueUpdateSchema,
    responses: { 200: staffAnswer },
  }),
  setLines: defineOperation({
    method: 'PUT',
    path: '/staff/embarques/:id/lines',
    access: staff,
    tags: staffTags,
    description:
      'Replaces the lines. Each code is checked against the catalogue in force today (422 TARIFF_CODE_NOT_IN_FORCE); the customs unit is the catalogue’s.',
    params: idParamsSchema,
    body: embarqueLinesSchema,
    responses: { 200: staffAnswer },
  }),
  moveStep: defineOperation({
    method: 'POST',
    path: '/staff/embarques/:id/step',
    access: staff,
    tags: staffTags,
    description:
      'Moves the physical step, only as the transitions table allows (409 EMBARQUE_STEP_REFUSED). Guards (422): dispatch needs the pedimento (EMBARQUE_PEDIMENTO_MISSING) and the customs payment covered (EMBARQUE_CUSTOMS_NOT_COVERED); delivered needs the semáforo (EMBARQUE_SEMAFORO_MISSING); closed needs a zero balance (EMBARQUE_BALANCE_NOT_ZERO) and every service invoiced (EMBARQUE_INVOICES_PENDING); cancelled needs a zero balance. Two staff moving it at once: one wins, the other is refused by the step it then reads.',
    params: idParamsSchema,
    body: embarqueStepMoveSchema,
    responses: { 200: staffAnswer },
  }),
  recordPedimento: defineOperation({
    method: 'PUT',
    path: '/staff/embarques/:id/pedimento',
    access: staff,
    tags: staffTags,
    summary: 'Records (or corrects) the pedimento number: 15 digits, YY AA PPPP NNNNNNN',
    params: idParamsSchema,
    body: embarquePedimentoSchema,
    responses: { 200: staffAnswer },
  }),
  recordSemaforo: defineOperation({
    method: 'POST',
    path: '/staff/embarques/:id/semaforo',
    access: staff,
    tags: staffTags,
    description:
      'The semáforo fiscal after the pedimento (409 EMBARQUE_SEMAFORO_NEEDS_PEDIMENTO before it): green releases; red adds a reconocimiento aduanero event to the timeline. The merchant is notified.',
    params: idParamsSchema,
    body: embarqueSemaforoSchema,
    responses: { 200: staffAnswer },
  }),
  uploadDocument: defineOperation({
    method: 'POST',
    path: '/staff/embarques/:id/documents',
    access: staff,
    tags: staffTags,
    description: uploadDescription(
      '`commercial_invoice`, `packing_list`, `bill_of_lading`, `pedimento`, `cove`, `doda`, `proof_of_delivery`, `invoice` or `other`',
    ),
    params: idParamsSchema,
    upload,
    responses: { 201: documentAnswer },
  }),
  document: defineOperation({
    method: 'GET',
    path: '/staff/embarques/:id/documents/:documentId',
    access: staff,
    tags: staffTags,
    params: embarqueDocumentParamsSchema,
    download: true,
  }),
  deleteDocument: defineOperation({
    method: 'DELETE',
    path: '/staff/embarques/:id/documents/:documentId',
    access: staff,
    tags: staffTags,
    params: embarqueDocumentParamsSchema,
    responses: { 204: null },
  }),
  requestPayment: defineOperation({
    method: 'POST',
    path: '/staff/embarques/:id/payment-requests',
    access: staff,
    tags: staffTags,
    description:
      'Asks the merchant to pay, in MXN centavos: an `advance` for duties and third-party expenses (reconciled with the cuenta de gastos) or a `service` charge (the platform’s fee, VAT included, invoiced). The merchant is notified.',
    params: idParamsSchema,
    body: paymentRequestCreateSchema,
    responses: { 201: staffAnswer },
  }),
  cancelPayment: defineOperation({
    method: 'POST',
    path: '/staff/embarques/:id/payment-requests/:paymentId/cancel',
    access: staff,
    tags: staffTags,
    summary: 'Withdraws a request the merchant has not paid (409 EMBARQUE_PAYMENT_NOT_PENDING)',
    params: embarquePaymentParamsSchema,
    responses: { 200: staffAnswer },
  }),
  setExpenses: defineOperation({
    method: 'PUT',
    path: '/staff/embarques/:id/expenses',
    access: staff,
    tags: staffTags,
    description:
      'Replaces the cuenta de gastos: what was spent on the merchant’s behalf (IGI, DTA, IVA de importación, prevalidación, freight, insurance, storage, customs broker, other). The balance is the advance paid minus these.',
    params: idParamsSchema,
    body: embarqueExpensesSchema,
    responses: { 200: staffAnswer },
  }),
  settle: defineOperation({
    method: 'POST',
    path: '/staff/embarques/:id/settle',
    access: staff,
    tags: staffTags,
    description:
      'Reconciles the advance with the cuenta de gastos: a surplus is refunded to the merchant’s balance through the ledger; a shortfall becomes a new advance request for the difference. 409 EMBARQUE_NOTHING_TO_SETTLE when the balance is already zero, so two staff settling at once move money once.',
    params: idParamsSchema,
    responses: { 200: staffAnswer },
  }),
  recordSupplierPayment: defineOperation({
    method: 'POST',
    path: '/staff/embarques/:id/supplier-payments',
    access: staff,
    tags: staffTags,
    summary: 'Records a payment to the supplier (amount, currency, date, reference)',
    params: idParamsSchema,
    body: supplierPaymentCreateSchema,
    responses: { 201: staffAnswer },
  }),
  invoice: defineOperation({
    method: 'POST',
    path: '/staff/embarques/:id/invoice',
    access: staff,
    tags: staffTags,
    description:
      'Issues the CFDI of the service charges paid and not yet invoiced, through billing (409 EMBARQUE_NOTHING_TO_INVOICE when there are none). The merchant is notified.',
    params: idParamsSchema,
    responses: { 201: staffAnswer },
  }),
});
