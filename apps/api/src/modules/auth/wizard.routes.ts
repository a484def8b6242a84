import {
  organizationCreateSchema,
  sessionSchema,
  wizardInfoSchema,
  wizardTokenParamsSchema,
} from '@despacho/domain';
import { z } from 'zod';
import type { AuthRouteGroup } from './auth.routes';

const tags = ['auth'];

/** `GET wizard/{token}` and `POST wizard/{token}`: the organization step of sign-up. */
export const wizardRoutes: AuthRouteGroup = (app, _deps, { wizard }) => {
  app.get(
    '/wizard/:token',
    {
      config: { access: 'public' },
      schema: {
        tags,
        params: wizardTokenParamsSchema,
        response: { 200: z.object({ data: wizardInfoSchema }) },
      },
    },
    async (request) => ({ data: await wizard.info(request.params.token) }),
  );

  app.post(
    '/wizard/:token',
    {
      config: { access: 'public' },
      schema: {
        tags,
        params: wizardTokenParamsSchema,
        body: organizationCreateSchema,
        response: { 201: z.object({ data: sessionSchema }) },
      },
    },
    async (request, reply) =>
      reply.status(201).send({ data: await wizard.complete(request.params.token, request.body) }),
  );
};
