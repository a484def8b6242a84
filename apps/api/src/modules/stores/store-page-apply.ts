import type { ExternalOrder } from './store-adapter';

/**
 * How many of a page's orders are applied at once. Each is its own transaction, with a few
 * reads before it (up to three connections at a time): four lanes stay within 12 of the pool's
 * 20 beside the requests and other jobs, and keep both cores of a small server busy (a Shopify
 * page holds 8 orders).
 */
export const PAGE_APPLY_LANES = 4;

/**
 * The keys an order's customer is matched or created by (as the sink reads them): an order
 * waits for the first earlier order of the page sharing one, so that customer exists (or was
 * found) before it looks, and two lanes never create the same customer twice.
 */
function customerKeys(order: ExternalOrder): string[] {
  const keys = new Set<string>();
  for (const contact of [order.customer, order.shippingAddress]) {
    const email = contact?.email?.trim().toLowerCase();
    const phone = contact?.phone?.replace(/\D/g, '').slice(-10);
    if (email) keys.add(`email:${email}`);
    if (phone) keys.add(`phone:${phone}`);
  }
  return [...keys];
}

/**
 * Applies a page's orders `lanes` at a time: two deliveries of the same order never run at
 * once (each waits for the one before it in the page), and an order whose customer a previous
 * order of the page may be creating waits for that one. After a failure no further order
 * starts; the ones under way finish, then the first error is thrown, so the page is retried
 * whole (applying an order again is an upsert: nothing doubles).
 */
export async function applyPage(
  orders: readonly ExternalOrder[],
  apply: (order: ExternalOrder) => Promise<unknown>,
  lanes = PAGE_APPLY_LANES,
): Promise<void> {
  let free = lanes;
  const waiting: (() => void)[] = [];
  const lane = async <T>(work: () => Promise<T>): Promise<T> => {
    if (free === 0) await new Promise<void>((resolve) => waiting.push(resolve));
    else free -= 1;
    try {
      return await work();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else free += 1;
    }
  };
  let failure: { error: unknown } | null = null;
  const settledBy = new Map<string, Promise<void>>();
  const runs = orders.map((order) => {
    const orderKey = `order:${order.externalId}`;
    const keys = [orderKey, ...customerKeys(order)];
    const before = keys.flatMap((key) => settledBy.get(key) ?? []);
    const run = Promise.all(before).then(() =>
      lane(async () => {
        if (failure) return;
        await apply(order).catch((error: unknown) => {
          failure ??= { error };
        });
      }),
    );
    // The same order: after the latest one. A customer: after the first that may create it.
    settledBy.set(orderKey, run);
    for (const key of keys) if (!settledBy.has(key)) settledBy.set(key, run);
    return run;
  });
  await Promise.all(runs);
  if (failure) throw (failure as { error: unknown }).error;
}
