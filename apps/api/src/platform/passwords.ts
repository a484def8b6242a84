import { hash, verify } from '@node-rs/argon2';
import { randomBytes } from 'node:crypto';

// @node-rs/argon2 defaults to argon2id (19 MiB, 2 passes, 1 lane: OWASP's minimum).
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

let dummyHash: Promise<string> | undefined;

/**
 * Checks a password against a stored hash. Without one (unknown email, unfinished sign-up) it
 * checks against a throw-away hash, so both answers take the same time and reveal nothing.
 */
export async function verifyPassword(storedHash: string | null, password: string) {
  if (storedHash) return verify(storedHash, password);
  dummyHash ??= hash(randomBytes(16).toString('hex'));
  await verify(await dummyHash, password);
  return false;
}
