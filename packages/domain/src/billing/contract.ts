import { defineContract, defineOperation } from '../contract';
import { idParamsSchema } from '../ids';
import { pageSchema } from '../pagination';
import { invoicesQuerySchema, invoiceViewSchema } from './invoices';

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
