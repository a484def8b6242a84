import { defineContract, defineOperation } from '../contract';
import { pageSchema } from '../pagination';
import { z } from '../validation';
import {
  vendorParamsSchema,
  vendorSchema,
  vendorsQuerySchema,
  vendorStatusSchema,
  vendorViewSchema,
} from './schemas';

const access = 'settings.vendors';
const one = z.object({ data: vendorViewSchema });

/**
 * The vendors screen (`settings/vendors`): the organization's suppliers, read and changed with
 * `settings.vendors`. The API implements it in modules/vendors/vendors.routes.ts, the web calls
 * it from features/vendors/api.ts.
 */
export const vendorsContract = defineContract('vendors', {
  list: defineOperation({
    method: 'GET',
    path: '/vendors',
    access,
    description:
      'One page of vendors, the newest first; `search` matches name, code or email, `status` filters.',
    query: vendorsQuerySchema,
    responses: { 200: pageSchema(vendorViewSchema) },
  }),
  create: defineOperation({
    method: 'POST',
    path: '/vendors',
    access,
    description:
      'Creates a vendor; its code (stored upper-cased) must be new in the organization (409 VENDOR_CODE_TAKEN).',
    body: vendorSchema,
    responses: { 201: one },
  }),
  get: defineOperation({
    method: 'GET',
    path: '/vendors/:id',
    access,
    params: vendorParamsSchema,
    responses: { 200: one },
  }),
  update: defineOperation({
    method: 'PUT',
    path: '/vendors/:id',
    access,
    description:
      'Replaces a vendor (send its `status` too: it defaults to enabled); another vendor of the organization may not hold the code.',
    params: vendorParamsSchema,
    body: vendorSchema,
    responses: { 200: one },
  }),
  setStatus: defineOperation({
    method: 'PATCH',
    path: '/vendors/:id/status',
    access,
    description: 'Enables or disables a vendor.',
    params: vendorParamsSchema,
    body: vendorStatusSchema,
    responses: { 200: one },
  }),
  remove: defineOperation({
    method: 'DELETE',
    path: '/vendors/:id',
    access,
    description: 'Deletes a vendor.',
    params: vendorParamsSchema,
    responses: { 204: null },
  }),
});
