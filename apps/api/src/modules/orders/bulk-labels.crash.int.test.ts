/**
 * Issue 22, a power cut in the middle of a bulk run: the real app (as `npm start` runs it) buys
 * labels for 300 orders in one background run; the whole process group dies by SIGKILL while
 * it runs; the app starts again on the same data and the run resumes by itself. Every order is
 * labelled once (one guide, one fulfilment), the run ends done, its merged labels download, and
 * the ledger and the stock verify clean.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callJson, phaseLogger, postAs, PowerCut } from '../../../test/crash-support';
import { createTestMerchant, type TestUser } from '../../../test/users';
import { systemClock } from '../../platform/clock';
import { activate, insertVariants } from '../inventory/stock.test-support';
import { verifyLedger, verifyStock } from '../invariants';
import { destinationAddress, originLocation, parcelBox } from '../shipments/guides.test-support';
import { LedgerService } from '../wallet/ledger.service';

const ORDERS = 300;
/** The run is killed once this many labels are bought: well inside it. */
const KILL_AFTER_BOUGHT = 40;

interface Answer {
  data?: { id?: string; bought?: number; failed?: number; state?: string; total?: number };
  error?: { code: string };
}

let power: PowerCut;
beforeAll(async () => {
  power = await PowerCut.create('bulk-crash');
});
afterAll(() => power.close());

const phase = phaseLogger('bulk labels crash test');

/** A funded merchant keeping stock at its own location, a saved package and 300 paid orders. */
async function merchantWithOrders() {
  const ctx = { db: power.db, clock: systemClock };
  const { organization, user } = await createTestMerchant(ctx, `Apagón masivo ${randomUUID()}`);
  await new LedgerService(ctx).credit({
    organizationId: organization.id,
    idempotencyKey: 'opening',
    kind: 'deposit',
    amount: 100_000_000,
    from: 'bank_clearing',
  });
  const location = await postAs<Answer>(power.url, user, '/locations', originLocation());
  expect(location.status, JSON.stringify(location.body)).toBe(201);
  const locationId = location.body.data!.id!;
  const kept = await callJson<Answer>(
    'PUT',
    power.url,
    user,
    `/inventory/locations/${locationId}`,
    {
      keeps_stock: true,
    },
  );
  const own = kept.body.data!.id!;
  const [variantId] = await insertVariants(power.db, organization.id, 1, {
    skus: [`MASIVO-${randomUUID().slice(0, 8)}`],
  });
  await activate(power.db, [variantId!]);
  const count = await postAs<Answer>(
    power.url,
    user,
    '/inventory/adjustments',
    {
      location_id: own,
      reason: 'Conteo inicial',
      lines: [{ variant_id: variantId, on_hand_delta: ORDERS }],
    },
    'opening-count',
  );
  expect(count.status, JSON.stringify(count.body)).toBe(201);
  const pkg = await postAs<Answer>(power.url, user, '/packages', parcelBox);
  expect(pkg.status, JSON.stringify(pkg.body)).toBe(201);
  // Roma Norte: in the SEPOMEX sample every start loads, so the address checks out.
  const { kind: _kind, ...address } = {
    ...destinationAddress,
    neighborhood: 'Roma Norte',
    city: 'Ciudad de México',
    municipality: 'Cuauhtémoc',
    state: 'Ciudad de México',
    zip: '06700',
  };
  const orderIds: string[] = [];
  for (let first = 0; first < ORDERS; first += 20) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(20, ORDERS - first) }, () =>
        postAs<Answer>(
          power.url,
          user,
          '/orders',
          {
            shipping_address: address,
            lines: [{ variant_id: variantId, quantity: 1, unit_price: 25_000 }],
            shipping_price: 0,
            payment_state: 'paid',
            location_id: locationId,
          },
          randomUUID(),
        ),
      ),
    );
    for (const answer of batch) {
      expect(answer.status, JSON.stringify(answer.body)).toBe(201);
      orderIds.push(answer.body.data!.id!);
    }
  }
  return {
    organizationId: organization.id,
    user,
    locationId,
    packageId: pkg.body.data!.id!,
    orderIds,
  };
}

async function runOf(user: TestUser, id: string): Promise<Answer['data']> {
  const response = await fetch(`${power.url}/api/v1/orders/bulk-labels/${id}`, {
    headers: user.headers(),
  });
  return ((await response.json()) as Answer).data;
}

describe('bulk labels across a power cut', () => {
  it('resumes the run and labels every order once', async () => {
    // A carrier that takes a moment per label, so the cut falls inside the run.
    await power.start({ CARRIER_SANDBOX_LABEL_DELAY_MS: '30' });
    const m = await merchantWithOrders();
    phase(`${ORDERS} orders placed`);

    const started = await postAs<Answer>(
      power.url,
      m.user,
      '/orders/bulk-labels',
      { order_ids: m.orderIds, rule: 'cheapest', origin_id: m.locationId, package_id: m.packageId },
      randomUUID(),
    );
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    const runId = started.body.data!.id!;
    await power.eventually(
      async () => ((await runOf(m.user, runId))?.bought ?? 0) >= KILL_AFTER_BOUGHT,
      `${KILL_AFTER_BOUGHT} labels bought`,
      120_000,
    );
    await power.kill();
    phase('killed mid-run');

    await power.start();
    const resumedFrom = await runOf(m.user, runId);
    expect(resumedFrom!.state).toBe('running');
    expect(resumedFrom!.bought).toBeLessThan(ORDERS);
    await power.eventually(
      async () => (await runOf(m.user, runId))?.state !== 'running',
      'the run resumed and ended',
      240_000,
    );
    phase('run ended after the restart');

    const run = await runOf(m.user, runId);
    expect(run).toMatchObject({ state: 'done', total: ORDERS, bought: ORDERS, failed: 0 });
    const perOrder = await power.rows<{ order_id: string; bought: number }>(
      `select o.id as order_id, count(f.id)::int as bought
         from orders o left join order_fulfillments f on f.order_id = o.id and f.state = 'bought'
        where o.organization_id = $1 group by o.id`,
      [m.organizationId],
    );
    expect(perOrder).toHaveLength(ORDERS);
    expect(perOrder.filter((order) => order.bought !== 1)).toEqual([]);
    const [guides] = await power.rows<{ count: number }>(
      `select count(*)::int as count from shipments
        where organization_id = $1 and purchase_state = 'purchased'`,
      [m.organizationId],
    );
    expect(guides!.count).toBe(ORDERS);
    const [states] = await power.rows<{ fulfilled: number }>(
      `select count(*)::int as fulfilled from orders
        where organization_id = $1 and fulfillment_state = 'fulfilled'`,
      [m.organizationId],
    );
    expect(states!.fulfilled).toBe(ORDERS);
    const labels = await fetch(`${power.url}/api/v1/orders/bulk-labels/${runId}/labels`, {
      headers: m.user.headers(),
    });
    expect(labels.status).toBe(200);
    expect(labels.headers.get('content-type')).toContain('application/pdf');
    expect(await verifyLedger(power.db)).toEqual([]);
    expect(await verifyStock(power.db)).toEqual([]);
  }, 600_000);
});
