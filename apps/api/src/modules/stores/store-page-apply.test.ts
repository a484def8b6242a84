import { describe, expect, it } from 'vitest';
import type { ExternalOrder } from './store-adapter';
import { applyPage } from './store-page-apply';

const order = (externalId: string, email: string | null = null): ExternalOrder => ({
  externalId,
  number: `#${externalId}`,
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
  cancelled: false,
  paymentState: 'paid',
  currency: 'MXN',
  total: 10000,
  customer: email ? { name: null, email, phone: null } : null,
  shippingAddress: null,
  lines: [],
  tags: [],
  shippedByPlatform: false,
});

/** An apply whose calls stay open until released, recording what ran at once. */
function gatedApply() {
  const open = new Map<string, () => void>();
  const started: string[] = [];
  let running = 0;
  let most = 0;
  const apply = (o: ExternalOrder) =>
    new Promise<void>((resolve) => {
      started.push(o.externalId);
      running += 1;
      most = Math.max(most, running);
      open.set(o.externalId + ':' + started.length, () => {
        running -= 1;
        resolve();
      });
    });
  /** Finishes every call under way, then lets the event loop run until nothing more starts. */
  const next = async () => {
    const calls = [...open.values()];
    open.clear();
    for (const done of calls) done();
    await new Promise((resolve) => setImmediate(resolve));
  };
  return { apply, started, next, most: () => most };
}

describe('applyPage', () => {
  it('applies distinct orders a few at a time, never more than its lanes', async () => {
    const gate = gatedApply();
    const done = applyPage(
      ['a', 'b', 'c', 'd', 'e'].map((id) => order(id)),
      gate.apply,
      2,
    );
    await gate.next();
    expect(gate.started).toEqual(['a', 'b']);
    for (let round = 0; round < 3; round += 1) await gate.next();
    await done;
    expect(gate.started).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(gate.most()).toBe(2);
  });

  it('never runs two deliveries of the same order at once, and keeps their order', async () => {
    const gate = gatedApply();
    const done = applyPage([order('a'), order('b'), order('a')], gate.apply, 3);
    await gate.next();
    expect(gate.started).toEqual(['a', 'b']);
    await gate.next();
    expect(gate.started).toEqual(['a', 'b', 'a']);
    await gate.next();
    await done;
  });

  it('lets an order wait for the first earlier order with its customer, the rest go together', async () => {
    const gate = gatedApply();
    const done = applyPage(
      [
        order('a', 'laura@example.mx'),
        order('b', 'LAURA@example.mx'),
        order('c', 'laura@example.mx'),
        order('d', 'otra@example.mx'),
      ],
      gate.apply,
      3,
    );
    await gate.next();
    // b and c would match or create the same customer as a: after it, then side by side.
    expect(gate.started).toEqual(['a', 'd']);
    await gate.next();
    expect(gate.started).toEqual(['a', 'd', 'b', 'c']);
    await gate.next();
    await done;
  });

  it('starts nothing after a failure, lets the ones under way finish, then throws the first error', async () => {
    const finished: string[] = [];
    const failing = new Error('the platform went away');
    const apply = async (o: ExternalOrder) => {
      await new Promise((resolve) => setImmediate(resolve));
      if (o.externalId === 'b') throw failing;
      await new Promise((resolve) => setImmediate(resolve));
      finished.push(o.externalId);
    };
    await expect(
      applyPage(
        ['a', 'b', 'c', 'd', 'e'].map((id) => order(id)),
        apply,
        2,
      ),
    ).rejects.toBe(failing);
    // a was under way beside b and finished; c, d and e never started.
    expect(finished).toEqual(['a']);
  });
});
