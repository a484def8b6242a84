import {
  API_KEY_RANDOM_LENGTH,
  apiKeyChecksum,
  apiKeyDisplayPrefix,
  apiKeyPrefix,
  BASE62,
  type ApiKeyMode,
} from '@despacho/domain';
import { randomBytes } from 'node:crypto';
import { hashOpaqueToken } from '../../platform/opaque-tokens';

/** 30 uniform base62 characters (≈178 bits): bytes of 248 and over are drawn again, no bias. */
function randomBase62(length: number): string {
  let out = '';
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte < 248 && out.length < length) out += BASE62[byte % 62];
    }
  }
  return out;
}

/** A new key: the secret (told once), what is stored of it (its SHA-256) and what is shown. */
export function newApiKeySecret(mode: ApiKeyMode) {
  const random = randomBase62(API_KEY_RANDOM_LENGTH);
  const secret = `${apiKeyPrefix(mode)}${random}${apiKeyChecksum(random)}`;
  return { secret, hash: hashOpaqueToken(secret), prefix: apiKeyDisplayPrefix(secret) };
}
