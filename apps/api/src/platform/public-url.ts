import { lookup as dnsLookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

/**
 * Addresses a URL typed by a user must never make the server call (server-side request
 * forgery): this host, the private networks behind it, link-local (cloud metadata at
 * 169.254.169.254 and fd00:ec2::254), and the ranges nothing public answers on.
 */
const NOT_PUBLIC_V4 = new BlockList();
// Apart, since a list checks IPv4 addresses against its IPv6 rules as IPv4-mapped ones.
const NOT_PUBLIC_V6 = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 3],
] as const) {
  NOT_PUBLIC_V4.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  // IPv4-mapped addresses reach IPv4 hosts, private ones included; no shop is typed that way.
  ['::ffff:0:0', 96],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const) {
  NOT_PUBLIC_V6.addSubnet(network, prefix, 'ipv6');
}

/** Whether an IP address is one a user-supplied URL may reach. */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  return family === 4
    ? !NOT_PUBLIC_V4.check(address, 'ipv4')
    : !NOT_PUBLIC_V6.check(address, 'ipv6');
}

/** Why a URL was refused: unreadable, not http(s), reaching a non-public address, or no DNS. */
export class NonPublicUrlError extends Error {
  constructor(
    readonly reason: 'invalid' | 'scheme' | 'private' | 'unresolved',
    message: string,
  ) {
    super(message);
    this.name = 'NonPublicUrlError';
  }
}

export type AddressLookup = (hostname: string) => Promise<string[]>;

export const systemLookup: AddressLookup = async (hostname) =>
  (await dnsLookup(hostname, { all: true, verbatim: true })).map((entry) => entry.address);

/**
 * Throws NonPublicUrlError unless `url` is http(s) and every address its host resolves to is
 * public; URLs under one of `allowPrefixes` (compared once normalized, so `..` cannot climb out)
 * pass unchecked: the app's own sandbox stores outside production. Call it right before each
 * request to a user-supplied URL: the check resolves the name and the request resolves it
 * again, so a DNS server answering a public address now and a private one a moment later (DNS
 * rebinding) is caught only when its answer is already private at check time, unless the
 * request goes through `publicOnlyFetch`, whose connections check their own answer.
 */
export async function assertPublicUrl(
  url: string,
  options: { allowPrefixes?: readonly string[]; lookup?: AddressLookup } = {},
): Promise<void> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new NonPublicUrlError('invalid', 'Not a URL');
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') {
    throw new NonPublicUrlError('scheme', `Scheme ${parsed.protocol} refused`);
  }
  if (options.allowPrefixes?.some((prefix) => parsed.href.startsWith(prefix))) return;
  // `new URL` writes an IPv6 host in brackets and normalizes decimal or hex IPv4 forms.
  const host = parsed.hostname.replace(/^\[(.*)\]$/, '$1');
  let addresses: string[];
  if (isIP(host) !== 0) {
    addresses = [host];
  } else {
    try {
      addresses = await (options.lookup ?? systemLookup)(host);
    } catch {
      throw new NonPublicUrlError('unresolved', `${host} does not resolve`);
    }
  }
  if (addresses.length === 0) throw new NonPublicUrlError('unresolved', `${host} does not resolve`);
  if (!addresses.every(isPublicAddress)) {
    throw new NonPublicUrlError('private', `${host} is not a public address`);
  }
}
