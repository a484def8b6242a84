import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { hashRequest } from './request-hash';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

describe('hashRequest', () => {
  it('hashes JSON with sorted keys at every depth, leaving undefined properties out', () => {
    const request = {
      op: 'capture',
      reference: { type: 'shipment', id: 'b1' },
      kind: 'label',
      description: undefined,
      lines: [{ amount: 10_000, account: 'carrier_payable' }, null, 'ñ "x"\n'],
    };
    // The canonical form the stored hashes were computed from: changing it breaks replays.
    const canonical =
      '{"kind":"label","lines":[{"account":"carrier_payable","amount":10000},null,"ñ \\"x\\"\\n"],' +
      '"op":"capture","reference":{"id":"b1","type":"shipment"}}';
    expect(hashRequest(request)).toBe(sha256(canonical));
  });

  it('does not depend on the order keys were written in', () => {
    expect(hashRequest({ a: 1, b: { c: [1, 2], d: 'x' } })).toBe(
      hashRequest({ b: { d: 'x', c: [1, 2] }, a: 1 }),
    );
    expect(hashRequest({ a: 1 })).not.toBe(hashRequest({ a: 2 }));
    expect(hashRequest({ a: [1, 2] })).not.toBe(hashRequest({ a: [2, 1] }));
  });

  it('refuses a cycle instead of hashing a placeholder', () => {
    const cyclic: Record<string, unknown> = { a: 1 };
    cyclic.self = cyclic;
    expect(() => hashRequest(cyclic)).toThrow(TypeError);
  });
});
