import { createHash, randomBytes } from 'node:crypto';

/**
 * Refresh tokens and recovery links are random, not signed: the database holds only their
 * sha256, so a leaked table cannot be replayed, and 256 random bits need no slow hash.
 */
export function newOpaqueToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashOpaqueToken(token) };
}

export function hashOpaqueToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
