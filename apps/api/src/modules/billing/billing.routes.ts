import { billingContract } from '@despacho/domain';
import { organizationOf } from '../../platform/auth';
import { implement } from '../../platform/contract-routes';
import { sendDownload } from '../../platform/download';
import type { AppModule } from '../services';

/** `finance/billing`: the CFDI invoices, as `billingContract` declares them. */
export const billingRoutes: AppModule = async (app, { billing }) => {
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
};
