import {
  registrationSchema,
  okResultSchema,
  sessionSchema,
  tokenQuerySchema,
} from '../auth/schemas';
import { defineContract, defineOperation } from '../contract';
import { idParamsSchema } from '../ids';
import { pageSchema, paginationQuerySchema } from '../pagination';
import { z } from '../validation';
import {
  invitationCodeQuerySchema,
  invitationCreateSchema,
  invitationInfoSchema,
  invitationSchema,
  organizationUserSchema,
  organizationUsersQuerySchema,
  organizationUserUpdateSchema,
  userStatusUpdateSchema,
} from './organization-users';

const manage = 'settings.users';
const user = z.object({ data: organizationUserSchema });

/**
 * Organization users (spec §7): invitations, the public calls that accept them, and managing
 * users. Paths are the spec's; `users/invitations` (list, withdraw) is ours. Static segments win
 * over `users/:id` in Fastify's router, so `GET users/invitations` never reads as a user id, and
 * `PUT users/update/:id` is apart from sign-up's public `PUT users/:id`. The API implements it
 * in modules/accounts/organization-users.routes.ts, the web calls it from features/users/api.ts
 * and (accepting an invitation) features/auth/api.ts. Keys never manage users (`sessionOnly`):
 * a key could otherwise invite itself a person with more rights than its scopes.
 */
export const organizationUsersContract = defineContract('organization users', {
  invite: defineOperation({
    method: 'POST',
    path: '/users/organization-invitation',
    access: manage,
    sessionOnly: true,
    body: invitationCreateSchema,
    responses: { 201: z.object({ data: invitationSchema }) },
  }),
  invitations: defineOperation({
    method: 'GET',
    path: '/users/invitations',
    access: manage,
    sessionOnly: true,
    query: paginationQuerySchema,
    responses: { 200: pageSchema(invitationSchema) },
  }),
  cancelInvitation: defineOperation({
    method: 'DELETE',
    path: '/users/invitations/:id',
    access: manage,
    sessionOnly: true,
    params: idParamsSchema,
    responses: { 200: z.object({ data: okResultSchema }) },
  }),
  invitationInfo: defineOperation({
    method: 'GET',
    path: '/users/invitation/validate-token',
    access: 'public',
    query: tokenQuerySchema,
    responses: { 200: z.object({ data: invitationInfoSchema }) },
  }),
  acceptInvitation: defineOperation({
    method: 'POST',
    path: '/users/create-by-invitation',
    access: 'public',
    query: invitationCodeQuerySchema,
    body: registrationSchema,
    responses: { 201: z.object({ data: sessionSchema }) },
  }),
  list: defineOperation({
    method: 'GET',
    path: '/users',
    access: manage,
    sessionOnly: true,
    query: organizationUsersQuerySchema,
    responses: { 200: pageSchema(organizationUserSchema) },
  }),
  get: defineOperation({
    method: 'GET',
    path: '/users/:id',
    access: manage,
    sessionOnly: true,
    params: idParamsSchema,
    responses: { 200: user },
  }),
  update: defineOperation({
    method: 'PUT',
    path: '/users/update/:id',
    access: manage,
    sessionOnly: true,
    params: idParamsSchema,
    body: organizationUserUpdateSchema,
    responses: { 200: user },
  }),
  setStatus: defineOperation({
    method: 'PUT',
    path: '/user/:id/status',
    access: manage,
    sessionOnly: true,
    params: idParamsSchema,
    body: userStatusUpdateSchema,
    responses: { 200: user },
  }),
});
