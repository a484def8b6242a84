import { defineContract, defineOperation } from '../contract';
import { z } from '../validation';
import { carrierAccountSchema, carrierAccountUpdateSchema } from './accounts';
import { carrierParamsSchema, carrierSchema, carrierUpdateSchema } from './catalog';

const access = 'settings.carriers';
const many = z.object({ data: z.array(carrierSchema) });
const account = z.object({ data: carrierAccountSchema });

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
  accounts: defineOperation({
    method: 'GET',
    path: '/carriers/accounts',
    access,
    sessionOnly: true,
    description:
      'The accounts of the carriers reached through their own APIs (DHL Express, FedEx): each ' +
      "one's mode, the organization's choice (the platform's account or its own) and its own " +
      'account, whose secret shows only its last 4 characters.',
    responses: { 200: z.object({ data: z.array(carrierAccountSchema) }) },
  }),
  setAccount: defineOperation({
    method: 'PUT',
    path: '/carriers/accounts/:key',
    access,
    sessionOnly: true,
    description:
      "Chooses the platform's account or the organization's own (with its number, key and " +
      'secret; the secret left out keeps the stored one). 404 for a carrier without accounts; ' +
      '400 for an own account while the carrier is in sandbox mode.',
    params: carrierParamsSchema,
    body: carrierAccountUpdateSchema,
    responses: { 200: account },
  }),
  removeAccount: defineOperation({
    method: 'DELETE',
    path: '/carriers/accounts/:key',
    access,
    sessionOnly: true,
    description:
      "Erases the organization's own account; its guides are bought with the platform's again.",
    params: carrierParamsSchema,
    responses: { 200: account },
  }),
});
