import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { expectEachNotFound } from '../../../test/expect-each';
import { createTestApp } from '../../../test/test-app';
import {
  callAs,
  type CallArgs,
  createOwnerAndOther,
  signIn,
  type TestUser,
} from '../../../test/users';

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

/** A local receiver: answers each request with the next status of `script` (then 200). */
function receiver() {
  const received: Received[] = [];
  let script: number[] = [];
  let delayMs = 0;
  const server: Server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      received.push({ headers: request.headers, body });
      const status = script.shift() ?? 200;
      setTimeout(() => response.writeHead(status).end(`answer ${status}`), delayMs);
    });
  });
  return {
    received,
    server,
    answer(statuses: number[], delay = 0) {
      script = [...statuses];
      delayMs = delay;
    },
    url: () => `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`,
  };
}

describe('outgoing webhooks', () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  let owner: TestUser;
  let other: TestUser;
  let organizationId: string;
  const hook = receiver();

  const call = (...args: CallArgs) => callAs(ctx.app, ...args);
  const runDue = () => ctx.app.jobs.runDue(ctx.clock.now());
  const later = async (ms: number) => {
    ctx.clock.advance(ms);
    await runDue();
    owner = await signIn(ctx, owner);
  };
  const createEndpoint = async (events = ['shipment.tracking_updated']) => {
    const response = await call(owner, 'POST', '/webhook-endpoints', { url: hook.url(), events });
    expect(response.statusCode).toBe(201);
    return response.json() as { data: { id: string }; secret: string };
  };
  const emit = (resource = 'shipment:s1', status = 'in_transit') =>
    ctx.app.services.events.emit(
      ctx.db,
      organizationId,
      'shipment.tracking_updated',
      {
        shipment_id: 's1',
        tracking_number: 'TRK1',
        carrier: 'estafeta',
        status,
        previous_status: null,
        occurred_at: ctx.clock.now().toISOString(),
      },
      resource,
    );
  const log = async (endpointId: string) =>
    (await call(owner, 'GET', `/webhook-endpoints/${endpointId}/deliveries`)).json().data as {
      id: string;
      event_id: string;
      status: string;
      attempts: { number: number; status_code: number | null; response_excerpt: string }[];
    }[];
  /** Checks a delivery with the package's recipe, at the time it was signed. */
  const verify = (secret: string, { headers, body }: Received) => {
    vi.useFakeTimers({ toFake: ['Date'], now: ctx.clock.now() });
    try {
      return new Webhook(secret).verify(body, headers as Record<string, string>);
    } finally {
      vi.useRealTimers();
    }
  };

  beforeAll(async () => {
    ctx = await createTestApp();
    ({ organizationId, owner, other } = await createOwnerAndOther(ctx));
    await new Promise<void>((resolve) => hook.server.listen(0, '127.0.0.1', resolve));
  });
  // The tests move the clock by days: sign in again, as a user would.
  beforeEach(async () => {
    owner = await signIn(ctx, owner);
    other = await signIn(ctx, other);
  });
  afterEach(async () => {
    owner = await signIn(ctx, owner);
    // Each test starts with no endpoint and an empty inbox.
    for (const { id } of (await call(owner, 'GET', '/webhook-endpoints')).json().data) {
      await call(owner, 'DELETE', `/webhook-endpoints/${id}`);
    }
    await runDue();
    hook.received.length = 0;
    hook.answer([]);
  });
  afterAll(async () => {
    hook.server.close();
    await ctx.close();
  });

  it('answers the whsec_ secret once, and never in a view', async () => {
    const { data, secret } = await createEndpoint();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/=]{32}$/);
    const views = [
      await call(owner, 'GET', '/webhook-endpoints'),
      await call(owner, 'GET', `/webhook-endpoints/${data.id}`),
      await call(owner, 'PATCH', `/webhook-endpoints/${data.id}/status`, { enabled: false }),
    ];
    for (const view of views) {
      expect(view.statusCode).toBe(200);
      expect(view.body).not.toContain(secret.slice(6));
    }
    // At rest it is sealed, and the seal is bound to its row: copied onto another it won't open.
    const stored = await ctx.db.execute<{ secret: string }>(
      sql`select secret from webhook_endpoints where id = ${data.id}`,
    );
    expect(stored.rows[0]!.secret).toMatch(/^v1\./);
    expect(stored.rows[0]!.secret).not.toContain(secret.slice(6));
    expect(() => ctx.app.services.credentials.open(randomUUID(), stored.rows[0]!.secret)).toThrow();
    const refused = await call(owner, 'POST', '/webhook-endpoints', {
      url: hook.url(),
      events: ['shipment.unknown'],
    });
    expect(refused.statusCode).toBe(400);
  });

  it('delivers an event signed as Standard Webhooks, verifiable with the standardwebhooks package', async () => {
    const { data, secret } = await createEndpoint();
    await emit();
    await runDue();
    expect(hook.received).toHaveLength(1);
    const [delivery] = hook.received;
    expect(verify(secret, delivery!)).toMatchObject({
      type: 'shipment.tracking_updated',
      data: { shipment_id: 's1', status: 'in_transit' },
    });
    expect(delivery!.headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/=]+$/);
    expect(() => verify(`whsec_${Buffer.alloc(24, 1).toString('base64')}`, delivery!)).toThrow();
    const [entry] = await log(data.id);
    expect(entry).toMatchObject({
      event_id: delivery!.headers['webhook-id'],
      status: 'succeeded',
      attempts: [{ number: 1, status_code: 200, response_excerpt: 'answer 200' }],
    });
  });

  it('retries on the documented schedule with the same webhook-id until the receiver answers', async () => {
    const { data, secret } = await createEndpoint();
    hook.answer([500, 503]);
    await emit();
    await runDue();
    expect(hook.received).toHaveLength(1);
    await later(4_000);
    expect(hook.received).toHaveLength(1);
    await later(1_000); // 5 s after the first
    expect(hook.received).toHaveLength(2);
    await later(4 * 60_000);
    expect(hook.received).toHaveLength(2);
    await later(60_000); // 5 min after the second
    expect(hook.received).toHaveLength(3);
    expect(new Set(hook.received.map((r) => r.headers['webhook-id'])).size).toBe(1);
    expect(verify(secret, hook.received[2]!)).toMatchObject({ type: 'shipment.tracking_updated' });
    const [entry] = await log(data.id);
    expect(entry!.status).toBe('succeeded');
    expect(entry!.attempts.map((a) => a.status_code)).toEqual([500, 503, 200]);
    await later(24 * 3_600_000);
    expect(hook.received).toHaveLength(3);
  });

  it('keeps one record’s events in order: a later one waits for the earlier one’s retry', async () => {
    await createEndpoint();
    hook.answer([500]);
    await emit('shipment:s1', 'in_transit');
    ctx.clock.advance(1);
    await emit('shipment:s1', 'delivered');
    await runDue();
    expect(hook.received.map((r) => JSON.parse(r.body).data.status)).toEqual(['in_transit']);
    await later(5_000);
    expect(hook.received.map((r) => JSON.parse(r.body).data.status)).toEqual([
      'in_transit',
      'in_transit',
      'delivered',
    ]);
  });

  it('sends an event once per success even when several workers run its jobs at once', async () => {
    const { data } = await createEndpoint();
    hook.answer([], 200);
    await emit('shipment:s1');
    await emit('shipment:s2');
    await runDue();
    expect(hook.received).toHaveLength(2);
    // A crash or a duplicate leaves a delivery more than one job: three each, on the runner's
    // lanes at once (each its own connection, as separate workers), while the receiver is slow.
    const deliveries = await log(data.id);
    hook.received.length = 0;
    await ctx.db.$client.query(
      `update webhook_deliveries set status = 'pending', next_attempt_at = null where endpoint_id = $1`,
      [data.id],
    );
    for (const { id } of deliveries) {
      for (let copy = 0; copy < 3; copy++) {
        await ctx.app.jobs.enqueue(
          ctx.db,
          'webhooks.deliver',
          { delivery_id: id },
          ctx.clock.now(),
        );
      }
    }
    await runDue();
    expect(hook.received).toHaveLength(2);
    expect(new Set(hook.received.map((r) => r.headers['webhook-id'])).size).toBe(2);
  });

  it('signs with both secrets for 24 hours after a rotation', async () => {
    const { data, secret: old } = await createEndpoint();
    const rotated = await call(owner, 'POST', `/webhook-endpoints/${data.id}/rotate-secret`);
    expect(rotated.statusCode).toBe(200);
    const { secret } = rotated.json() as { secret: string };
    expect(secret).not.toBe(old);
    await emit();
    await runDue();
    const first = hook.received[0]!;
    expect(String(first.headers['webhook-signature']).split(' ')).toHaveLength(2);
    expect(verify(secret, first)).toBeTruthy();
    expect(verify(old, first)).toBeTruthy();
    ctx.clock.advance(24 * 3_600_000 + 1);
    await emit('shipment:s9');
    await runDue();
    const second = hook.received[1]!;
    expect(String(second.headers['webhook-signature']).split(' ')).toHaveLength(1);
    expect(verify(secret, second)).toBeTruthy();
    expect(() => verify(old, second)).toThrow();
  });

  it('sends nothing to a disabled endpoint, not even a retry already scheduled', async () => {
    const { data } = await createEndpoint();
    hook.answer([500]);
    await emit('shipment:s1', 'in_transit');
    ctx.clock.advance(1);
    await emit('shipment:s1', 'delivered'); // waits behind the first
    await runDue();
    expect(hook.received).toHaveLength(1);
    await call(owner, 'PATCH', `/webhook-endpoints/${data.id}/status`, { enabled: false });
    await emit('shipment:s2');
    await later(5_000);
    await later(3_600_000);
    expect(hook.received).toHaveLength(1);
    expect((await log(data.id)).map((d) => d.status)).toEqual(['failed', 'failed']);
    const refused = await call(owner, 'POST', `/webhook-endpoints/${data.id}/test`);
    expect(refused.statusCode).toBe(409);
    // Enabled again, the record's next event goes at once: nothing of before is left waiting.
    await call(owner, 'PATCH', `/webhook-endpoints/${data.id}/status`, { enabled: true });
    await emit('shipment:s1', 'returned');
    await runDue();
    expect(hook.received.map((r) => JSON.parse(r.body).data.status)).toEqual([
      'in_transit',
      'returned',
    ]);
  });

  it('disables an endpoint failing for 5 days and tells the merchant', async () => {
    const { data } = await createEndpoint();
    hook.answer(Array(20).fill(500));
    await emit('shipment:s1');
    await runDue();
    // The eight attempts span about 27.6 hours.
    for (let hour = 0; hour < 30; hour++) await later(3_600_000);
    expect(hook.received).toHaveLength(8);
    let endpoint = (await call(owner, 'GET', `/webhook-endpoints/${data.id}`)).json().data;
    expect(endpoint).toMatchObject({ enabled: true, consecutive_failed_events: 1 });
    ctx.clock.advance(4 * 24 * 3_600_000);
    await emit('shipment:s2');
    await runDue();
    owner = await signIn(ctx, owner);
    endpoint = (await call(owner, 'GET', `/webhook-endpoints/${data.id}`)).json().data;
    expect(endpoint).toMatchObject({ enabled: false, disabled_reason: 'failing' });
    const notices = (await call(owner, 'GET', '/notifications')).json().data as { title: string }[];
    expect(notices.map((n) => n.title)).toContain('Desactivamos un webhook que no respondía');
    await later(5_000);
    expect(hook.received).toHaveLength(9);
  });

  it('sends a test event and resends a delivery with the same webhook-id', async () => {
    const { data } = await createEndpoint();
    const test = await call(owner, 'POST', `/webhook-endpoints/${data.id}/test`);
    expect(test.statusCode).toBe(202);
    await runDue();
    expect(JSON.parse(hook.received[0]!.body)).toMatchObject({ type: 'webhook.test' });
    const deliveryId = test.json().data.id as string;
    const resent = await call(
      owner,
      'POST',
      `/webhook-endpoints/${data.id}/deliveries/${deliveryId}/resend`,
    );
    expect(resent.statusCode).toBe(202);
    await runDue();
    expect(hook.received).toHaveLength(2);
    expect(hook.received[1]!.headers['webhook-id']).toBe(hook.received[0]!.headers['webhook-id']);
    const detail = await call(
      owner,
      'GET',
      `/webhook-endpoints/${data.id}/deliveries/${deliveryId}`,
    );
    expect(detail.json().data).toMatchObject({
      status: 'succeeded',
      payload: { type: 'webhook.test' },
    });
  });

  it('forgets finished deliveries after 30 days, and keeps the recent ones', async () => {
    const { data } = await createEndpoint();
    await emit('shipment:old');
    await runDue();
    ctx.clock.advance(29 * 24 * 3_600_000);
    await emit('shipment:recent');
    await runDue();
    ctx.clock.advance(2 * 24 * 3_600_000);
    await ctx.app.jobs.enqueue(ctx.db, 'webhooks.prune', {}, ctx.clock.now());
    await runDue();
    owner = await signIn(ctx, owner);
    const kept = await log(data.id);
    expect(kept).toHaveLength(1);
    const messages = await ctx.db.$client.query(
      `select resource from webhook_messages where organization_id = $1 and resource like 'shipment:%'`,
      [organizationId],
    );
    expect(messages.rows.map((row) => row.resource)).not.toContain('shipment:old');
  });

  it('lists the event catalogue with each payload schema', async () => {
    const response = await call(owner, 'GET', '/webhook-events');
    const types = response.json().data as { type: string; schema: { properties: object } }[];
    expect(types.map((t) => t.type)).toContain('shipment.created');
    expect(types.find((t) => t.type === 'shipment.created')!.schema.properties).toHaveProperty(
      'tracking_number',
    );
  });

  it('answers 404 to another organization for each of its endpoint operations', async () => {
    const { data } = await createEndpoint();
    const test = await call(owner, 'POST', `/webhook-endpoints/${data.id}/test`);
    const deliveryId = test.json().data.id as string;
    const base = `/webhook-endpoints/${data.id}`;
    await expectEachNotFound(call, other, [
      ['GET', base],
      ['PUT', base, { url: hook.url(), events: ['shipment.created'] }],
      ['PATCH', `${base}/status`, { enabled: false }],
      ['POST', `${base}/rotate-secret`],
      ['POST', `${base}/test`],
      ['GET', `${base}/deliveries`],
      ['GET', `${base}/deliveries/${deliveryId}`],
      ['POST', `${base}/deliveries/${deliveryId}/resend`],
      ['DELETE', base],
    ]);
  });
});
