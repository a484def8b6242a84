import {
  verificationDocumentParamsSchema,
  verificationDownloadQuerySchema,
  verificationSchema,
  verificationSubmitSchema,
} from '@despacho/domain';
import { z } from 'zod';
import { authOf, organizationOf } from '../../platform/auth';
import type { AppModule } from '../services';
import { documentUpload } from './verification.service';

const tags = ['verification'];
const security = [{ bearer: [] }];
const answer = z.object({ data: verificationSchema });

/**
 * Account verification as the merchant sees it: anyone in the organization reads the status;
 * uploading, reading the documents and submitting belong to "Mi empresa".
 */
export const verificationRoutes: AppModule = async (app, deps) => {
  const { verification } = deps;
  const myCompany = { config: { access: 'settings.my_company' as const } };

  app.get(
    '/verification',
    {
      config: { access: 'organization' },
      schema: { tags, security, response: { 200: answer } },
    },
    async (request) => ({ data: await verification.current(organizationOf(request)) }),
  );

  app.put(
    '/verification/documents/:kind',
    {
      ...myCompany,
      schema: {
        tags,
        security,
        summary: 'Uploads one document (multipart, field `file`): PDF, JPEG or PNG up to 1 MB',
        consumes: ['multipart/form-data'],
        params: verificationDocumentParamsSchema,
        response: { 200: answer },
      },
    },
    async (request) => {
      const organizationId = organizationOf(request);
      const { userId } = authOf(request);
      const { kind } = request.params;
      // Refused before the upload is read when nothing may change.
      await verification.checkEditable(organizationId);
      const file = await deps.files.receive(request, documentUpload(organizationId, userId, kind));
      return { data: await verification.upload(file, organizationId, userId, kind) };
    },
  );

  app.get(
    '/verification/documents/:kind',
    {
      ...myCompany,
      schema: {
        tags,
        security,
        summary: 'The uploaded document; `download=1` asks the browser to save it',
        params: verificationDocumentParamsSchema,
        querystring: verificationDownloadQuerySchema,
      },
    },
    async (request, reply) =>
      deps.files.send(
        reply,
        await verification.document(organizationOf(request), request.params.kind),
        { download: request.query.download === '1' },
      ),
  );

  app.post(
    '/verification/submit',
    {
      ...myCompany,
      schema: { tags, security, body: verificationSubmitSchema, response: { 200: answer } },
    },
    async (request) => ({
      data: await verification.submit(
        organizationOf(request),
        authOf(request).userId,
        request.body.person_type,
      ),
    }),
  );
};
