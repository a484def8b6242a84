import { defineContract, defineOperation } from '../contract';
import { idParamsSchema } from '../ids';
import { pageSchema } from '../pagination';
import { z } from '../validation';
import { PACKAGE_UNITS, packageInputSchema, packageSchema, packagesQuerySchema } from './schemas';

const access = 'settings.packages';
/** Create shipment and the quick quote pick from these: their users read them without managing them. */
const read = ['settings.packages', 'shipments.create_shipment', 'shipments.quick_quote'] as const;
const one = { 200: z.object({ data: packageSchema }) };

/**
 * The packages screen (`settings/packages`), read and changed with `settings.packages`. Every
 * call is scoped to the caller's organization: another organization's id answers 404. The API
 * implements it in modules/packages/packages.routes.ts, the web calls it from lib/api/packages.ts.
 */
export const packagesContract = defineContract('packages', {
  list: defineOperation({
    method: 'GET',
    path: '/packages',
    access: read,
    description:
      'One page of packages by name (search by name); `default_unit` is the unit a new package starts with, from the organization default.',
    query: packagesQuerySchema,
    responses: {
      200: pageSchema(packageSchema).extend({ default_unit: z.enum(PACKAGE_UNITS) }),
    },
  }),
  create: defineOperation({
    method: 'POST',
    path: '/packages',
    access,
    description:
      'Creates a package; the first one of the organization becomes the default. Once the SAT catalogue is imported, `sat_code` must be one of its codes.',
    body: packageInputSchema,
    responses: { 201: z.object({ data: packageSchema }) },
  }),
  get: defineOperation({
    method: 'GET',
    path: '/packages/:id',
    access: read,
    params: idParamsSchema,
    responses: one,
  }),
  update: defineOperation({
    method: 'PUT',
    path: '/packages/:id',
    access,
    params: idParamsSchema,
    body: packageInputSchema,
    responses: one,
  }),
  setDefault: defineOperation({
    method: 'POST',
    path: '/packages/:id/default',
    access,
    description: 'Makes this package the default; the previous default stops being it.',
    params: idParamsSchema,
    responses: one,
  }),
  remove: defineOperation({
    method: 'DELETE',
    path: '/packages/:id',
    access,
    description: 'Deletes a package; deleting the default moves it to the oldest other one.',
    params: idParamsSchema,
    responses: { 204: null },
  }),
});
