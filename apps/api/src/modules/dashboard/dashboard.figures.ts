import type { DashboardSummary } from '@despacho/domain';
import type { NotificationsService } from '../notifications/notifications.service';

export type Figure = Exclude<keyof DashboardSummary, 'currency'>;
export type FigureProvider = (organizationId: string, userId: string) => Promise<number>;

/** Each dashboard figure comes from the service of the domain that owns it. */
export function figureProviders(services: {
  notifications: NotificationsService;
}): Record<Figure, FigureProvider> {
  const notBuiltYet: FigureProvider = async () => 0;
  return {
    // Shipping, orders and wallet do not exist yet: their figures stay 0 until they do.
    shipments_made: notBuiltYet,
    ecommerce_orders: notBuiltYet,
    total_purchases_centavos: notBuiltYet,
    balance_centavos: notBuiltYet,
    unread_notifications: (organizationId, userId) =>
      services.notifications.unreadCount(organizationId, userId),
  };
}
