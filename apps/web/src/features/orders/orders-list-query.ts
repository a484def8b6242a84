import { ORDER_PAYMENT_STATES, ORDER_TABS, type OrdersQuery } from '@despacho/domain';
import type { useListParams } from '../../lib/useListParams';
import { isReversedRange } from '../../ui/DateRangeFields';
import { ORDERS_PAGE_SIZE } from './api';

const DAY = /^\d{4}-\d{2}-\d{2}$/;
/** A `YYYY-MM-DD` from the URL, or nothing (a hand-edited URL never reaches the API malformed). */
export const dayParam = (value: string | null) => (value && DAY.test(value) ? value : undefined);

/**
 * The list's query from its URL: the tab, the search and the filters, the page. `filtered` says
 * whether anything narrows the list; `reversed` a day range the page does not ask for.
 */
export function ordersQueryOf(list: ReturnType<typeof useListParams>) {
  const filters = {
    search: list.debouncedSearch || undefined,
    store_id: list.params.get('store_id') || undefined,
    payment: list.choice('payment', ORDER_PAYMENT_STATES),
    tag: list.params.get('tag') || undefined,
    from: dayParam(list.params.get('from')),
    to: dayParam(list.params.get('to')),
  };
  const query: OrdersQuery = {
    ...filters,
    tab: list.choice('tab', ORDER_TABS, 'all'),
    page: list.page,
    pageSize: ORDERS_PAGE_SIZE,
  };
  return {
    query,
    filtered: Object.values(filters).some(Boolean),
    reversed: isReversedRange(filters.from, filters.to),
  };
}
