import { defineContract, defineOperation } from '../contract';
import { pageSchema } from '../pagination';
import { z } from '../validation';
import {
  apiKeyCreateSchema,
  apiKeyParamsSchema,
  apiKeySecretSchema,
  apiKeysQuerySchema,
  apiKeyViewSchema,
} from './api-keys.schemas';

// The `development` screen's permission; the service lets only owners and administrators in.
const access = 'settings.my_company';
const one = z.object({ data: apiKeyViewSchema });
const withSecret = z.object({ data: apiKeySecretSchema });

/**
 * The organization's API keys (`development`). Managing keys is session-only: a key never
 * creates, rotates or revokes keys. The API implements it in
 * modules/developers/api-keys.routes.ts, the web calls it from features/developers/api.ts.
 */
export const apiKeysContract = defineContract('developers', {
  listApiKeys: defineOperation({
    method: 'GET',
    path: '/developers/api-keys',
    access,
    sessionOnly: true,
    description: 'One page of the organization’s API keys, the newest first; `status` filters.',
    query: apiKeysQuerySchema,
    responses: { 200: pageSchema(apiKeyViewSchema) },
  }),
  createApiKey: defineOperation({
    method: 'POST',
    path: '/developers/api-keys',
    access,
    sessionOnly: true,
    description:
      'Creates a key and answers its secret, the only time it is ever sent; only its hash is stored.',
    body: apiKeyCreateSchema,
    responses: { 201: withSecret },
  }),
  getApiKey: defineOperation({
    method: 'GET',
    path: '/developers/api-keys/:id',
    access,
    sessionOnly: true,
    params: apiKeyParamsSchema,
    responses: { 200: one },
  }),
  rotateApiKey: defineOperation({
    method: 'POST',
    path: '/developers/api-keys/:id/rotate',
    access,
    sessionOnly: true,
    description:
      'Gives the key a new secret (answered once); the previous one keeps working for 24 hours.',
    params: apiKeyParamsSchema,
    responses: { 200: withSecret },
  }),
  revokeApiKey: defineOperation({
    method: 'POST',
    path: '/developers/api-keys/:id/revoke',
    access,
    sessionOnly: true,
    description:
      'Revokes the key and every secret it has, at once; revoking it again changes nothing.',
    params: apiKeyParamsSchema,
    responses: { 200: one },
  }),
});
