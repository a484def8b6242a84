/**
 * API keys' shape (issue 26): `dsp_<mode>_` + 30 random base62 characters + a 6-character
 * base62 CRC32 of the random part, as GitHub's `ghp_` tokens. The prefix lets a secret scanner
 * recognise a leaked key and the checksum lets it (or the API, before any query) reject a
 * mistyped or made-up one offline. Pure, so the web and the server apply the same rule.
 */
export const API_KEY_MODES = ['test', 'live'] as const;
export type ApiKeyMode = (typeof API_KEY_MODES)[number];

export const API_KEY_RANDOM_LENGTH = 30;
export const API_KEY_CHECKSUM_LENGTH = 6;
/** How long the secret replaced by a rotation keeps working, so systems can switch over. */
export const API_KEY_ROTATION_GRACE_HOURS = 24;
export const API_KEY_MAX_ALLOWED_IPS = 20;

export const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

export function apiKeyPrefix(mode: ApiKeyMode): string {
  return `dsp_${mode}_`;
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(text: string): number {
  let crc = 0xffffffff;
  for (let i = 0; i < text.length; i++) {
    crc = CRC_TABLE[(crc ^ text.charCodeAt(i)) & 0xff]! ^ (crc >>> 8);
  }
  return (crc ^ 0xffffffff) >>> 0;
}

/** The random part's CRC32 in base62, left-padded to 6 characters (62^6 > 2^32). */
export function apiKeyChecksum(random: string): string {
  let value = crc32(random);
  let out = '';
  for (let i = 0; i < API_KEY_CHECKSUM_LENGTH; i++) {
    out = BASE62[value % 62]! + out;
    value = Math.floor(value / 62);
  }
  return out;
}

const KEY_PATTERN = new RegExp(
  `^dsp_(test|live)_([0-9A-Za-z]{${API_KEY_RANDOM_LENGTH}})([0-9A-Za-z]{${API_KEY_CHECKSUM_LENGTH}})$`,
);

/** A key's mode when its shape and checksum hold; null for anything else. */
export function parseApiKey(token: string): { mode: ApiKeyMode } | null {
  const match = KEY_PATTERN.exec(token);
  if (!match) return null;
  const [, mode, random, checksum] = match;
  return apiKeyChecksum(random!) === checksum ? { mode: mode as ApiKeyMode } : null;
}

/** Whether a bearer token is meant as an API key (then it never reads as a session token). */
export function looksLikeApiKey(token: string): boolean {
  return token.startsWith('dsp_');
}

/** What a key's list shows of it: the prefix and the first characters of the random part. */
export function apiKeyDisplayPrefix(token: string): string {
  return token.slice(0, token.indexOf('_', 4) + 1 + 6);
}

function ipv4Bytes(text: string): number[] | null {
  const parts = text.split('.');
  if (parts.length !== 4) return null;
  const bytes = parts.map((part) => (/^(0|[1-9]\d{0,2})$/.test(part) ? Number(part) : 256));
  return bytes.every((b) => b <= 255) ? bytes : null;
}

function isIpv6(text: string): boolean {
  if (!/^[0-9a-fA-F:]+$/.test(text) || text.includes(':::')) return false;
  const halves = text.split('::');
  if (halves.length > 2) return false;
  const groups = halves.flatMap((half) => (half === '' ? [] : half.split(':')));
  if (!groups.every((group) => /^[0-9a-fA-F]{1,4}$/.test(group))) return false;
  return halves.length === 2 ? groups.length < 8 : groups.length === 8;
}

/**
 * An allow-list entry: an IPv4 or IPv6 address, or a CIDR block (`203.0.113.0/24`,
 * `2001:db8::/32`). IPv6 is written in hex groups (no embedded IPv4).
 */
export function isIpOrCidr(text: string): boolean {
  const [address = '', bits, ...rest] = text.split('/');
  if (rest.length > 0) return false;
  const version = ipv4Bytes(address) ? 4 : isIpv6(address) ? 6 : 0;
  if (version === 0) return false;
  if (bits === undefined) return true;
  if (!/^(0|[1-9]\d{0,2})$/.test(bits)) return false;
  return Number(bits) <= (version === 4 ? 32 : 128);
}
