import { defineContract, defineOperation } from '../contract';
import { z } from '../validation';
import { carrierParamsSchema, carrierSchema, carrierUpdateSchema } from './catalog';

const access = 'settings.carriers';
const many = z.object({ data: z.array(carrierSchema) });

/**
 * The carriers screen (`settings/carriers`): the catalogue with the organization's choice, read
 * and changed with `settings.carriers`. The enabled ones are readable by any member, for the
 * screens of other domains (quotes, shipments) that offer them. The API implements it in
 * modules/carriers/carriers.routes.ts, the web calls it from features/carriers/api.ts.
 */
export const carriersContract = defineContract('carriers', {
  list: defineOperation({ method: 'GET', path: '/carriers', access, responses: { 200: many } }),
  enabled: defineOperation({
    method: 'GET',
    path: '/carriers/enabled',
    access: 'organization',
    anyKey: true,
    description: 'The carriers the organization ships with: the ones quotes are asked from.',
    responses: { 200: many },
  }),
  setEnabled: defineOperation({
    method: 'PUT',
    path: '/carriers/:key',
    access,
    description: 'Enables or disables a carrier for the organization; 404 for an unknown key.',
    params: carrierParamsSchema,
    body: carrierUpdateSchema,
    responses: { 200: z.object({ data: carrierSchema }) },
  }),
});
