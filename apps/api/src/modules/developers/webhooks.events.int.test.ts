import { sql } from 'drizzle-orm';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/test-app';
import { JOBS_SCHEMA } from '../../platform/jobs.store';
import { callAs, type TestUser } from '../../../test/users';
import { buyGuide, guideBuyer } from '../shipments/guides.test-support';

/** The events a domain emits reach an endpoint as its real actions happen. */
describe('webhook events emitted by the domains', () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  let owner: TestUser;
  let locationId: string;
  const bodies: { type: string; data: Record<string, unknown> }[] = [];
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      bodies.push(JSON.parse(body));
      response.writeHead(204).end();
    });
  });

  beforeAll(async () => {
    ctx = await createTestApp();
    ({ owner, locationId } = await guideBuyer(ctx));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  });
  afterAll(async () => {
    server.close();
    await ctx.close();
  });

  it('enqueues nothing for a guide bought where no endpoint wants shipment.created', async () => {
    const other = await guideBuyer(ctx);
    const onlyCancellations = await callAs(ctx.app, other.owner, 'POST', '/webhook-endpoints', {
      url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
      events: ['shipment.cancelled'],
    });
    expect(onlyCancellations.statusCode).toBe(201);
    const publishJobs = async () => {
      const result = await ctx.db.execute<{ n: number }>(
        sql`select count(*)::int as n from ${sql.raw(JOBS_SCHEMA)}.job
            where name = 'events.publish' and data ->> 'organization_id' = ${other.organizationId}`,
      );
      return result.rows[0]!.n;
    };
    await buyGuide(ctx, other.owner, { locationId: other.locationId });
    expect(await publishJobs()).toBe(0);
    await ctx.app.jobs.runDue(ctx.clock.now());
    expect(bodies).toEqual([]);
  });

  it('tells the guide bought, then its cancellation with the refund, in that order', async () => {
    const endpoint = await callAs(ctx.app, owner, 'POST', '/webhook-endpoints', {
      url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
      events: ['shipment.created', 'shipment.cancelled'],
    });
    expect(endpoint.statusCode).toBe(201);
    const { detail, row } = await buyGuide(ctx, owner, { locationId, reference: 'PEDIDO-7' });
    await ctx.app.jobs.runDue(ctx.clock.now());
    expect(bodies).toEqual([
      {
        type: 'shipment.created',
        timestamp: ctx.clock.now().toISOString(),
        data: {
          shipment_id: detail.id,
          tracking_number: row.trackingNumber,
          carrier: 'estafeta',
          service: row.serviceKey,
          total: row.total,
          reference: 'PEDIDO-7',
        },
      },
    ]);
    const cancel = await callAs(ctx.app, owner, 'POST', `/shipments/${detail.id}/cancellation`);
    expect(cancel.statusCode, cancel.body).toBe(202);
    for (let hour = 0; hour < 48 && bodies.length < 2; hour++) {
      ctx.clock.advance(3_600_000);
      await ctx.app.jobs.runDue(ctx.clock.now());
    }
    expect(bodies.map((body) => body.type)).toEqual(['shipment.created', 'shipment.cancelled']);
    expect(bodies[1]!.data).toMatchObject({ shipment_id: detail.id, refunded: row.total });
  });
});
