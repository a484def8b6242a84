import type { z } from 'zod';
import { StoreApiError } from '../store-adapter';
import type { MercadoLibreApp } from './mercadolibre-app';
import { mlTokenSchema, type MlToken } from './mercadolibre-wire';

/**
 * A thin typed client for Mercado Libre's REST API (there is no official Node client): one
 * call, its answer checked against the schema, its failures turned into `StoreApiError` kinds.
 */
export class MercadoLibreClient {
  constructor(
    private readonly app: MercadoLibreApp,
    private readonly fetchImpl: typeof fetch = fetch,
  ) {}

  /** The token endpoint: an authorization code or a (single-use) refresh token for a pair. */
  async token(grant: Record<string, string>): Promise<MlToken> {
    const response = await this.send(`${this.app.apiOrigin}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: new URLSearchParams({
        ...grant,
        client_id: this.app.appId,
        client_secret: this.app.clientSecret,
      }).toString(),
    });
    if (response.status === 400 || response.status === 401) {
      const body = (await response.json().catch(() => ({}))) as { error?: string };
      // invalid_grant: the code or refresh token is spent, expired or revoked.
      throw new StoreApiError('auth', `Mercado Libre refused the grant (${body.error ?? 'error'})`);
    }
    return this.parse(response, mlTokenSchema);
  }

  /** GET/PUT/POST a resource with the seller's token; null when it does not exist. */
  async call<T extends z.ZodTypeAny>(
    accessToken: string,
    path: string,
    schema: T,
    init: { method?: string; body?: unknown } = {},
  ): Promise<z.infer<T> | null> {
    const response = await this.send(`${this.app.apiOrigin}${path}`, {
      method: init.method ?? 'GET',
      headers: {
        authorization: `Bearer ${accessToken}`,
        accept: 'application/json',
        ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
    if (response.status === 404) {
      await response.body?.cancel();
      return null;
    }
    return this.parse(response, schema);
  }

  private async send(url: string, init: RequestInit): Promise<Response> {
    try {
      return await this.fetchImpl(url, { ...init, signal: AbortSignal.timeout(15_000) });
    } catch (error) {
      throw new StoreApiError('unavailable', `Mercado Libre unreachable: ${String(error)}`);
    }
  }

  private async parse<T extends z.ZodTypeAny>(response: Response, schema: T): Promise<z.infer<T>> {
    if (response.ok) {
      const parsed = schema.safeParse(await response.json().catch(() => undefined));
      if (parsed.success) return parsed.data;
      throw new StoreApiError('unavailable', 'Mercado Libre answered an unexpected shape');
    }
    const body = (await response.json().catch(() => ({}))) as { message?: string };
    const message = `Mercado Libre answered ${response.status}: ${body.message ?? ''}`;
    if (response.status === 401) throw new StoreApiError('auth', message);
    if (response.status === 429) {
      const seconds = Number(response.headers.get('retry-after') ?? 1);
      throw new StoreApiError(
        'throttled',
        message,
        (Number.isFinite(seconds) ? seconds : 1) * 1000,
      );
    }
    if (response.status === 400 || response.status === 403 || response.status === 409)
      throw new StoreApiError('refused', message);
    throw new StoreApiError('unavailable', message);
  }
}
