/**
 * Inventory (spec §2 products/inventory, issue 15): the stock ledger's vocabulary.
 *
 * Stock is kept per organization, variant and location in four buckets: on hand (in the
 * building), reserved (promised to an exit, part of on hand), incoming (announced in an entry,
 * on the way) and not sellable (damaged or under review, apart from on hand). Available is on
 * hand minus reserved. Every change is an operation of one kind, made of movements (deltas per
 * bucket), written with the balances in one transaction.
 */
export const STOCK_BUCKETS = ['on_hand', 'reserved', 'incoming', 'not_sellable'] as const;
export type StockBucket = (typeof STOCK_BUCKETS)[number];

export const STOCK_OPERATION_KINDS = [
  /** An entry announced: incoming up. */
  'announce',
  /** An announced entry cancelled or closed short: incoming down. */
  'announce_cancel',
  /** Units counted at a warehouse: incoming down, on hand or not sellable up. */
  'receive',
  /** Not sellable units accepted into on hand, or on hand units set apart. */
  'reclassify',
  /** A count or damage at a location: on hand or not sellable up or down, with a reason. */
  'adjust',
  /** Units promised to an exit or a label purchase: reserved up. */
  'reserve',
  /** A reservation given back (exit cancelled, purchase failed): reserved down. */
  'release',
  /** Reserved units leave the building: on hand and reserved down. */
  'ship',
  /** Shipped units back (a guide cancelled): on hand up. */
  'return',
] as const;
export type StockOperationKind = (typeof STOCK_OPERATION_KINDS)[number];

export const STOCK_LOCATION_KINDS = ['warehouse', 'own'] as const;
export type StockLocationKind = (typeof STOCK_LOCATION_KINDS)[number];

/** One line of an operation: the deltas it applies to one variant at one location. */
export interface StockLine {
  variant_id: string;
  location_id: string;
  on_hand?: number;
  reserved?: number;
  incoming?: number;
  not_sellable?: number;
}
