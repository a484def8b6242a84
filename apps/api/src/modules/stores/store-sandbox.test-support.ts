import Fastify, { type FastifyInstance } from 'fastify';
import type { AddressInfo } from 'node:net';
import { expect } from 'vitest';
import { StoreApiError } from './store-adapter';

/** Listens on a free local port; answers the server's origin. */
export async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ host: '127.0.0.1', port: 0 });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

/** A Shopify shipping address (GraphQL's MailingAddress) in Mexico City. */
export const SHOPIFY_ADDRESS = {
  name: 'Ana López',
  phone: '5512345678',
  address1: 'Av. Reforma 1',
  address2: null,
  city: 'Ciudad de México',
  province: 'CDMX',
  zip: '06600',
  countryCode: 'MX',
};

/** What the app's webhook endpoint received: the raw bytes and the headers. */
export interface Received {
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/**
 * The app's webhook endpoint, played by a bare server for the sandboxes' tests: it keeps every
 * delivery's raw bytes (signatures cover them) and headers, and answers `status`.
 */
export class WebhookReceiver {
  readonly received: Received[] = [];
  status = 200;
  origin = '';
  private readonly server = Fastify();

  /** Starts one answering POSTs at `path` (a Fastify route, `:id` parameters allowed). */
  static async start(path: string): Promise<WebhookReceiver> {
    const receiver = new WebhookReceiver();
    const { server } = receiver;
    server.removeAllContentTypeParsers();
    server.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) =>
      done(null, body),
    );
    server.post(path, async (request, reply) => {
      receiver.received.push({ headers: request.headers, body: request.body as Buffer });
      return reply.status(receiver.status).send({});
    });
    receiver.origin = await listen(server);
    return receiver;
  }

  close(): Promise<void> {
    return this.server.close();
  }
}

/**
 * A merchant approving the app on a sandbox's consent screen, as a browser would: the page
 * (saying `says`) is shown, its form posted back with the authorize URL's `echoed` parameters
 * and `fields`, and the store's redirect must come back to `redirectUri`; answers the callback's
 * query.
 */
export async function approveConsent(
  url: string,
  redirectUri: string,
  form: { says: string; echoed: string[]; fields?: Record<string, string> },
): Promise<Record<string, string>> {
  const page = await fetch(url);
  expect(page.status).toBe(200);
  expect(await page.text()).toContain(form.says);
  const query = new URL(url).searchParams;
  const approved = await fetch(url.split('?')[0]!, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      ...form.fields,
      ...Object.fromEntries(form.echoed.map((name) => [name, query.get(name)!])),
    }),
    redirect: 'manual',
  });
  expect(approved.status).toBe(302);
  const callback = new URL(approved.headers.get('location')!);
  expect(`${callback.origin}${callback.pathname}`).toBe(redirectUri);
  return Object.fromEntries(callback.searchParams);
}

/** How a call to a store ended: `resolved`, or the kind of its `StoreApiError`. */
export const kindOf = (promise: Promise<unknown>) =>
  promise.then(
    () => 'resolved',
    (error: unknown) => (error instanceof StoreApiError ? error.kind : String(error)),
  );
