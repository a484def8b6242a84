import { defineContract, defineOperation } from '../contract';
import { pageSchema } from '../pagination';
import { z } from '../validation';
import {
  locationParamsSchema,
  locationSchema,
  locationsQuerySchema,
  locationViewSchema,
} from './schemas';

const tags = ['addresses'];
const access = 'settings.address_book';
/**
 * Create shipment, the quick quote and the international shipment (T1) pick from these: their
 * users read them without managing them.
 */
const read = [
  'settings.address_book',
  'shipments.create_shipment',
  'shipments.quick_quote',
  'international_trade.create_international_shipment',
] as const;
const one = z.object({ data: locationViewSchema });

/**
 * The locations screen (`settings/locations`): the organization's origin addresses, read and
 * changed with `settings.address_book`. The API implements it in
 * modules/addresses/locations.routes.ts, the web calls it from features/addresses/api.ts.
 */
export const locationsContract = defineContract('locations', {
  list: defineOperation({
    method: 'GET',
    path: '/locations',
    access: read,
    tags,
    description:
      'One page of locations, the default first; `search` matches alias, company, zip, contact or city.',
    query: locationsQuerySchema,
    responses: { 200: pageSchema(locationViewSchema) },
  }),
  create: defineOperation({
    method: 'POST',
    path: '/locations',
    access,
    tags,
    description:
      'Creates a location; the first one, or one sent with `is_default`, becomes the default.',
    body: locationSchema,
    responses: { 201: one },
  }),
  get: defineOperation({
    method: 'GET',
    path: '/locations/:id',
    access: read,
    tags,
    params: locationParamsSchema,
    responses: { 200: one },
  }),
  update: defineOperation({
    method: 'PUT',
    path: '/locations/:id',
    access,
    tags,
    params: locationParamsSchema,
    body: locationSchema,
    responses: { 200: one },
  }),
  setDefault: defineOperation({
    method: 'POST',
    path: '/locations/:id/default',
    access,
    tags,
    description: 'Makes this location the default; the previous default stops being it.',
    params: locationParamsSchema,
    responses: { 200: one },
  }),
  remove: defineOperation({
    method: 'DELETE',
    path: '/locations/:id',
    access,
    tags,
    description: 'Deletes a location; deleting the default moves it to the newest other one.',
    params: locationParamsSchema,
    responses: { 204: null },
  }),
});
