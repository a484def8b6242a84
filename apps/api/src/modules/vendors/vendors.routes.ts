import {
  pageSchema,
  vendorParamsSchema,
  vendorSchema,
  vendorsQuerySchema,
  vendorStatusSchema,
  vendorViewSchema,
} from '@despacho/domain';
import { z } from 'zod';
import { organizationOf } from '../../platform/auth';
import type { AppModule } from '../services';

const tags = ['vendors'];
const security = [{ bearer: [] }];

/**
 * The vendors screen (`settings/vendors`): the organization's suppliers, read and changed with
 * `settings.vendors`.
 */
export const vendorsRoutes: AppModule = async (app, deps) => {
  const { vendors } = deps;
  const access = { config: { access: 'settings.vendors' as const } };
  const one = { 200: z.object({ data: vendorViewSchema }) };

  app.get(
    '/vendors',
    {
      ...access,
      schema: {
        tags,
        security,
        description:
          'One page of vendors, the newest first; `search` matches name, code or email, `status` filters.',
        querystring: vendorsQuerySchema,
        response: { 200: pageSchema(vendorViewSchema) },
      },
    },
    async (request) => vendors.list(organizationOf(request), request.query),
  );

  app.post(
    '/vendors',
    {
      ...access,
      schema: {
        tags,
        security,
        description:
          'Creates a vendor; its code (stored upper-cased) must be new in the organization (409 VENDOR_CODE_TAKEN).',
        body: vendorSchema,
        response: { 201: z.object({ data: vendorViewSchema }) },
      },
    },
    async (request, reply) => {
      const data = await vendors.create(organizationOf(request), request.body, request.language);
      return reply.status(201).send({ data });
    },
  );

  app.get(
    '/vendors/:id',
    { ...access, schema: { tags, security, params: vendorParamsSchema, response: one } },
    async (request) => ({
      data: await vendors.get(organizationOf(request), request.params.id),
    }),
  );

  app.put(
    '/vendors/:id',
    {
      ...access,
      schema: {
        tags,
        security,
        description:
          'Replaces a vendor (send its `status` too: it defaults to enabled); another vendor of the organization may not hold the code.',
        params: vendorParamsSchema,
        body: vendorSchema,
        response: one,
      },
    },
    async (request) => ({
      data: await vendors.update(
        organizationOf(request),
        request.params.id,
        request.body,
        request.language,
      ),
    }),
  );

  app.patch(
    '/vendors/:id/status',
    {
      ...access,
      schema: {
        tags,
        security,
        description: 'Enables or disables a vendor.',
        params: vendorParamsSchema,
        body: vendorStatusSchema,
        response: one,
      },
    },
    async (request) => ({
      data: await vendors.setStatus(
        organizationOf(request),
        request.params.id,
        request.body.status,
      ),
    }),
  );

  app.delete(
    '/vendors/:id',
    {
      ...access,
      schema: { tags, security, description: 'Deletes a vendor.', params: vendorParamsSchema },
    },
    async (request, reply) => {
      await vendors.remove(organizationOf(request), request.params.id);
      return reply.status(204).send();
    },
  );
};
