import {
  idParamsSchema,
  PACKAGE_UNITS,
  packageInputSchema,
  packageSchema,
  packagesQuerySchema,
  pageSchema,
} from '@despacho/domain';
import { z } from 'zod';
import { organizationOf } from '../../platform/auth';
import type { AppModule } from '../services';

const tags = ['packages'];
const security = [{ bearer: [] }];
const one = { 200: z.object({ data: packageSchema }) };

/**
 * The packages screen (`settings/packages`), read and changed with `settings.packages`. Every
 * call is scoped to the caller's organization: another organization's id answers 404.
 */
export const packagesRoutes: AppModule = async (app, deps) => {
  const { packages } = deps;
  const access = { config: { access: 'settings.packages' as const } };
  /** Create shipment and the quick quote pick from these: their users read them without managing them. */
  const read = {
    config: {
      access: ['settings.packages', 'shipments.create_shipment', 'shipments.quick_quote'] as const,
    },
  };

  app.get(
    '/packages',
    {
      ...read,
      schema: {
        tags,
        security,
        description:
          'One page of packages by name (search by name); `default_unit` is the unit a new package starts with, from the organization default.',
        querystring: packagesQuerySchema,
        response: {
          200: pageSchema(packageSchema).extend({ default_unit: z.enum(PACKAGE_UNITS) }),
        },
      },
    },
    async (request) => packages.list(organizationOf(request), request.query),
  );

  app.post(
    '/packages',
    {
      ...access,
      schema: {
        tags,
        security,
        description:
          'Creates a package; the first one of the organization becomes the default. Once the SAT catalogue is imported, `sat_code` must be one of its codes.',
        body: packageInputSchema,
        response: { 201: z.object({ data: packageSchema }) },
      },
    },
    async (request, reply) =>
      reply.status(201).send({
        data: await packages.create(organizationOf(request), request.body, request.language),
      }),
  );

  app.get(
    '/packages/:id',
    { ...read, schema: { tags, security, params: idParamsSchema, response: one } },
    async (request) => ({
      data: await packages.get(organizationOf(request), request.params.id),
    }),
  );

  app.put(
    '/packages/:id',
    {
      ...access,
      schema: { tags, security, params: idParamsSchema, body: packageInputSchema, response: one },
    },
    async (request) => ({
      data: await packages.update(
        organizationOf(request),
        request.params.id,
        request.body,
        request.language,
      ),
    }),
  );

  app.post(
    '/packages/:id/default',
    {
      ...access,
      schema: {
        tags,
        security,
        description: 'Makes this package the default; the previous default stops being it.',
        params: idParamsSchema,
        response: one,
      },
    },
    async (request) => ({
      data: await packages.setDefault(organizationOf(request), request.params.id),
    }),
  );

  app.delete(
    '/packages/:id',
    {
      ...access,
      schema: {
        tags,
        security,
        description: 'Deletes a package; deleting the default moves it to the oldest other one.',
        params: idParamsSchema,
      },
    },
    async (request, reply) => {
      await packages.remove(organizationOf(request), request.params.id);
      return reply.status(204).send();
    },
  );
};
