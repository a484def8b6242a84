import { defineContract, defineOperation } from '../contract';
import { z } from '../validation';
import { dashboardPeriodQuerySchema } from './periods';
import { dashboardChartsSchema, dashboardSummarySchema, firstStepsSchema } from './schemas';

/**
 * The merchant's home screen: its figures and a new organization's first steps. The API implements it in
 * modules/dashboard/dashboard.routes.ts, the web calls it from features/dashboard/api.ts.
 */
export const dashboardContract = defineContract('dashboard', {
  summary: defineOperation({
    method: 'GET',
    path: '/dashboard/summary',
    access: 'dashboard',
    query: dashboardPeriodQuerySchema,
    description:
      'The five figures for a period of Mexico City days (`today`, `7d`, `30d`, `month`) and the same figures of the period before it.',
    responses: { 200: z.object({ data: dashboardSummarySchema }) },
  }),
  charts: defineOperation({
    method: 'GET',
    path: '/dashboard/charts',
    access: 'dashboard',
    query: dashboardPeriodQuerySchema,
    description:
      'The period’s guides per day by carrier, spend per day by cause, orders per day by store and the top destination states.',
    responses: { 200: z.object({ data: dashboardChartsSchema }) },
  }),
  firstSteps: defineOperation({
    method: 'GET',
    path: '/dashboard/first-steps',
    access: 'dashboard',
    description:
      "The checklist of a new organization, each step done or not from the organization's data: tax information, an origin address, balance added, a first label bought, more than one user.",
    responses: { 200: z.object({ data: firstStepsSchema }) },
  }),
  dismissFirstSteps: defineOperation({
    method: 'POST',
    path: '/dashboard/first-steps/dismiss',
    access: 'dashboard',
    description:
      'Closes the checklist for the whole organization; closing it again changes nothing.',
    responses: { 200: z.object({ data: firstStepsSchema }) },
  }),
});
