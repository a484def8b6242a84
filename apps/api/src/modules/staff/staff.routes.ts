import {
  conversationMessageSchema,
  idParamsSchema,
  messageCreateSchema,
  pageSchema,
  staffConversationSchema,
  staffConversationsQuerySchema,
  staffConversationSummarySchema,
} from '@despacho/domain';
import { z } from 'zod';
import { authOf } from '../../platform/auth';
import type { AppModule } from '../../platform/module';
import { AccountsService } from '../accounts/accounts.service';
import { NotificationsService } from '../notifications/notifications.service';
import { SupportService } from '../support/support.service';
import { StaffService } from './staff.service';

const tags = ['staff'];
const security = [{ bearer: [] }];
const conversationAnswer = z.object({ data: staffConversationSchema });

/** The operators' console: platform staff answer every organization's consultant chat. */
export const staffRoutes: AppModule = async (app, deps) => {
  const staff = new StaffService({
    support: new SupportService({ ...deps, notifications: new NotificationsService(deps) }),
    accounts: new AccountsService(deps),
  });
  const staffOnly = { config: { access: 'staff' as const } };

  app.get(
    '/staff/conversations',
    {
      ...staffOnly,
      schema: {
        tags,
        security,
        querystring: staffConversationsQuerySchema,
        response: { 200: pageSchema(staffConversationSummarySchema) },
      },
    },
    async (request) => staff.conversations(request.query),
  );

  app.get(
    '/staff/conversations/:id',
    {
      ...staffOnly,
      schema: { tags, security, params: idParamsSchema, response: { 200: conversationAnswer } },
    },
    async (request) => ({ data: await staff.conversation(request.params.id) }),
  );

  app.post(
    '/staff/conversations/:id/messages',
    {
      ...staffOnly,
      schema: {
        tags,
        security,
        params: idParamsSchema,
        body: messageCreateSchema,
        response: { 201: z.object({ data: conversationMessageSchema }) },
      },
    },
    async (request, reply) => {
      const message = await staff.answer(
        request.params.id,
        authOf(request).userId,
        request.body.body,
      );
      return reply.status(201).send({ data: message });
    },
  );

  app.post(
    '/staff/conversations/:id/close',
    {
      ...staffOnly,
      schema: { tags, security, params: idParamsSchema, response: { 200: conversationAnswer } },
    },
    async (request) => ({ data: await staff.close(request.params.id) }),
  );
};
