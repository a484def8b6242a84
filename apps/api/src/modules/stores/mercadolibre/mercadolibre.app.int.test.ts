import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listeningApp, type ChainContext } from '../../../../test/store-chain';
import { callAs, createOwnerAndOther, type CallArgs, type TestUser } from '../../../../test/users';
import { storeWebhookEvents } from '../stores.tables';
import type { SandboxMlOrderInput } from './mercadolibre-sandbox';

const ADDRESS = { street: 'Juárez', number: '10', zip: '72000', city: 'Puebla', state: 'Puebla' };
const purchase = (sku: string, mode: SandboxMlOrderInput['mode'] = 'me1'): SandboxMlOrderInput => ({
  lines: [{ sku, title: sku, quantity: 1, price: 9_900 }],
  mode,
  address: ADDRESS,
});

describe('a Mercado Libre sandbox seller connected to the app', () => {
  let ctx: ChainContext;
  let owner: TestUser;
  const call = (...args: CallArgs) => callAs(ctx.app, ...args);
  const runJobs = () => ctx.app.jobs.runDue(ctx.clock.now(), 1000);

  beforeAll(async () => {
    ctx = await listeningApp();
    ({ owner } = await createOwnerAndOther(ctx));
  });
  afterAll(() => ctx.close());

  async function numbers() {
    const listed = await call(owner, 'GET', '/orders?per_page=100');
    expect(listed.statusCode).toBe(200);
    return (listed.json().data as { number: string }[]).map((order) => order.number).sort();
  }

  it('connects through the consent screen, takes notified orders and recovers dropped ones', async () => {
    const sandbox = ctx.app.services.mercadoLibreSandbox!;
    const seller = await sandbox.createSeller({ nickname: 'VENDEDORA_PUEBLA' });
    const started = await call(owner, 'POST', '/stores', { platform: 'mercadolibre' });
    expect(started.statusCode).toBe(200);
    const url = new URL(started.json().data.authorize_url);
    const approved = await fetch(`${url.origin}${url.pathname}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        seller_id: String(seller.id),
        client_id: url.searchParams.get('client_id')!,
        redirect_uri: url.searchParams.get('redirect_uri')!,
        state: url.searchParams.get('state')!,
      }),
      redirect: 'manual',
    });
    const query = Object.fromEntries(new URL(approved.headers.get('location')!).searchParams);
    const done = await call(owner, 'POST', '/stores/authorizations', {
      platform: 'mercadolibre',
      query,
    });
    expect(done.statusCode).toBe(200);
    const storeId = done.json().data.id as string;
    await runJobs();

    // Notified: a pack of two and an me2 sale, each once though sent twice.
    await sandbox.setChaos(seller.id, { duplicate: 1 });
    const pack = await sandbox.createOrder(seller.id, {
      lines: [purchase('PAQ-A').lines[0]!, purchase('PAQ-B').lines[0]!],
      mode: 'me1',
      address: ADDRESS,
    });
    const me2 = await sandbox.createOrder(seller.id, purchase('ME2-A', 'me2'));
    await sandbox.flushDeliveries(ctx.clock.now());
    await runJobs();
    expect(await numbers()).toEqual([pack.externalId, me2.externalId].sort());

    // Dropped: kept by Mercado Libre for /missed_feeds, read by the reconciliation.
    await sandbox.setChaos(seller.id, { duplicate: 0, drop: 1 });
    const dropped = await sandbox.createOrders(seller.id, [purchase('MIS-A'), purchase('MIS-B')]);
    await sandbox.flushDeliveries(ctx.clock.now());
    await runJobs();
    expect(await numbers()).toHaveLength(2);
    const synced = await call(owner, 'POST', `/stores/${storeId}/sync`);
    expect(synced.statusCode).toBe(202);
    await runJobs();
    expect(await numbers()).toEqual(
      [pack.externalId, me2.externalId, ...dropped.map((entry) => entry.externalId)].sort(),
    );
    const missedIds = (await sandbox.missedFeeds()).map((notification) => notification._id);
    const recorded = await ctx.db
      .select({ eventId: storeWebhookEvents.eventId })
      .from(storeWebhookEvents)
      .where(eq(storeWebhookEvents.storeId, storeId));
    expect(recorded.map((row) => row.eventId)).toEqual(expect.arrayContaining(missedIds));
  });
});
