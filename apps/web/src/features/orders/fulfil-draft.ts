import type { OrderQuoteInput } from '@despacho/domain';

/**
 * What `orders/create-fulfillment` hands to `orders/quote-shipping` in the URL (so a reload keeps
 * it): `order`, `origin`, `lines=<lineId>:<qty>,…` and `parcel=<l>,<w>,<h>,<kg>[,<packageId>]`.
 */
export interface FulfilDraft {
  orderId: string;
  request: OrderQuoteInput;
}

export function fulfilSearch(orderId: string, request: OrderQuoteInput): string {
  const parcel = request.parcels[0]!;
  const params = new URLSearchParams({
    order: orderId,
    origin: request.origin_id,
    lines: request.lines.map((line) => `${line.line_id}:${line.quantity}`).join(','),
    parcel: [parcel.length, parcel.width, parcel.height, parcel.weight, parcel.package_id ?? '']
      .join(',')
      .replace(/,$/, ''),
  });
  return `?${params.toString()}`;
}

/** The draft back from the URL; null when a part is missing (the page says so). */
export function readFulfilDraft(params: URLSearchParams): FulfilDraft | null {
  const orderId = params.get('order');
  const origin = params.get('origin');
  const lines = params.get('lines');
  const parcel = params.get('parcel')?.split(',');
  if (!orderId || !origin || !lines || !parcel || parcel.length < 4) return null;
  const [length, width, height, weight] = parcel.slice(0, 4).map(Number);
  return {
    orderId,
    request: {
      origin_id: origin,
      lines: lines.split(',').map((pair) => {
        const [line_id = '', quantity] = pair.split(':');
        return { line_id, quantity: Number(quantity) };
      }),
      parcels: [
        {
          unit: 'cm_kg',
          length: length!,
          width: width!,
          height: height!,
          weight: weight!,
          package_id: parcel[4] || null,
        },
      ],
    },
  };
}
