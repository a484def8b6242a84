import {
  idParamsSchema,
  invoicesQuerySchema,
  invoiceViewSchema,
  pageSchema,
} from '@despacho/domain';
import { organizationOf } from '../../platform/auth';
import { sendDownload } from '../../platform/download';
import type { AppModule } from '../services';

const tags = ['billing'];
const security = [{ bearer: [] }];

/**
 * `finance/billing`: the CFDI 4.0 invoices of the prepaid balance (decision 016), under the
 * "billing" permission of the finances module.
 */
export const billingRoutes: AppModule = async (app, deps) => {
  const { billing } = deps;
  const access = { config: { access: 'finances.billing' as const } };

  app.get(
    '/invoices',
    {
      ...access,
      schema: {
        tags,
        security,
        summary: "The organization's CFDI invoices, newest first",
        description:
          'One invoice per credited deposit (`kind` deposit: the advance that reached the balance, VAT included) and one per small-deposit fee (`kind` fee). `from` and `to` are whole days (`YYYY-MM-DD`, inclusive) in Mexico City time; `type` keeps one kind. `sandbox` true: stamped by the sandbox PAC, no fiscal validity. Invoices the PAC failed are stamped again first.',
        querystring: invoicesQuerySchema,
        response: { 200: pageSchema(invoiceViewSchema) },
      },
    },
    async (request) => billing.list(organizationOf(request), request.query),
  );

  app.get(
    '/invoices/:id/xml',
    {
      ...access,
      schema: {
        tags,
        security,
        summary: 'The stamped CFDI 4.0 XML of an invoice',
        params: idParamsSchema,
        produces: ['application/xml'],
      },
    },
    async (request, reply) => {
      const file = await billing.xml(organizationOf(request), request.params.id);
      return sendDownload(reply, { ...file, type: 'application/xml; charset=utf-8' });
    },
  );

  app.get(
    '/invoices/:id/pdf',
    {
      ...access,
      schema: {
        tags,
        security,
        summary: 'The printed representation (PDF) of an invoice',
        params: idParamsSchema,
        produces: ['application/pdf'],
      },
    },
    async (request, reply) => {
      const file = await billing.pdf(organizationOf(request), request.params.id);
      return sendDownload(reply, { ...file, type: 'application/pdf' });
    },
  );
};
