import type { DashboardCharts, PeriodRanges } from '@despacho/domain';
import type { OrdersService } from '../orders';
import type { ShipmentsService } from '../shipments';
import type { LedgerService } from '../wallet';

export type ChartsSources = {
  shipments: Pick<ShipmentsService, 'activity'>;
  ledger: Pick<LedgerService, 'spendPerDay'>;
  orders: Pick<OrdersService, 'placedPerDay'>;
};

/** The charts of a period, each series asked of the domain that owns its data. */
export async function chartsOf(
  sources: ChartsSources,
  organizationId: string,
  ranges: PeriodRanges,
): Promise<DashboardCharts> {
  const days = ranges.current;
  const [shipments, spend, orders] = await Promise.all([
    sources.shipments.activity(organizationId, days),
    sources.ledger.spendPerDay(organizationId, days),
    sources.orders.placedPerDay(organizationId, days),
  ]);
  return {
    ranges,
    shipments_per_day: shipments.perDay,
    spend_per_day: spend,
    orders_per_day: orders,
    top_states: shipments.topStates,
  };
}
