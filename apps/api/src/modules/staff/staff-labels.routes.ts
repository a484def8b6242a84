import { staffLabelsContract } from '@despacho/domain';
import { implement } from '../../platform/contract-routes';
import { sendDownload } from '../../platform/download';
import type { AppModule } from '../services';

/** `staff/exits/:id/label.pdf`, as `staffLabelsContract` declares it. */
export const staffLabelsRoutes: AppModule = async (app, { staffLabels }) => {
  implement(app, staffLabelsContract, {
    exitLabel: async (request, reply) => {
      const label = await staffLabels.exitLabel(request.params.id);
      return sendDownload(reply, { ...label, type: 'application/pdf' });
    },
  });
};
