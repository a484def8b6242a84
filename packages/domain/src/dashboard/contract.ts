import { defineContract, defineOperation } from '../contract';
import { z } from '../validation';
import { dashboardSummarySchema } from './schemas';

/**
 * `GET dashboard/summary`: the figures of the merchant's home screen. The API implements it in
 * modules/dashboard/dashboard.routes.ts, the web calls it from features/dashboard/api.ts.
 */
export const dashboardContract = defineContract('dashboard', {
  summary: defineOperation({
    method: 'GET',
    path: '/dashboard/summary',
    access: 'dashboard',
    responses: { 200: z.object({ data: dashboardSummarySchema }) },
  }),
});
