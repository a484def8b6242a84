import { billingContract, pacWebhookContract, staffBillingContract } from '@despacho/domain';
import { authOf, organizationOf } from '../../platform/auth';
import { implement } from '../../platform/contract-routes';
import { sendDownload } from '../../platform/download';
import type { AppModule } from '../services';

/**
 * `finance/billing`: the CFDI invoices, as `billingContract` declares them; staff's
 * cancellation and the PAC's signed webhook (decision 035).
 */
export const billingRoutes: AppModule = async (app, deps) => {
  const { billing, invoiceCancellation, pacWebhook } = deps;
  implement(app, billingContract, {
    list: async (request) => billing.list(organizationOf(request), request.query),
    xml: async (request, reply) => {
      const file = await billing.xml(organizationOf(request), request.params.id);
      return sendDownload(reply, { ...file, type: 'application/xml; charset=utf-8' });
    },
    pdf: async (request, reply) => {
      const file = await billing.pdf(organizationOf(request), request.params.id);
      return sendDownload(reply, { ...file, type: 'application/pdf' });
    },
  });
  implement(app, staffBillingContract, {
    list: async (request) => billing.staffList(request.query),
    cancel: async (request) => {
      const row = await invoiceCancellation.cancel(
        request.params.id,
        request.body,
        authOf(request).userId,
      );
      const [view] = await billing.views(row.organizationId, [row.id]);
      return { data: view! };
    },
  });
  implement(app, pacWebhookContract, {
    receive: async (request) => ({
      data: await pacWebhook.receive(
        request.headers['facturapi-signature'],
        request.body,
        request.language,
      ),
    }),
  });
};
