import type { ShipmentDetail } from '@despacho/domain';

/** A cancellation the carrier has not confirmed yet: the page keeps asking. */
export const cancellationPending = (shipment: ShipmentDetail | undefined) =>
  Boolean(shipment?.cancellation_requested_at) && shipment?.status !== 'cancelled';

/** How often a pending guide is checked: often at first, then calmly. */
export const CANCELLATION_POLL_MS = { first: 3_000, later: 15_000, switchAfter: 60_000 } as const;

/**
 * How soon a guide's page reads it again: while its purchase finishes or its cancellation waits
 * for the carrier (until it shows cancelled, with the refund); never otherwise.
 */
export function guidePollMs(shipment: ShipmentDetail | undefined): number | false {
  if (shipment?.purchase_state === 'purchasing') return CANCELLATION_POLL_MS.first;
  if (!shipment || !cancellationPending(shipment)) return false;
  const waited = Date.now() - new Date(shipment.cancellation_requested_at!).getTime();
  return waited < CANCELLATION_POLL_MS.switchAfter
    ? CANCELLATION_POLL_MS.first
    : CANCELLATION_POLL_MS.later;
}
