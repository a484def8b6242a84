import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import type { RawConfig } from '../config';

/**
 * The token-signing secret: from JWT_SECRET, or — outside production — generated once and kept
 * beside the embedded database so sessions survive a restart.
 */
export function resolveJwtSecret(config: RawConfig): string {
  if (config.JWT_SECRET) return config.JWT_SECRET;
  if (config.NODE_ENV === 'production') {
    throw new Error('JWT_SECRET must be set in production (at least 32 characters).');
  }
  const file = path.resolve(config.DATA_DIR, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(path.dirname(file), { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
