import { verificationContract } from '@despacho/domain';
import { authOf, organizationOf } from '../../platform/auth';
import { implement } from '../../platform/contract-routes';
import type { AppModule } from '../services';
import { documentUpload } from './verification.service';

/** Account verification as the merchant sees it, as `verificationContract` declares it. */
export const verificationRoutes: AppModule = async (app, deps) => {
  const { verification } = deps;
  implement(app, verificationContract, {
    current: async (request) => ({ data: await verification.current(organizationOf(request)) }),
    uploadDocument: async (request) => {
      const organizationId = organizationOf(request);
      const { userId } = authOf(request);
      const { kind } = request.params;
      // Refused before the upload is read when nothing may change.
      await verification.checkEditable(organizationId);
      const file = await deps.files.receive(request, documentUpload(organizationId, userId, kind));
      return { data: await verification.upload(file, organizationId, userId, kind) };
    },
    document: async (request, reply) =>
      deps.files.send(
        reply,
        await verification.document(organizationOf(request), request.params.kind),
        { download: request.query.download === '1' },
      ),
    submit: async (request) => ({
      data: await verification.submit(
        organizationOf(request),
        authOf(request).userId,
        request.body.person_type,
      ),
    }),
  });
};
