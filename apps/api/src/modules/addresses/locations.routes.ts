import {
  locationParamsSchema,
  locationSchema,
  locationsQuerySchema,
  locationViewSchema,
  pageSchema,
} from '@despacho/domain';
import { z } from 'zod';
import { organizationOf } from '../../platform/auth';
import type { AppModule } from '../services';

const tags = ['addresses'];
const security = [{ bearer: [] }];

/**
 * The locations screen (`settings/locations`): the organization's origin addresses, read and
 * changed with `settings.address_book`.
 */
export const locationsRoutes: AppModule = async (app, deps) => {
  const { locations } = deps;
  const access = { config: { access: 'settings.address_book' as const } };
  /** Create shipment and the quick quote pick from these: their users read them without managing them. */
  const read = {
    config: {
      access: [
        'settings.address_book',
        'shipments.create_shipment',
        'shipments.quick_quote',
      ] as const,
    },
  };
  const one = { 200: z.object({ data: locationViewSchema }) };

  app.get(
    '/locations',
    {
      ...read,
      schema: {
        tags,
        security,
        description:
          'One page of locations, the default first; `search` matches alias, company, zip, contact or city.',
        querystring: locationsQuerySchema,
        response: { 200: pageSchema(locationViewSchema) },
      },
    },
    async (request) => locations.list(organizationOf(request), request.query),
  );

  app.post(
    '/locations',
    {
      ...access,
      schema: {
        tags,
        security,
        description:
          'Creates a location; the first one, or one sent with `is_default`, becomes the default.',
        body: locationSchema,
        response: { 201: z.object({ data: locationViewSchema }) },
      },
    },
    async (request, reply) => {
      const data = await locations.create(organizationOf(request), request.body);
      return reply.status(201).send({ data });
    },
  );

  app.get(
    '/locations/:id',
    { ...read, schema: { tags, security, params: locationParamsSchema, response: one } },
    async (request) => ({
      data: await locations.get(organizationOf(request), request.params.id),
    }),
  );

  app.put(
    '/locations/:id',
    {
      ...access,
      schema: { tags, security, params: locationParamsSchema, body: locationSchema, response: one },
    },
    async (request) => ({
      data: await locations.update(organizationOf(request), request.params.id, request.body),
    }),
  );

  app.post(
    '/locations/:id/default',
    {
      ...access,
      schema: {
        tags,
        security,
        description: 'Makes this location the default; the previous default stops being it.',
        params: locationParamsSchema,
        response: one,
      },
    },
    async (request) => ({
      data: await locations.setDefault(organizationOf(request), request.params.id),
    }),
  );

  app.delete(
    '/locations/:id',
    {
      ...access,
      schema: {
        tags,
        security,
        description: 'Deletes a location; deleting the default moves it to the newest other one.',
        params: locationParamsSchema,
      },
    },
    async (request, reply) => {
      await locations.remove(organizationOf(request), request.params.id);
      return reply.status(204).send();
    },
  );
};
