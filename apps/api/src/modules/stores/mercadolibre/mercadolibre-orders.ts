import type { ExternalAddress, ExternalOrder } from '../store-adapter';
import type { MlOrder, MlPack, MlShipment } from './mercadolibre-wire';

/** Shipments past these are out of the seller's hands: nothing left to fulfil. */
const SHIPMENT_DONE = new Set(['shipped', 'delivered', 'not_delivered', 'cancelled']);

const centavos = (pesos: number) => Math.round(pesos * 100);
const iso = (value: string) => new Date(value).toISOString();

/** The payment state of a purchase of one or more orders (a pack's orders are paid together). */
function paymentState(orders: MlOrder[]): ExternalOrder['paymentState'] {
  const statuses = new Set(orders.map((order) => order.status));
  const paid = orders.reduce((sum, order) => sum + order.paid_amount, 0);
  if (statuses.has('partially_refunded')) return 'partially_refunded';
  if ([...statuses].every((status) => status === 'cancelled'))
    return paid > 0 ? 'refunded' : 'pending';
  if ([...statuses].every((status) => status === 'paid')) return 'paid';
  if (paid > 0 || statuses.has('partially_paid')) return 'partially_paid';
  return 'pending';
}

function address(shipment: MlShipment | null): ExternalAddress | null {
  const at = shipment?.receiver_address;
  if (!at) return null;
  return {
    name: at.receiver_name,
    company: null,
    phone: at.receiver_phone,
    email: null,
    street: [at.street_name, at.street_number].filter(Boolean).join(' ') || null,
    street2: at.comment,
    neighborhood: at.neighborhood?.name ?? null,
    city: at.city?.name ?? null,
    state: at.state?.name ?? null,
    zip: at.zip_code,
    country: at.country?.id.slice(0, 2) ?? null,
  };
}

/**
 * One purchase as one ExternalOrder: a lone order, or a pack (a cart of several orders, one per
 * item, shipped together) under the pack's id. Its shipment's mode decides who ships: `me2` is
 * Mercado Envíos (shown as shipped by the platform, nothing to fulfil here); `me1`/`custom`
 * are the seller's, whose tracking the adapter pushes.
 */
export function toExternalOrder(
  orders: MlOrder[],
  pack: MlPack | null,
  shipment: MlShipment | null,
): ExternalOrder {
  const first = orders[0]!;
  const byPlatform = shipment?.mode === 'me2';
  const open = !byPlatform && !SHIPMENT_DONE.has(shipment?.status ?? '');
  const buyer = first.buyer;
  const name = [buyer.first_name, buyer.last_name].filter(Boolean).join(' ') || buyer.nickname;
  const updated = orders.map((order) => iso(order.date_last_updated));
  if (pack) updated.push(iso(pack.last_updated));
  return {
    externalId: String(pack?.id ?? first.id),
    number: String(pack?.id ?? first.id),
    createdAt: iso(pack?.date_created ?? first.date_created),
    updatedAt: updated.sort().at(-1)!,
    cancelled: orders.every((order) => order.status === 'cancelled'),
    paymentState: paymentState(orders),
    currency: first.currency_id,
    total: orders.reduce((sum, order) => sum + centavos(order.total_amount), 0),
    customer: { name, email: null, phone: null },
    shippingAddress: address(shipment),
    lines: orders.flatMap((order) =>
      order.order_items.map((line) => ({
        externalId: `${order.id}:${line.item.id}`,
        sku: line.item.seller_sku,
        title: line.item.title,
        quantity: line.quantity,
        fulfillableQuantity: open && order.status !== 'cancelled' ? line.quantity : 0,
        unitPrice: centavos(line.unit_price),
      })),
    ),
    tags: [...new Set(orders.flatMap((order) => order.tags))],
    shippedByPlatform: byPlatform,
    fulfilmentTarget: {
      shipmentId: shipment?.id ?? null,
      mode: shipment?.mode ?? null,
      orderIds: orders.map((order) => order.id),
    },
  };
}
