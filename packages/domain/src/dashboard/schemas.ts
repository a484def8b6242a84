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
