import { mailboxMessageSchema, mailboxQuerySchema } from '@despacho/domain';
import { z } from 'zod';
import type { AppModule } from './module';

/**
 * `GET dev/mailbox`: what the app "sent", for the Mailbox page and the end-to-end tests that read
 * SMS codes and links from it. Never registered in production, where the path answers 404.
 */
export const mailboxRoutes: AppModule = async (app, { config, outbox }) => {
  if (config.NODE_ENV === 'production') return;
  app.get(
    '/dev/mailbox',
    {
      config: { access: 'public' },
      schema: {
        tags: ['platform'],
        querystring: mailboxQuerySchema,
        response: { 200: z.object({ data: z.array(mailboxMessageSchema) }) },
      },
    },
    async (request) => {
      const rows = await outbox.recent(request.query.recipient);
      return {
        data: rows.map((row) => ({
          id: row.id,
          channel: row.channel,
          recipient: row.recipient,
          subject: row.subject,
          body: row.body,
          created_at: row.createdAt.toISOString(),
        })),
      };
    },
  );
};
