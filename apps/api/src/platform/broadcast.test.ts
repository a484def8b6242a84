import { describe, expect, it } from 'vitest';
import { Broadcast } from './broadcast';
import type { Db } from './db';

/** A pool whose every query waits until the test lets it through. */
function heldPool() {
  const sent: (() => void)[] = [];
  const db = {
    $client: {
      query: () => new Promise<void>((resolve) => sent.push(resolve)),
    },
  } as unknown as Db;
  return { db, sent };
}

const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('Broadcast.publish', () => {
  it('merges a burst into one notify under way and one after it, each leaving after its calls', async () => {
    const { db, sent } = heldPool();
    const broadcast = new Broadcast({ db });
    const first = broadcast.publish('callers_changed');
    await settle();
    expect(sent).toHaveLength(1);

    // Arrive while the first is on its way: they must not count on it.
    const later = [1, 2, 3].map(() => broadcast.publish('callers_changed'));
    await settle();
    expect(sent).toHaveLength(1);

    sent[0]!();
    await first;
    await settle();
    expect(sent).toHaveLength(2);
    sent[1]!();
    await Promise.all(later);
    expect(sent).toHaveLength(2);
  });
});
