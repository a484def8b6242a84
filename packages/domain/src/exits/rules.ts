/**
 * Warehouse exits (spec §2 products/outs, §4 Exit, issue 15): stock taken out of a platform
 * warehouse. The merchant creates an exit and sends it to the warehouse (its stock is reserved);
 * staff pick, pack and ship it with a guide (on hand leaves), or it is cancelled (the
 * reservation is released once).
 */
export const EXIT_STATUSES = ['created', 'processing', 'shipped', 'cancelled'] as const;
export type ExitStatus = (typeof EXIT_STATUSES)[number];

/** Where each status may go; shipped and cancelled are final. */
export const EXIT_TRANSITIONS: Record<ExitStatus, readonly ExitStatus[]> = {
  created: ['processing', 'cancelled'],
  processing: ['shipped', 'cancelled'],
  shipped: [],
  cancelled: [],
};

export const canMoveExit = (from: ExitStatus, to: ExitStatus): boolean =>
  EXIT_TRANSITIONS[from].includes(to);

export const EXIT_DESTINATION_KINDS = ['customer', 'location'] as const;
export type ExitDestinationKind = (typeof EXIT_DESTINATION_KINDS)[number];

export const EXIT_RULES = {
  maxLines: 100,
  /** Spec §5 maximum quantity of one line. */
  maxQuantity: 100_000,
  referenceMax: 50,
  notesMax: 500,
} as const;

/**
 * The staff dispatch screen's lists: the exits waiting to be dispatched, and the shipped exits
 * whose guide the merchant cancelled (decision 028), whose packed parcel staff unpack.
 */
export const STAFF_EXIT_VIEWS = ['to_dispatch', 'guide_cancelled'] as const;
export type StaffExitViewKind = (typeof STAFF_EXIT_VIEWS)[number];

/** How long a cancelled guide's exit stays on the dispatch screen: its parcel is put away by then. */
export const GUIDE_CANCELLED_SHOWN_DAYS = 7;

/** The cause type of the exits' stock movements (the inventory history links it). */
export const EXIT_CAUSE_TYPE = 'exit';

/** A guide bought for an exit: one purchase per quote, so a retry after a failure can buy again. */
export const exitGuideKey = (exitId: string, quoteId: string) => `exit:${exitId}:guide:${quoteId}`;

/**
 * The lines an exit is processed with: each line's quantity, or the one given when it is sent
 * (the merchant sets an out-of-stock line to 0); lines at 0 are dropped.
 */
export function linesToProcess<T extends { variant_id: string; quantity: number }>(
  lines: readonly T[],
  quantities: readonly { variant_id: string; quantity: number }[] = [],
): T[] {
  const given = new Map(quantities.map((line) => [line.variant_id, line.quantity]));
  return lines
    .map((line) => ({ ...line, quantity: given.get(line.variant_id) ?? line.quantity }))
    .filter((line) => line.quantity > 0);
}
