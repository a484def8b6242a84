import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { AppModule } from '../services';

const healthSchema = z.object({
  data: z.object({ status: z.literal('ok'), database: z.literal('ok'), time: z.string() }),
});

/** `GET /health`: the process answers and the database executes a query. */
export const healthRoutes: AppModule = async (app, { db, clock }) => {
  app.get(
    '/health',
    {
      config: { access: 'public' },
      schema: { tags: ['platform'], response: { 200: healthSchema } },
    },
    async () => {
      await db.execute(sql`select 1`);
      return {
        data: { status: 'ok' as const, database: 'ok' as const, time: clock.now().toISOString() },
      };
    },
  );
};
