import type { LookupFunction } from 'node:net';
import { isIP } from 'node:net';
import { Agent, fetch as undiciFetch, type RequestInit, type Response } from 'undici';
import { isPublicAddress, NonPublicUrlError, systemLookup, type AddressLookup } from './public-url';

/**
 * The connection's own DNS answer, refused unless every address is public: a connection can
 * reach only what the check saw, so a name that answers a public address to `assertPublicUrl`
 * and a private one a moment later (DNS rebinding) finds no way in.
 */
function publicOnlyLookup(lookup: AddressLookup): LookupFunction {
  return (hostname, options, callback) => {
    lookup(hostname).then(
      (addresses) => {
        if (addresses.length === 0 || !addresses.every(isPublicAddress)) {
          const error = new NonPublicUrlError('private', `${hostname} is not a public address`);
          callback(error as NodeJS.ErrnoException, '', 0);
          return;
        }
        if (options.all) {
          callback(
            null,
            addresses.map((address) => ({ address, family: isIP(address) })),
          );
        } else {
          callback(null, addresses[0]!, isIP(addresses[0]!));
        }
      },
      (error: NodeJS.ErrnoException) => callback(error, '', 0),
    );
  };
}

/**
 * `fetch` for URLs users type (webhook endpoints), whose connections go only to public
 * addresses, resolved at connect time. Pair it with `assertPublicUrl` (scheme, IP literals,
 * which need no lookup). `lookup` is the DNS (tests pass their own).
 */
export function publicOnlyFetch(lookup: AddressLookup = systemLookup) {
  const dispatcher = new Agent({ connect: { lookup: publicOnlyLookup(lookup) } });
  return (url: string, init: RequestInit = {}): Promise<Response> =>
    undiciFetch(url, { ...init, dispatcher });
}
