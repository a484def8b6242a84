import { defineContract, defineOperation } from '../contract';
import { z } from '../validation';

/** `GET /health`: the process answers and the database executes a query. */
export const healthContract = defineContract('health', {
  check: defineOperation({
    method: 'GET',
    path: '/health',
    access: 'public',
    tags: ['platform'],
    responses: {
      200: z.object({
        data: z.object({ status: z.literal('ok'), database: z.literal('ok'), time: z.string() }),
      }),
    },
  }),
});
