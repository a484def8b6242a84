import type { DashboardSummary } from '@despacho/domain';
import type { NotificationsService } from '../notifications';
import type { OrdersService } from '../orders';
import type { ShipmentsService } from '../shipments';
import type { LedgerService } from '../wallet';

export type Figure = Exclude<keyof DashboardSummary, 'currency'>;
export type FigureProvider = (organizationId: string, userId: string) => Promise<number>;

/** Each dashboard figure comes from the service of the domain that owns it. */
export function figureProviders(services: {
  shipments: Pick<ShipmentsService, 'countMade'>;
  notifications: NotificationsService;
  ledger: LedgerService;
  orders: Pick<OrdersService, 'summary'>;
}): Record<Figure, FigureProvider> {
  return {
    shipments_made: (organizationId) => services.shipments.countMade(organizationId),
    // The orders still to send: open and not yet wholly fulfilled.
    ecommerce_orders: async (organizationId) =>
      (await services.orders.summary(organizationId)).open,
    total_purchases_centavos: (organizationId) => services.ledger.purchases(organizationId),
    balance_centavos: async (organizationId) =>
      (await services.ledger.balance(organizationId)).available_centavos,
    unread_notifications: (organizationId, userId) =>
      services.notifications.unreadCount(organizationId, userId),
  };
}
