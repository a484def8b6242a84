import { healthContract } from '@despacho/domain';
import { sql } from 'drizzle-orm';
import { implement } from '../../platform/contract-routes';
import type { AppModule } from '../services';

/** `GET /health`: the process answers and the database executes a query. */
export const healthRoutes: AppModule = async (app, { db, clock }) => {
  implement(app, healthContract, {
    check: async () => {
      await db.execute(sql`select 1`);
      return {
        data: { status: 'ok' as const, database: 'ok' as const, time: clock.now().toISOString() },
      };
    },
  });
};
