import {
  conversationMessageSchema,
  conversationSchema,
  messageCreateSchema,
} from '@despacho/domain';
import { z } from 'zod';
import { authOf, organizationOf } from '../../platform/auth';
import type { AppModule } from '../services';

const tags = ['support'];
const security = [{ bearer: [] }];

/** The consultant chat as any user of an organization sees it. */
export const supportRoutes: AppModule = async (app, deps) => {
  const { support } = deps;

  app.get(
    '/support/conversation',
    {
      config: { access: 'organization' },
      schema: {
        tags,
        security,
        response: { 200: z.object({ data: conversationSchema.nullable() }) },
      },
    },
    async (request) => ({ data: await support.openConversation(organizationOf(request)) }),
  );

  app.post(
    '/support/conversation/messages',
    {
      config: { access: 'organization' },
      schema: {
        tags,
        security,
        body: messageCreateSchema,
        response: { 201: z.object({ data: conversationMessageSchema }) },
      },
    },
    async (request, reply) => {
      const message = await support.postMerchantMessage(
        organizationOf(request),
        authOf(request).userId,
        request.body.body,
      );
      return reply.status(201).send({ data: message });
    },
  );
};
