import { defineContract, defineOperation } from '../contract';
import { z } from '../validation';
import { mailboxMessageSchema, mailboxQuerySchema } from './schemas';

/**
 * `GET dev/mailbox`: what the app "sent", outside production only (apps/api's
 * platform/mailbox.routes.ts says who may read it). The web's Mailbox page calls it from
 * features/mailbox/api.ts, the end-to-end tests read SMS codes and links from it.
 */
export const mailboxContract = defineContract('mailbox', {
  list: defineOperation({
    method: 'GET',
    path: '/dev/mailbox',
    access: 'public',
    tags: ['platform'],
    query: mailboxQuerySchema,
    responses: { 200: z.object({ data: z.array(mailboxMessageSchema) }) },
  }),
});
