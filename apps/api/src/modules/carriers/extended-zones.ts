import type { Clock } from '../../platform/clock';
import type { PostalCodesService } from '../catalogs';

/** Whether a destination postal code is in a carrier's extended (rural) zone. */
export interface ExtendedZoneLookup {
  isExtended(zip: string): Promise<boolean>;
}

/**
 * The catalogue's answer per postal code, kept in memory: bounded (the oldest entry leaves
 * first) and refreshed after `ttlMs`, so a re-imported catalogue is seen within that time.
 * Concurrent questions about one zip (the six carriers of one quote) share one query.
 */
export class ExtendedZones implements ExtendedZoneLookup {
  private readonly cache = new Map<string, { answer: Promise<boolean>; expiresAt: number }>();

  constructor(
    private readonly deps: {
      postalCodes: Pick<PostalCodesService, 'allSettlementsRural'>;
      clock: Clock;
    },
    private readonly options: { maxEntries?: number; ttlMs?: number } = {},
  ) {}

  isExtended(zip: string): Promise<boolean> {
    const now = this.deps.clock.now().getTime();
    const cached = this.cache.get(zip);
    if (cached && cached.expiresAt > now) return cached.answer;
    this.cache.delete(zip);
    const answer = this.deps.postalCodes.allSettlementsRural(zip);
    this.cache.set(zip, { answer, expiresAt: now + (this.options.ttlMs ?? 3_600_000) });
    // A failed read is not remembered: the next question asks the database again.
    answer.catch(() => {
      if (this.cache.get(zip)?.answer === answer) this.cache.delete(zip);
    });
    const maxEntries = this.options.maxEntries ?? 20_000;
    while (this.cache.size > maxEntries) {
      const oldest = this.cache.keys().next().value!;
      this.cache.delete(oldest);
    }
    return answer;
  }

  /** How many postal codes are remembered (for tests). */
  get size(): number {
    return this.cache.size;
  }
}

/** No catalogue: nothing is extended. */
export const noExtendedZones: ExtendedZoneLookup = { isExtended: () => Promise.resolve(false) };
