import { z } from '../validation';
import { CURRENCIES } from '../accounts/schemas';
import { CARRIER_KEYS } from '../carriers/catalog';
import { periodRangesSchema } from './periods';

/** The figures a period has, and the period before it too (the change shown beside each). */
const periodFiguresSchema = z.object({
  /** Guides bought in the period and not cancelled. */
  shipments_made: z.number().int(),
  /** Orders placed in the period. */
  ecommerce_orders: z.number().int(),
  /** What was paid in the period, net of its refunds. */
  total_purchases_centavos: z.number().int(),
  /** The available balance at the period's end (now, for the current one). */
  balance_centavos: z.number().int(),
});
export type PeriodFigures = z.infer<typeof periodFiguresSchema>;

/**
 * The five figures of the dashboard (spec §1) for a period, amounts in centavos of `currency`;
 * `previous` the same figures for the period compared. Unread notifications are a count of now.
 */
export const dashboardSummarySchema = periodFiguresSchema.extend({
  currency: z.enum(CURRENCIES),
  unread_notifications: z.number().int(),
  ranges: periodRangesSchema,
  previous: periodFiguresSchema,
});
export type DashboardSummary = z.infer<typeof dashboardSummarySchema>;

/** What spend is for: the ledger's causes (classification is charged from the wallet too). */
export const SPEND_CAUSES = ['labels', 'insurance', 'classification', 'embarques', 'fees'] as const;
export type SpendCause = (typeof SPEND_CAUSES)[number];

/** The period's activity per Mexico City day, for the dashboard's charts; days without any are absent. */
export const dashboardChartsSchema = z.object({
  ranges: periodRangesSchema,
  shipments_per_day: z.array(
    z.object({ day: z.string(), carrier: z.enum(CARRIER_KEYS), count: z.number().int() }),
  ),
  spend_per_day: z.array(
    z.object({ day: z.string(), cause: z.enum(SPEND_CAUSES), centavos: z.number().int() }),
  ),
  /** `store` null: orders typed by hand. */
  orders_per_day: z.array(
    z.object({
      day: z.string(),
      store: z.object({ id: z.string(), name: z.string() }).nullable(),
      count: z.number().int(),
    }),
  ),
  /** The destination states with most guides of the period, most first. */
  top_states: z.array(z.object({ state: z.string(), count: z.number().int() })),
});
export type DashboardCharts = z.infer<typeof dashboardChartsSchema>;

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
