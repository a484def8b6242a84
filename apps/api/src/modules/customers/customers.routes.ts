import {
  customerAddressParamsSchema,
  customerListItemSchema,
  customerParamsSchema,
  customerSchema,
  customersQuerySchema,
  customerViewSchema,
  favoriteSchema,
  pageSchema,
} from '@despacho/domain';
import { z } from 'zod';
import { organizationOf } from '../../platform/auth';
import type { AppModule } from '../services';

const tags = ['customers'];
const security = [{ bearer: [] }];

/**
 * The customers screens (`clients`, `create`, `clients/{id}`, `client/{id}`): the
 * organization's customers and their addresses, read and changed with `ecommerce.clients`.
 */
export const customersRoutes: AppModule = async (app, deps) => {
  const { customers } = deps;
  const access = { config: { access: 'ecommerce.clients' as const } };
  /** Create shipment picks from these too: its users may read them without managing them. */
  const read = { config: { access: ['ecommerce.clients', 'shipments.create_shipment'] as const } };
  const one = { 200: z.object({ data: customerViewSchema }) };

  app.get(
    '/customers',
    {
      ...read,
      schema: {
        tags,
        security,
        description:
          'One page of customers with their default address and address count. `search` matches ' +
          'name, last name, company, email, phone or the zip of any address (every word, ' +
          'ignoring case and accents); `favorites=true` keeps the favorites; `sort` is one of ' +
          'name, company, created_at, `-` for descending (default `-created_at`).',
        querystring: customersQuerySchema,
        response: { 200: pageSchema(customerListItemSchema) },
      },
    },
    async (request) => customers.list(organizationOf(request), request.query),
  );

  app.post(
    '/customers',
    {
      ...access,
      schema: {
        tags,
        security,
        description:
          'Creates a customer with its addresses (1 to 20); the one sent with `is_default`, or ' +
          'else the first, is the default.',
        body: customerSchema,
        response: { 201: z.object({ data: customerViewSchema }) },
      },
    },
    async (request, reply) => {
      const data = await customers.create(organizationOf(request), request.body);
      return reply.status(201).send({ data });
    },
  );

  app.get(
    '/customers/:id',
    {
      ...read,
      schema: {
        tags,
        security,
        description: 'A customer with every address, the default first.',
        params: customerParamsSchema,
        response: one,
      },
    },
    async (request) => ({
      data: await customers.get(organizationOf(request), request.params.id),
    }),
  );

  app.put(
    '/customers/:id',
    {
      ...access,
      schema: {
        tags,
        security,
        description:
          'Replaces the customer and its address list: addresses sent with their `id` are ' +
          'updated, those without one are added, those not sent are deleted. An `id` that is ' +
          'not one of this customer’s addresses answers 404.',
        params: customerParamsSchema,
        body: customerSchema,
        response: one,
      },
    },
    async (request) => ({
      data: await customers.replace(organizationOf(request), request.params.id, request.body),
    }),
  );

  app.patch(
    '/customers/:id/favorite',
    {
      ...access,
      schema: {
        tags,
        security,
        description: 'Marks or unmarks the customer as a favorite.',
        params: customerParamsSchema,
        body: favoriteSchema,
        response: one,
      },
    },
    async (request) => ({
      data: await customers.setFavorite(
        organizationOf(request),
        request.params.id,
        request.body.is_favorite,
      ),
    }),
  );

  app.post(
    '/customers/:id/addresses/:addressId/default',
    {
      ...access,
      schema: {
        tags,
        security,
        description:
          'Makes this address the customer’s default; the previous default stops being it.',
        params: customerAddressParamsSchema,
        response: one,
      },
    },
    async (request) => ({
      data: await customers.setDefaultAddress(
        organizationOf(request),
        request.params.id,
        request.params.addressId,
      ),
    }),
  );

  app.delete(
    '/customers/:id',
    {
      ...access,
      schema: {
        tags,
        security,
        description: 'Deletes a customer and its addresses.',
        params: customerParamsSchema,
      },
    },
    async (request, reply) => {
      await customers.remove(organizationOf(request), request.params.id);
      return reply.status(204).send();
    },
  );
};
