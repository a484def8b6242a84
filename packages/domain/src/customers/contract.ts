import { defineContract, defineOperation } from '../contract';
import { pageSchema } from '../pagination';
import { z } from '../validation';
import {
  customerAddressParamsSchema,
  customerListItemSchema,
  customerParamsSchema,
  customerSchema,
  customersQuerySchema,
  customerViewSchema,
  favoriteSchema,
} from './schemas';

const access = 'ecommerce.clients';
/** Create shipment picks from these too: its users may read them without managing them. */
const read = ['ecommerce.clients', 'shipments.create_shipment'] as const;
const one = z.object({ data: customerViewSchema });

/**
 * The customers screens (`clients`, `create`, `clients/{id}`, `client/{id}`): the
 * organization's customers and their addresses, read and changed with `ecommerce.clients`. The
 * API implements it in modules/customers/customers.routes.ts, the web calls it from
 * lib/api/customers.ts.
 */
export const customersContract = defineContract('customers', {
  list: defineOperation({
    method: 'GET',
    path: '/customers',
    access: read,
    description:
      'One page of customers with their default address and address count. `search` matches ' +
      'name, last name, company, email, phone or the zip of any address (every word, ' +
      'ignoring case and accents); `favorites=true` keeps the favorites; `sort` is one of ' +
      'name, company, created_at, `-` for descending (default `-created_at`).',
    query: customersQuerySchema,
    responses: { 200: pageSchema(customerListItemSchema) },
  }),
  create: defineOperation({
    method: 'POST',
    path: '/customers',
    access,
    description:
      'Creates a customer with its addresses (1 to 20); the one sent with `is_default`, or ' +
      'else the first, is the default.',
    body: customerSchema,
    responses: { 201: one },
  }),
  get: defineOperation({
    method: 'GET',
    path: '/customers/:id',
    access: read,
    description: 'A customer with every address, the default first.',
    params: customerParamsSchema,
    responses: { 200: one },
  }),
  update: defineOperation({
    method: 'PUT',
    path: '/customers/:id',
    access,
    description:
      'Replaces the customer and its address list: addresses sent with their `id` are ' +
      'updated, those without one are added, those not sent are deleted. An `id` that is ' +
      'not one of this customer’s addresses answers 404.',
    params: customerParamsSchema,
    body: customerSchema,
    responses: { 200: one },
  }),
  setFavorite: defineOperation({
    method: 'PATCH',
    path: '/customers/:id/favorite',
    access,
    description: 'Marks or unmarks the customer as a favorite.',
    params: customerParamsSchema,
    body: favoriteSchema,
    responses: { 200: one },
  }),
  setDefaultAddress: defineOperation({
    method: 'POST',
    path: '/customers/:id/addresses/:addressId/default',
    access,
    description: 'Makes this address the customer’s default; the previous default stops being it.',
    params: customerAddressParamsSchema,
    responses: { 200: one },
  }),
  remove: defineOperation({
    method: 'DELETE',
    path: '/customers/:id',
    access,
    description: 'Deletes a customer and its addresses.',
    params: customerParamsSchema,
    responses: { 204: null },
  }),
});
