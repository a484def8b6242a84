/**
 * Warehouse entries (spec §2 products/entry, §3, §4; issue 15): goods a merchant announces to a
 * platform warehouse and the staff count on arrival.
 */
export const ENTRY_STATUSES = ['pending', 'partial', 'received', 'cancelled'] as const;
export type EntryStatus = (typeof ENTRY_STATUSES)[number];

/** Spec §4 "Entry stock status", per line. */
export const ENTRY_STOCK_STATUSES = ['no_definition', 'pending', 'stock'] as const;
export type EntryStockStatus = (typeof ENTRY_STOCK_STATUSES)[number];

export const ENTRY_INCIDENT_KINDS = ['short', 'over', 'damaged', 'wrong_item'] as const;
export type EntryIncidentKind = (typeof ENTRY_INCIDENT_KINDS)[number];

/** Product data a warehouse needs to store and later ship a unit. */
export const ENTRY_PRODUCT_DATA = ['dimensions', 'weight', 'sat_keys', 'barcode'] as const;
export type EntryProductData = (typeof ENTRY_PRODUCT_DATA)[number];

export const ENTRY_RULES = {
  /** Spec §5 maximum quantity: units of one line, expected or counted at once. */
  maxQuantity: 100_000,
  maxLines: 100,
  referenceMax: 100,
  carrierMax: 60,
  trackingMax: 60,
  noteMax: 500,
  answerMax: 1000,
  /** Issue 15: incident photos are at most 1 MB each. */
  photoMaxBytes: 1024 * 1024,
  maxPhotos: 5,
} as const;

export interface ProductDataOfVariant {
  weight: number | null;
  length: number | null;
  width: number | null;
  height: number | null;
  sat_product_code: string | null;
  sat_unit_code: string | null;
  barcode: string | null;
}

/** What of a variant's data is missing for a warehouse to take it (spec §8). */
export function missingProductData(variant: ProductDataOfVariant): EntryProductData[] {
  const missing: EntryProductData[] = [];
  if (!variant.length || !variant.width || !variant.height) missing.push('dimensions');
  if (!variant.weight) missing.push('weight');
  if (!variant.sat_product_code || !variant.sat_unit_code) missing.push('sat_keys');
  if (!variant.barcode) missing.push('barcode');
  return missing;
}

export interface LineCounts {
  received: number;
  not_sellable: number;
  open_incidents: number;
}

/** Nothing received: no definition; under review or with an open incident: pending; else stock. */
export function lineStockStatus(line: LineCounts): EntryStockStatus {
  if (line.received === 0) return 'no_definition';
  if (line.not_sellable > 0 || line.open_incidents > 0) return 'pending';
  return 'stock';
}

/** Incoming a receipt of `count` takes off: never more than what is still on the way. */
export function incomingTaken(expected: number, receivedBefore: number, count: number): number {
  return Math.max(0, Math.min(count, expected - receivedBefore));
}

/** An open entry's status once its lines are counted: received when every line is complete. */
export function statusOfCounts(
  lines: readonly { expected: number; received: number }[],
): Extract<EntryStatus, 'pending' | 'partial' | 'received'> {
  if (lines.every((line) => line.received === 0)) return 'pending';
  return lines.every((line) => line.received >= line.expected) ? 'received' : 'partial';
}
