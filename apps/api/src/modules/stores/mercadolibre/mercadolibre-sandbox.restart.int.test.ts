import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testConfig } from '../../../../test/test-app';
import { ManualClock } from '../../../platform/clock';
import type { Db } from '../../../platform/db';
import { Jobs } from '../../../platform/jobs';
import type { StoreAdapter } from '../store-adapter';
import { kindOf, listen } from '../store-sandbox.test-support';
import { createMercadoLibreAdapter } from './mercadolibre-adapter';
import { sandboxApp } from './mercadolibre-app';
import type { MercadoLibreSandbox } from './mercadolibre-sandbox';
import { mercadoLibreSandboxRoutes } from './mercadolibre-sandbox.routes';
import { buildMercadoLibreSandbox } from './mercadolibre-sandbox.services';

const ADDRESS = { street: 'Av. Juárez', number: '10', zip: '06000', city: 'CDMX', state: 'CDMX' };
const redirectUri = 'http://despacho.test/app/settings/marketplaces';

/**
 * The sandbox as one server process holds it: its own job runner and HTTP listener over the
 * shared database, and the adapter that calls it.
 */
interface Process {
  sandbox: MercadoLibreSandbox;
  adapter: StoreAdapter;
  close: () => Promise<void>;
}

describe('the Mercado Libre sandbox across a restart', () => {
  let db: Db;
  const clock = new ManualClock(new Date('2026-11-20T15:00:00Z'));
  const open: Process[] = [];

  async function start(): Promise<Process> {
    const jobs = new Jobs({ db, clock });
    // Nobody listens at the notification URL: nothing here flushes deliveries.
    const sandbox = buildMercadoLibreSandbox({
      db,
      clock,
      jobs,
      config: testConfig({ APP_URL: 'http://127.0.0.1:9' }),
    }).mercadoLibreSandbox!;
    const server: FastifyInstance = Fastify();
    await server.register(mercadoLibreSandboxRoutes, { mercadoLibreSandbox: sandbox });
    const origin = await listen(server);
    const adapter = createMercadoLibreAdapter(sandboxApp(origin), {
      now: () => clock.now().getTime(),
    });
    const process = {
      sandbox,
      adapter,
      close: async () => {
        await jobs.stop();
        await server.close();
      },
    };
    open.push(process);
    return process;
  }

  beforeAll(async () => {
    db = await createTestDatabase();
  });

  afterAll(async () => {
    for (const process of open) await process.close();
    await db?.$client.end();
  });

  it('keeps sellers, grants, orders, packs, shipments, chaos and missed notifications', async () => {
    const first = await start();
    const seller = await first.sandbox.createSeller({ nickname: 'VENDEDORA_REINICIO' });
    const url = new URL(
      first.adapter.authorizeUrl({ platform: 'mercadolibre' }, 'mercadolibre.n1', redirectUri)!,
    );
    const location = await first.sandbox.approve(seller.id, {
      clientId: url.searchParams.get('client_id')!,
      redirectUri: url.searchParams.get('redirect_uri')!,
      state: url.searchParams.get('state')!,
    });
    const { credentials } = await first.adapter.authorize({
      callbackQuery: Object.fromEntries(new URL(location!).searchParams),
      redirectUri,
    });
    const pack = await first.sandbox.createOrder(seller.id, {
      lines: [
        { sku: 'REI-1', title: 'Taza', quantity: 2, price: 15_000 },
        { sku: 'REI-2', title: 'Plato', quantity: 1, price: 9_900 },
      ],
      mode: 'me1',
      address: ADDRESS,
    });
    await first.sandbox.setChaos(seller.id, { drop: 1 });
    const me2 = await first.sandbox.createOrder(seller.id, {
      lines: [{ sku: 'REI-3', title: 'Vaso', quantity: 1, price: 5_000 }],
      address: ADDRESS,
    });
    const before = await first.adapter.getOrder(credentials, pack.externalId);
    await first.close();

    // A new process over the same database: the token it issued still opens the same data.
    const second = await start();
    expect(await second.adapter.getOrder(credentials, pack.externalId)).toEqual(before);
    const changed = await second.adapter.listOrdersChangedSince(
      credentials,
      new Date(clock.now().getTime() - 60_000).toISOString(),
      null,
    );
    expect(changed.orders.map((order) => order.externalId).sort()).toEqual(
      [pack.externalId, me2.externalId].sort(),
    );
    const shipped = changed.orders.find((order) => order.externalId === me2.externalId)!;
    expect(shipped.shippedByPlatform).toBe(true);
    expect(
      (await second.sandbox.listSellers()).find((row) => row.id === seller.id)!.chaos,
    ).toMatchObject({
      drop: 1,
    });
    const missed = await second.adapter.missedDeliveries!(credentials);
    expect(missed.map((delivery) => delivery.orderExternalId)).toEqual([String(me2.orderIds[0])]);
    // The refresh token issued before the restart is spent once, not twice.
    expect(await second.adapter.refresh!(credentials)).toBeTruthy();
    expect(await kindOf(second.adapter.refresh!(credentials))).toBe('auth');
  });

  it('spends a refresh token once when two processes race with it', async () => {
    const [one, two] = [await start(), await start()];
    const seller = await one.sandbox.createSeller({ nickname: 'VENDEDOR_CARRERA' });
    const url = new URL(
      one.adapter.authorizeUrl({ platform: 'mercadolibre' }, 'mercadolibre.n2', redirectUri)!,
    );
    const location = await one.sandbox.approve(seller.id, {
      clientId: url.searchParams.get('client_id')!,
      redirectUri: url.searchParams.get('redirect_uri')!,
      state: url.searchParams.get('state')!,
    });
    const { credentials } = await one.adapter.authorize({
      callbackQuery: Object.fromEntries(new URL(location!).searchParams),
      redirectUri,
    });
    const outcomes = await Promise.all([
      kindOf(one.adapter.refresh!(credentials)),
      kindOf(two.adapter.refresh!(credentials)),
    ]);
    expect(outcomes.sort()).toEqual(['auth', 'resolved']);
  });
});
