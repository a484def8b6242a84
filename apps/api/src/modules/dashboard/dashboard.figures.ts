import type { DashboardSummary } from '@despacho/domain';
import type { NotificationsService } from '../notifications';
import type { ShipmentsService } from '../shipments';
import type { LedgerService } from '../wallet';

export type Figure = Exclude<keyof DashboardSummary, 'currency'>;
export type FigureProvider = (organizationId: string, userId: string) => Promise<number>;

/** Each dashboard figure comes from the service of the domain that owns it. */
export function figureProviders(services: {
  shipments: Pick<ShipmentsService, 'countMade'>;
  notifications: NotificationsService;
  ledger: LedgerService;
}): Record<Figure, FigureProvider> {
  const notBuiltYet: FigureProvider = async () => 0;
  return {
    shipments_made: (organizationId) => services.shipments.countMade(organizationId),
    // Orders do not exist yet: their figure stays 0 until they do.
    ecommerce_orders: notBuiltYet,
    total_purchases_centavos: (organizationId) => services.ledger.purchases(organizationId),
    balance_centavos: async (organizationId) =>
      (await services.ledger.balance(organizationId)).available_centavos,
    unread_notifications: (organizationId, userId) =>
      services.notifications.unreadCount(organizationId, userId),
  };
}
