import { createHash } from 'node:crypto';
import type { Clock } from '../../../platform/clock';
import { ProviderError, type ProviderCalls } from '../../../platform/provider-calls';
import { providerJson } from '../../../platform/provider-http';
import { z } from 'zod';
import type { CarrierCredentials } from '../carrier-accounts';
import { describeFedexError } from './fedex-mapping';

/** A token is dropped this long before FedEx says it expires, so no call carries a dying one. */
const REFRESH_MARGIN_MS = 60_000;
/** Distinct accounts remembered at once (one per organization with its own, plus the platform). */
const MAX_TOKENS = 1_000;

const tokenAnswer = z.object({
  access_token: z.string().min(1),
  expires_in: z.number().positive(),
});

interface CachedToken {
  token: string;
  expiresAt: number;
}

/**
 * FedEx's OAuth 2.0 client-credentials tokens (POST /oauth/token), one per set of credentials:
 * an organization's own account and the platform's never share one. The cache key is the client
 * id with a digest of its secret, so someone who types another account's client id with a wrong
 * secret never gets that account's token. Concurrent callers wait for one token call.
 */
export class FedexTokens {
  private readonly cached = new Map<string, CachedToken>();
  private readonly pending = new Map<string, Promise<string>>();

  constructor(
    private readonly deps: { baseUrl: string; providerCalls: ProviderCalls; clock: Clock },
  ) {}

  private keyOf(credentials: CarrierCredentials): string {
    const secret = createHash('sha256').update(credentials.secret).digest('hex').slice(0, 16);
    return `${credentials.key}:${secret}`;
  }

  async token(credentials: CarrierCredentials): Promise<string> {
    const key = this.keyOf(credentials);
    const known = this.cached.get(key);
    if (known && known.expiresAt > this.deps.clock.now().getTime()) return known.token;
    const inFlight = this.pending.get(key);
    if (inFlight) return inFlight;
    const request = this.request(key, credentials).finally(() => this.pending.delete(key));
    this.pending.set(key, request);
    return request;
  }

  /** Drops a token FedEx refused, unless a newer one already replaced it. */
  forget(credentials: CarrierCredentials, token: string) {
    const key = this.keyOf(credentials);
    if (this.cached.get(key)?.token === token) this.cached.delete(key);
  }

  private async request(key: string, credentials: CarrierCredentials): Promise<string> {
    const answer = await this.deps.providerCalls.run(
      { kind: 'carrier', provider: 'fedex', operation: 'oauth_token' },
      async (signal) => {
        const body = await providerJson(
          'fedex',
          `${this.deps.baseUrl}/oauth/token`,
          {
            method: 'POST',
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
            body: new URLSearchParams({
              grant_type: 'client_credentials',
              client_id: credentials.key,
              client_secret: credentials.secret,
            }).toString(),
            signal,
            now: this.deps.clock.now(),
          },
          describeFedexError,
        );
        const parsed = tokenAnswer.safeParse(body);
        if (!parsed.success) {
          throw new ProviderError('fedex', 'malformed', 'the token answer has no access_token');
        }
        return parsed.data;
      },
      // Asking for a token twice only issues two tokens: safe to repeat.
      { retries: 2 },
    );
    const lifetime = Math.max(answer.expires_in * 1000 - REFRESH_MARGIN_MS, 0);
    if (this.cached.size >= MAX_TOKENS) this.cached.delete(this.cached.keys().next().value!);
    this.cached.set(key, {
      token: answer.access_token,
      expiresAt: this.deps.clock.now().getTime() + lifetime,
    });
    return answer.access_token;
  }
}
