import { defineContract, defineOperation } from '../contract';
import { idParamsSchema } from '../ids';
import { pageSchema } from '../pagination';
import {
  CANCELLATION_STATUSES,
  FACTURAPI_WEBHOOK,
  facturapiEventSchema,
  invoiceCancellationSchema,
} from './cancellation';
import {
  invoicesQuerySchema,
  invoiceViewSchema,
  staffInvoicesQuerySchema,
  staffInvoiceViewSchema,
} from './invoices';
import { z } from '../validation';

const access = 'finances.billing';

/**
 * `finance/billing`: the CFDI 4.0 invoices of the prepaid balance (decision 016), under the
 * "billing" permission of the finances module. The API implements it in
 * modules/billing/billing.routes.ts, the web calls it from features/billing/api.ts.
 */
export const billingContract = defineContract('billing', {
  list: defineOperation({
    method: 'GET',
    path: '/invoices',
    access,
    summary: "The organization's CFDI invoices, newest first",
    description:
      'One invoice per credited deposit (`kind` deposit: the advance that reached the balance, VAT included) and one per small-deposit fee (`kind` fee). `from` and `to` are whole days (`YYYY-MM-DD`, inclusive) in Mexico City time; `type` keeps one kind. `sandbox` true: stamped by the sandbox PAC, no fiscal validity. Invoices the PAC failed are stamped again first.',
    query: invoicesQuerySchema,
    responses: { 200: pageSchema(invoiceViewSchema) },
  }),
  xml: defineOperation({
    method: 'GET',
    path: '/invoices/:id/xml',
    access,
    summary: 'The stamped CFDI 4.0 XML of an invoice',
    params: idParamsSchema,
    download: true,
  }),
  pdf: defineOperation({
    method: 'GET',
    path: '/invoices/:id/pdf',
    access,
    summary: 'The printed representation (PDF) of an invoice',
    params: idParamsSchema,
    download: true,
  }),
});

/**
 * Staff's side of billing: a stamped invoice cancelled before SAT through the PAC (decision 035).
 * The invoice is the platform's, issued to the organization, so staff ask for its cancellation.
 */
export const staffBillingContract = defineContract('staff-billing', {
  list: defineOperation({
    method: 'GET',
    path: '/staff/invoices',
    access: 'staff',
    summary: "Every organization's CFDI invoices, newest first",
    description:
      'The invoices the platform issued to the organizations, with their cancellation, for staff to find the one to cancel. `id` keeps one invoice (the audit log links to it).',
    query: staffInvoicesQuerySchema,
    responses: { 200: pageSchema(staffInvoiceViewSchema) },
  }),
  cancel: defineOperation({
    method: 'POST',
    path: '/staff/invoices/:id/cancellation',
    access: 'staff',
    summary: 'Asks SAT, through the PAC, to cancel a stamped invoice',
    description:
      "`motive` is SAT's c_MotivoCancelacion: 01 (errors, replaced: `substitution_uuid` of the replacing CFDI required), 02 (errors, no replacement), 03 (the operation did not happen), 04 (included in a global invoice). Answers the invoice with its `cancellation` (`pending` while the receiver may still answer, `accepted`, `rejected`). 409 INVOICE_NOT_CANCELLABLE when not stamped or already cancelled or pending; 422 INVOICE_CANCELLATION_REFUSED with the PAC's reason; 503 PAC_UNAVAILABLE.",
    params: idParamsSchema,
    body: invoiceCancellationSchema,
    responses: { 200: z.object({ data: invoiceViewSchema }) },
  }),
});

/** The PAC's signed notifications (Facturapi): a cancellation's answer from SAT. */
export const pacWebhookContract = defineContract('pac-webhook', {
  receive: defineOperation({
    method: 'POST',
    path: '/webhooks/facturapi',
    access: 'public',
    tags: ['webhooks'],
    summary: "Facturapi's event (signed): an invoice's cancellation status changed",
    description: [
      `Header \`${FACTURAPI_WEBHOOK.signatureHeader}\`: hex HMAC-SHA256 of the raw body with`,
      'FACTURAPI_WEBHOOK_SECRET. A wrong signature answers 401 WEBHOOK_SIGNATURE_INVALID; an',
      `event whose \`created_at\` is more than ${FACTURAPI_WEBHOOK.toleranceSeconds / 60} minutes`,
      'away, 401 WEBHOOK_TIMESTAMP_STALE; the same delivery again, 200 `duplicate`. Events other',
      "than an invoice's status changes, or for invoices we do not hold, answer 200 `ignored`.",
    ].join(' '),
    signed: { header: FACTURAPI_WEBHOOK.signatureHeader },
    body: facturapiEventSchema,
    responses: {
      200: z.object({
        data: z.object({
          status: z.enum(['applied', 'ignored', 'duplicate']),
          cancellation_status: z.enum(CANCELLATION_STATUSES).optional(),
        }),
      }),
    },
  }),
});
