import Fastify, { type FastifyInstance } from 'fastify';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testConfig } from '../../../test/test-app';
import { systemClock } from '../../platform/clock';
import type { Db } from '../../platform/db';
import { Jobs } from '../../platform/jobs';
import type { MercadoLibreSandbox } from './mercadolibre/mercadolibre-sandbox';
import { buildMercadoLibreSandbox } from './mercadolibre/mercadolibre-sandbox.services';

// On the real clock, as a worker runs: pg-boss hands out a job once the database's time reaches
// it, while the runner's round keeps the `now` it read when it began.
describe('a sandbox store’s send job on the real clock', () => {
  let db: Db;
  let jobs: Jobs;
  let receiver: FastifyInstance;
  let sandbox: MercadoLibreSandbox;
  const received: unknown[] = [];

  beforeAll(async () => {
    db = await createTestDatabase();
    jobs = new Jobs({ db, clock: systemClock });
    receiver = Fastify();
    receiver.post('/api/v1/webhooks/stores/mercadolibre', async (request) => {
      received.push(request.body);
      return {};
    });
    await receiver.listen({ host: '127.0.0.1', port: 0 });
    const port = (receiver.server.address() as AddressInfo).port;
    sandbox = buildMercadoLibreSandbox({
      db,
      clock: systemClock,
      jobs,
      config: testConfig({ APP_URL: `http://127.0.0.1:${port}` }),
    }).mercadoLibreSandbox!;
  });

  afterAll(async () => {
    await jobs.stop();
    await receiver.close();
    await db?.$client.end();
  });

  it('sends a notification queued after the round that runs its job began', async () => {
    const roundBegan = new Date(Date.now() - 60_000);
    const seller = await sandbox.createSeller({ nickname: 'VENDEDORA_RONDA' });
    const order = await sandbox.createOrder(seller.id, {
      lines: [{ sku: 'R', title: 'R', quantity: 1, price: 100 }],
    });

    expect(await jobs.runDue(roundBegan)).toEqual({ ran: 1, failed: 0 });

    expect(received).toMatchObject([
      { resource: `/orders/${order.externalId}`, topic: 'orders_v2' },
    ]);
    expect(await sandbox.notifications(seller.id)).toEqual([
      expect.objectContaining({ state: 'delivered' }),
    ]);
  });
});
