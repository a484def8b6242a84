import { z } from '../validation';
import { CURRENCIES } from '../accounts/schemas';

/** The five figures of the dashboard (spec §1); amounts in centavos of `currency`. */
export const dashboardSummarySchema = z.object({
  shipments_made: z.number().int(),
  ecommerce_orders: z.number().int(),
  total_purchases_centavos: z.number().int(),
  balance_centavos: z.number().int(),
  currency: z.enum(CURRENCIES),
  unread_notifications: z.number().int(),
});
export type DashboardSummary = z.infer<typeof dashboardSummarySchema>;

/**
 * The first steps a new organization takes, in the order the dashboard lists them. Connecting an
 * online store joins them once stores exist (today no organization can connect one).
 */
export const FIRST_STEPS = [
  'tax_information',
  'origin_address',
  'balance',
  'first_label',
  'team',
] as const;
export type FirstStep = (typeof FIRST_STEPS)[number];

/** `GET dashboard/first-steps`: each step and whether the organization's data shows it done. */
export const firstStepsSchema = z.object({
  steps: z.array(z.object({ key: z.enum(FIRST_STEPS), done: z.boolean() })),
  /** Someone of the organization closed the checklist: it is not shown again. */
  dismissed: z.boolean(),
});
export type FirstSteps = z.infer<typeof firstStepsSchema>;
