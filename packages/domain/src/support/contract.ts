import { defineContract, defineOperation } from '../contract';
import { z } from '../validation';
import { conversationMessageSchema, conversationSchema, messageCreateSchema } from './schemas';

/**
 * The consultant chat as any user of an organization sees it. The API implements it in
 * modules/support/support.routes.ts, the web calls it from features/dashboard/api.ts.
 */
export const supportContract = defineContract('support', {
  conversation: defineOperation({
    method: 'GET',
    path: '/support/conversation',
    access: 'organization',
    responses: { 200: z.object({ data: conversationSchema.nullable() }) },
  }),
  sendMessage: defineOperation({
    method: 'POST',
    path: '/support/conversation/messages',
    access: 'organization',
    body: messageCreateSchema,
    responses: { 201: z.object({ data: conversationMessageSchema }) },
  }),
});
