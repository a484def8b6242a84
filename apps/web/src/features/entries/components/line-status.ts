import type { EntryLineView, EntryStatus } from '@despacho/domain';

/** What a line of an entry is at, in the merchant's words. */
export type LineStatus =
  'awaiting' | 'not_arrived' | 'cancelled' | 'incident' | 'set_apart' | 'stock';

/**
 * A line's status read with its entry's: the line's stock status alone said "not defined" on an
 * entry closed short and "pending" on one received with damaged units, as if waiting for
 * something. Nothing counted is awaited while the entry is open, did not arrive once it is
 * closed; counted, an open incident asks for an answer, units set apart stay out of stock.
 */
export function lineStatus(entry: EntryStatus, line: EntryLineView): LineStatus {
  if (entry === 'cancelled') return 'cancelled';
  if (line.stock_status === 'no_definition') {
    return entry === 'received' ? 'not_arrived' : 'awaiting';
  }
  if (line.incidents.some((incident) => !incident.resolved)) return 'incident';
  return line.stock_status === 'pending' ? 'set_apart' : 'stock';
}
