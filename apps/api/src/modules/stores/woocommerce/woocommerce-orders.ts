import type { ExternalAddress, ExternalOrder } from '../store-adapter';

/** The part of a REST v3 order the adapter reads. */
export interface WooOrderJson {
  id: number;
  number?: string;
  status: string;
  currency: string;
  total: string;
  date_created_gmt: string;
  date_modified_gmt: string;
  date_paid_gmt?: string | null;
  billing?: Partial<Record<string, string>>;
  shipping?: Partial<Record<string, string>>;
  line_items: {
    id: number;
    name: string;
    sku?: string | null;
    quantity: number;
    price: number | string;
  }[];
  refunds?: { total: string }[];
  meta_data?: { key: string; value: unknown }[];
}

/** The statuses of an order still to ship: a new store's backfill reads these. */
export const OPEN_STATUSES = ['processing', 'on-hold', 'pending'] as const;

/** Decimal strings ("1234.5") to integer centavos without floating-point drift. */
export function centavos(value: string | number): number {
  const [whole = '0', fraction = ''] = String(value).replace('-', '').split('.');
  const amount = Number(whole) * 100 + Number(fraction.padEnd(2, '0').slice(0, 2));
  return String(value).startsWith('-') ? -amount : amount;
}

/** WooCommerce's GMT dates carry no zone. */
const utc = (value: string) => new Date(`${value.replace(/Z$/, '')}Z`).toISOString();
const blank = (value: string | undefined) => (value && value.trim() ? value.trim() : null);

function addressOf(
  source: Partial<Record<string, string>> | undefined,
  email: string | null,
): ExternalAddress | null {
  if (!source || !blank(source.address_1)) return null;
  const name = [source.first_name, source.last_name].map(blank).filter(Boolean).join(' ');
  return {
    name: name || null,
    company: blank(source.company),
    phone: blank(source.phone),
    email,
    street: blank(source.address_1),
    street2: blank(source.address_2),
    neighborhood: null,
    city: blank(source.city),
    state: blank(source.state),
    zip: blank(source.postcode),
    country: blank(source.country),
  };
}

function paymentStateOf(order: WooOrderJson): ExternalOrder['paymentState'] {
  if (order.status === 'refunded') return 'refunded';
  if ((order.refunds ?? []).length > 0) return 'partially_refunded';
  if (order.status === 'processing' || order.status === 'completed' || order.date_paid_gmt) {
    return 'paid';
  }
  return 'pending';
}

/**
 * What this app pushed to an order, kept on it as meta data (WooCommerce has no fulfilments):
 * units shipped per line, and each push's note by its idempotency key.
 */
export const SHIPPED_META = '_despacho_shipped';

export interface ShippedMeta {
  lines: Record<string, number>;
  pushes: Record<string, string>;
}

export function shippedOf(order: WooOrderJson): ShippedMeta {
  const meta = order.meta_data?.find((entry) => entry.key === SHIPPED_META)?.value as
    Partial<ShippedMeta> | undefined;
  return { lines: { ...meta?.lines }, pushes: { ...meta?.pushes } };
}

/**
 * A REST v3 order as the stores module reads it. WooCommerce has no per-line fulfilment: a
 * completed order has shipped everything, otherwise what this app pushed (meta) is shipped.
 */
export function externalOrderOf(order: WooOrderJson): ExternalOrder {
  const email = blank(order.billing?.email);
  const shipping = addressOf(order.shipping, email) ?? addressOf(order.billing, email);
  const shipped = shippedOf(order);
  const name = [order.billing?.first_name, order.billing?.last_name]
    .map(blank)
    .filter(Boolean)
    .join(' ');
  return {
    externalId: String(order.id),
    number: order.number ?? String(order.id),
    createdAt: utc(order.date_created_gmt),
    updatedAt: utc(order.date_modified_gmt),
    cancelled: ['cancelled', 'trash', 'failed'].includes(order.status),
    paymentState: paymentStateOf(order),
    currency: order.currency,
    total: centavos(order.total),
    customer:
      name || email || blank(order.billing?.phone)
        ? { name: name || null, email, phone: blank(order.billing?.phone) }
        : null,
    shippingAddress: shipping,
    lines: order.line_items.map((line) => ({
      externalId: String(line.id),
      sku: blank(line.sku ?? undefined),
      title: line.name,
      quantity: line.quantity,
      fulfillableQuantity:
        order.status === 'completed'
          ? 0
          : Math.max(line.quantity - (shipped.lines[String(line.id)] ?? 0), 0),
      unitPrice: centavos(line.price),
    })),
    tags: [],
    shippedByPlatform: false,
  };
}
