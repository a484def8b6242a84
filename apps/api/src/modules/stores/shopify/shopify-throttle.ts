/**
 * Cost-aware throttling of the GraphQL Admin API (a leaky bucket per shop): every answer says
 * how many points the shop's bucket holds and how fast it refills (`extensions.cost
 * .throttleStatus`); before a query the adapter waits until its expected cost fits, and after a
 * `THROTTLED` answer it waits exactly as long as the bucket needs to refill for it.
 */
export interface ThrottleStatus {
  maximumAvailable: number;
  currentlyAvailable: number;
  restoreRate: number;
}

interface Bucket extends ThrottleStatus {
  at: number;
}

export class ShopifyThrottle {
  private readonly buckets = new Map<string, Bucket>();

  constructor(private readonly now: () => number) {}

  /** What the shop's bucket holds now, as last reported and refilled since. */
  private available(bucket: Bucket): number {
    const refilled = ((this.now() - bucket.at) / 1000) * bucket.restoreRate;
    return Math.min(bucket.maximumAvailable, bucket.currentlyAvailable + refilled);
  }

  /** How long to wait before spending `cost` points at the shop (0 when unknown or it fits). */
  waitMs(shop: string, cost: number): number {
    const bucket = this.buckets.get(shop);
    if (!bucket || bucket.restoreRate <= 0) return 0;
    const missing = Math.min(cost, bucket.maximumAvailable) - this.available(bucket);
    return missing > 0 ? Math.ceil((missing / bucket.restoreRate) * 1000) : 0;
  }

  record(shop: string, status: ThrottleStatus): void {
    this.buckets.set(shop, { ...status, at: this.now() });
  }
}
