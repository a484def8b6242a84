import type { DbOrTx } from '../../platform/db';
import { AppError } from '../../platform/errors';
import type { StockLedger } from '../inventory';
import type { OrderLineRow, OrderRow } from './orders.repository';
import { orderLines, orders } from './orders.tables';
import { eq } from 'drizzle-orm';

/** The stock cause of an order's moves: `order:<order>.<n>:<verb>`, one key per move. */
export const ORDER_CAUSE = 'order';

/** The cause id of a fulfilment's shipped units: once per fulfilment, whatever replays it. */
export const shippedCause = (orderId: string, fulfillmentId: string) =>
  ({
    type: ORDER_CAUSE,
    id: `${orderId}.f.${fulfillmentId}`,
  }) as const;

/** What a line should hold reserved: what is left to send of a mapped line of an open order. */
export function reservationTarget(order: OrderRow, line: OrderLineRow): number {
  if (order.status !== 'open' || !order.locationId || !line.variantId) return 0;
  return Math.max(0, line.quantity - line.fulfilledQuantity);
}

/**
 * Moves the order's reservation at its location to what each line should hold (`target`,
 * by default `reservationTarget`), one move per changed line under a key of its own
 * (`stock_seq`), in `tx`. `strict` (a manual order, a fulfilment) lets INSUFFICIENT_STOCK roll
 * everything back; otherwise (a synced order, which must be stored whatever the stock) a line
 * reserves what is available and stays short, in a savepoint.
 */
export async function reconcileReservation(
  stock: Pick<StockLedger, 'reserve' | 'release'>,
  tx: DbOrTx,
  order: OrderRow,
  lines: OrderLineRow[],
  options: { strict: boolean; actorId?: string | null; target?: (line: OrderLineRow) => number },
): Promise<OrderLineRow[]> {
  const target = options.target ?? ((line: OrderLineRow) => reservationTarget(order, line));
  let seq = order.stockSeq;
  const next = [];
  for (const line of lines) {
    const want = target(line);
    let reserved = line.reservedQuantity;
    if (want !== reserved && order.locationId && line.variantId) {
      const call = (quantity: number) => ({
        cause: { type: ORDER_CAUSE, id: `${order.id}.${++seq}` } as const,
        location: order.locationId!,
        actorId: options.actorId ?? null,
        lines: [{ variant_id: line.variantId!, quantity }],
      });
      if (want < reserved) {
        await stock.release(order.organizationId, call(reserved - want), tx);
        reserved = want;
      } else if (options.strict) {
        await stock.reserve(order.organizationId, call(want - reserved), tx);
        reserved = want;
      } else {
        reserved += await reserveWhatFits(stock, tx, order.organizationId, call, want - reserved);
      }
      await tx
        .update(orderLines)
        .set({ reservedQuantity: reserved })
        .where(eq(orderLines.id, line.id));
    }
    next.push({ ...line, reservedQuantity: reserved });
  }
  if (seq !== order.stockSeq) {
    await tx.update(orders).set({ stockSeq: seq }).where(eq(orders.id, order.id));
    order.stockSeq = seq;
  }
  return next;
}

/** Reserves `wanted` units, or the units available when fewer; answers how many it reserved. */
async function reserveWhatFits(
  stock: Pick<StockLedger, 'reserve'>,
  tx: DbOrTx,
  organizationId: string,
  call: (quantity: number) => Parameters<StockLedger['reserve']>[1],
  wanted: number,
): Promise<number> {
  try {
    await tx.transaction((sp) => stock.reserve(organizationId, call(wanted), sp));
    return wanted;
  } catch (error) {
    if (!(error instanceof AppError) || error.code !== 'INSUFFICIENT_STOCK') throw error;
    const available = Math.min(wanted, Math.max(0, Number(error.params.available ?? 0)));
    if (available === 0) return 0;
    await stock.reserve(organizationId, call(available), tx);
    return available;
  }
}
