import type { z } from 'zod';
import type { Clock } from '../../../platform/clock';
import { ProviderError, type ProviderCalls } from '../../../platform/provider-calls';
import { providerJson } from '../../../platform/provider-http';
import type { CarrierCredentials } from '../carrier-accounts';
import { describeFedexError, fedexCarrierError, isTokenRefused } from './fedex-mapping';
import type { FedexTokens } from './fedex-oauth';

export interface FedexCall<T extends z.ZodType> {
  /** The `operation` label of the provider call (metrics, staff view). */
  operation: string;
  method: 'POST' | 'PUT';
  /** A path of the REST APIs, or a full address (the Trade Documents upload lives elsewhere). */
  url: string;
  /** JSON, or the multipart form of a document upload. */
  body: unknown;
  answer: T;
  /** Only for calls that change nothing at FedEx (rates, tracking, availability). */
  retries?: number;
  /** What a FedEx refusal means here (a cancellation it refuses is `not_cancellable`). */
  refusal?: 'rejected' | 'not_cancellable';
  /** Sent as FedEx's `x-customer-transaction-id`, which it echoes and logs with the call. */
  transactionId?: string;
}

/**
 * One authorized call to FedEx: the account's bearer token, the JSON answer checked against its
 * schema, and, when FedEx answers 401 (the token expired or was revoked early), the token
 * refreshed once and the call repeated. Failures become `CarrierError` with FedEx's own code
 * and message; the token never reaches a message.
 */
export class FedexClient {
  constructor(
    private readonly deps: {
      baseUrl: string;
      providerCalls: ProviderCalls;
      clock: Clock;
      tokens: FedexTokens;
      /** How long FedEx may take to answer one call (default: ProviderCalls' 15 s). */
      timeoutMs?: number;
    },
  ) {}

  async call<T extends z.ZodType>(
    credentials: CarrierCredentials,
    call: FedexCall<T>,
  ): Promise<z.infer<T>> {
    try {
      for (let attempt = 0; ; attempt += 1) {
        const token = await this.deps.tokens.token(credentials);
        try {
          return await this.send(token, call);
        } catch (error) {
          if (attempt > 0 || !isTokenRefused(error)) throw error;
          this.deps.tokens.forget(credentials, token);
        }
      }
    } catch (error) {
      throw fedexCarrierError(error, call.refusal);
    }
  }

  private send<T extends z.ZodType>(token: string, call: FedexCall<T>): Promise<z.infer<T>> {
    const multipart = call.body instanceof FormData;
    return this.deps.providerCalls.run(
      { kind: 'carrier', provider: 'fedex', operation: call.operation },
      async (signal) => {
        const body = await providerJson(
          'fedex',
          call.url.startsWith('http') ? call.url : `${this.deps.baseUrl}${call.url}`,
          {
            method: call.method,
            headers: {
              authorization: `Bearer ${token}`,
              'x-locale': 'es_MX',
              ...(multipart ? {} : { 'content-type': 'application/json' }),
              ...(call.transactionId ? { 'x-customer-transaction-id': call.transactionId } : {}),
            },
            body: multipart ? (call.body as FormData) : JSON.stringify(call.body),
            signal,
            now: this.deps.clock.now(),
          },
          describeFedexError,
        );
        const parsed = call.answer.safeParse(body);
        if (!parsed.success) {
          throw new ProviderError(
            'fedex',
            'malformed',
            `${call.operation}: the answer lacks ${parsed.error.issues[0]?.path.join('.') || 'its body'}`,
          );
        }
        return parsed.data;
      },
      {
        ...(call.retries ? { retries: call.retries } : {}),
        ...(this.deps.timeoutMs ? { timeoutMs: this.deps.timeoutMs } : {}),
      },
    );
  }
}
