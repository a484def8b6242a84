import {
  idParamsSchema,
  registrationSchema,
  signupResultSchema,
  signupStartSchema,
  userCreateSchema,
} from '@despacho/domain';
import { z } from 'zod';
import type { AuthRouteGroup } from './auth.routes';
import { authRateLimit } from '../../platform/rate-limit';

const tags = ['auth'];
const answer = z.object({ data: signupResultSchema });

/** `POST users`, `PUT users/{id}`, `POST user/create`: sign-up up to the SMS code. */
export const signupRoutes: AuthRouteGroup = (app, deps, { signup }) => {
  app.post(
    '/users',
    {
      config: { access: 'public' },
      schema: { tags, body: signupStartSchema, response: { 201: answer } },
    },
    async (request, reply) =>
      reply.status(201).send({ data: await signup.start(request.body.email, request.language) }),
  );

  // Both send an SMS: capped like the other calls that do.
  app.put(
    '/users/:id',
    {
      config: { access: 'public', ...authRateLimit(deps.config) },
      schema: { tags, params: idParamsSchema, body: registrationSchema, response: { 200: answer } },
    },
    async (request) => ({ data: await signup.register(request.params.id, request.body) }),
  );

  app.post(
    '/user/create',
    {
      config: { access: 'public', ...authRateLimit(deps.config) },
      schema: { tags, body: userCreateSchema, response: { 201: answer } },
    },
    async (request, reply) =>
      reply.status(201).send({ data: await signup.create(request.body, request.language) }),
  );
};
