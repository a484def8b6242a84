import type { StockCause } from '../inventory';

/**
 * What a label's stock follow-up names (StockLedger.followReservation): the reservation its
 * purchase made under the shipment, and the cause of the follow-up, the shipment itself (its
 * ship or release) or its cancellation (the return), so the movement history names it.
 */
export const labelStock = (
  shipmentId: string,
  by: 'shipment' | 'shipment_cancellation' = 'shipment',
): { reservedBy: StockCause; cause: StockCause } => ({
  reservedBy: { type: 'shipment', id: shipmentId },
  cause: { type: by, id: shipmentId },
});
