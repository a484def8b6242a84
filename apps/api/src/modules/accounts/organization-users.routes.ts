import {
  idParamsSchema,
  invitationCodeQuerySchema,
  invitationCreateSchema,
  invitationInfoSchema,
  invitationSchema,
  okResultSchema,
  organizationUserSchema,
  organizationUsersQuerySchema,
  organizationUserUpdateSchema,
  pageSchema,
  paginationQuerySchema,
  registrationSchema,
  sessionSchema,
  tokenQuerySchema,
  userStatusUpdateSchema,
} from '@despacho/domain';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { authOf, organizationOf } from '../../platform/auth';
import type { AppModule } from '../services';
import { authRateLimit } from '../../platform/rate-limit';
import type { Actor } from './organization-users.service';

const tags = ['organization users'];
const security = [{ bearer: [] }];
const userAnswer = z.object({ data: organizationUserSchema });

/** The caller managing their organization's users. */
const actorOf = (request: FastifyRequest): Actor => ({
  userId: authOf(request).userId,
  organizationId: organizationOf(request),
});

/**
 * Organization users (spec §7): invitations, the public calls that accept them, and managing
 * users. Paths are the spec's; `users/invitations` (list, withdraw) is ours. Static segments win
 * over `users/:id` in Fastify's router, so `GET users/invitations` never reads as a user id, and
 * `PUT users/update/:id` is apart from sign-up's public `PUT users/:id`.
 */
export const organizationUsersRoutes: AppModule = async (app, deps) => {
  const { organizationUsers: users, invitations } = deps;
  const manage = { config: { access: 'settings.users' as const } };

  app.post(
    '/users/organization-invitation',
    {
      ...manage,
      schema: {
        tags,
        security,
        body: invitationCreateSchema,
        response: { 201: z.object({ data: invitationSchema }) },
      },
    },
    async (request, reply) =>
      reply.status(201).send({
        data: await invitations.invite(actorOf(request), request.body, request.language),
      }),
  );

  app.get(
    '/users/invitations',
    {
      ...manage,
      schema: {
        tags,
        security,
        querystring: paginationQuerySchema,
        response: { 200: pageSchema(invitationSchema) },
      },
    },
    async (request) => invitations.pending(actorOf(request), request.query),
  );

  app.delete(
    '/users/invitations/:id',
    {
      ...manage,
      schema: {
        tags,
        security,
        params: idParamsSchema,
        response: { 200: z.object({ data: okResultSchema }) },
      },
    },
    async (request) => {
      await invitations.cancel(actorOf(request), request.params.id);
      return { data: { ok: true as const } };
    },
  );

  app.get(
    '/users/invitation/validate-token',
    {
      config: { access: 'public' },
      schema: {
        tags,
        querystring: tokenQuerySchema,
        response: { 200: z.object({ data: invitationInfoSchema }) },
      },
    },
    async (request) => ({ data: await invitations.info(request.query.token) }),
  );

  app.post(
    '/users/create-by-invitation',
    {
      config: { access: 'public', ...authRateLimit(deps.config) },
      schema: {
        tags,
        querystring: invitationCodeQuerySchema,
        body: registrationSchema,
        response: { 201: z.object({ data: sessionSchema }) },
      },
    },
    async (request, reply) =>
      reply.status(201).send({
        data: await invitations.accept(
          request.query.invitation_code,
          request.body,
          request.language,
        ),
      }),
  );

  app.get(
    '/users',
    {
      ...manage,
      schema: {
        tags,
        security,
        querystring: organizationUsersQuerySchema,
        response: { 200: pageSchema(organizationUserSchema) },
      },
    },
    async (request) => users.list(actorOf(request), request.query),
  );

  app.get(
    '/users/:id',
    {
      ...manage,
      schema: { tags, security, params: idParamsSchema, response: { 200: userAnswer } },
    },
    async (request) => ({ data: await users.get(actorOf(request), request.params.id) }),
  );

  app.put(
    '/users/update/:id',
    {
      ...manage,
      schema: {
        tags,
        security,
        params: idParamsSchema,
        body: organizationUserUpdateSchema,
        response: { 200: userAnswer },
      },
    },
    async (request) => ({
      data: await users.update(actorOf(request), request.params.id, request.body),
    }),
  );

  app.put(
    '/user/:id/status',
    {
      ...manage,
      schema: {
        tags,
        security,
        params: idParamsSchema,
        body: userStatusUpdateSchema,
        response: { 200: userAnswer },
      },
    },
    async (request) => ({
      data: await users.setStatus(actorOf(request), request.params.id, request.body.status),
    }),
  );
};
