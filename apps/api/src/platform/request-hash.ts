import { createHash } from 'node:crypto';
import { configure } from 'safe-stable-stringify';

/** JSON with sorted keys and `undefined` properties left out; a cycle is a programming error. */
const stableJson = configure({ deterministic: true, circularValue: TypeError });

/**
 * The hash an idempotent request stores with its key (SHA-256 hex of its JSON with sorted keys),
 * so a replay with the same key but another request answers IDEMPOTENCY_KEY_REUSED. For plain
 * JSON it is byte for byte the canonical form the ledger and the guide purchase wrote before,
 * so hashes already stored still match.
 */
export function hashRequest(value: unknown): string {
  return createHash('sha256')
    .update(stableJson(value) ?? 'null')
    .digest('hex');
}
