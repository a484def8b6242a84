import type { DayRange, PeriodFigures } from '@despacho/domain';
import type { OrdersService } from '../orders';
import type { ShipmentsService } from '../shipments';
import type { LedgerService } from '../wallet';

/** A figure of the days of a period; `current` when they end today. */
export type FigureProvider = (
  organizationId: string,
  days: DayRange,
  current: boolean,
) => Promise<number>;

/** Each dashboard figure comes from the service of the domain that owns it. */
export function figureProviders(services: {
  shipments: Pick<ShipmentsService, 'countMade'>;
  ledger: Pick<LedgerService, 'purchases' | 'balance' | 'balanceAtEndOf'>;
  orders: Pick<OrdersService, 'countPlaced'>;
}): Record<keyof PeriodFigures, FigureProvider> {
  return {
    shipments_made: (organizationId, days) => services.shipments.countMade(organizationId, days),
    ecommerce_orders: (organizationId, days) => services.orders.countPlaced(organizationId, days),
    total_purchases_centavos: (organizationId, days) =>
      services.ledger.purchases(organizationId, days),
    // A period ending today shows the balance as it is now.
    balance_centavos: async (organizationId, days, current) =>
      current
        ? (await services.ledger.balance(organizationId)).available_centavos
        : services.ledger.balanceAtEndOf(organizationId, days.to),
  };
}
