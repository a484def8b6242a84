import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from './passwords';

describe('passwords', () => {
  it('hash with argon2id and verify', async () => {
    const hash = await hashPassword('Secreta#2026');
    expect(hash).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(hash, 'Secreta#2026')).toBe(true);
    expect(await verifyPassword(hash, 'secreta#2026')).toBe(false);
  });

  it('answer false without a stored hash, after the same work', async () => {
    expect(await verifyPassword(null, 'Secreta#2026')).toBe(false);
  });
});
