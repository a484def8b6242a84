import { describe, expect, it } from 'vitest';
import { hashOpaqueToken, newOpaqueToken } from './opaque-tokens';

describe('opaque tokens', () => {
  it('are random, URL-safe and stored only as their sha256', () => {
    const a = newOpaqueToken();
    const b = newOpaqueToken();
    expect(a.token).not.toBe(b.token);
    expect(a.token).toMatch(/^[\w-]{43}$/);
    expect(a.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(hashOpaqueToken(a.token)).toBe(a.hash);
  });
});
