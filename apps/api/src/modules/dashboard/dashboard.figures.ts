import type { DashboardSummary } from '@despacho/domain';
import type { NotificationsService } from '../notifications/notifications.service';
import type { LedgerService } from '../wallet/ledger.service';

export type Figure = Exclude<keyof DashboardSummary, 'currency'>;
export type FigureProvider = (organizationId: string, userId: string) => Promise<number>;

/** Each dashboard figure comes from the service of the domain that owns it. */
export function figureProviders(services: {
  notifications: NotificationsService;
  ledger: LedgerService;
}): Record<Figure, FigureProvider> {
  const notBuiltYet: FigureProvider = async () => 0;
  return {
    // Shipping and orders do not exist yet: their figures stay 0 until they do.
    shipments_made: notBuiltYet,
    ecommerce_orders: notBuiltYet,
    total_purchases_centavos: (organizationId) => services.ledger.purchases(organizationId),
    balance_centavos: async (organizationId) =>
      (await services.ledger.balance(organizationId)).available_centavos,
    unread_notifications: (organizationId, userId) =>
      services.notifications.unreadCount(organizationId, userId),
  };
}
