/**
 * Labels take stock out (issue 15): a guide from a stock-keeping location reserves its catalogue
 * products with the hold, the issued guide consumes them, a refusal or a failed resume
 * releases them and the cancelled guide returns them — each once, through the stock ledger.
 */
import { shipmentCreateSchema } from '@despacho/domain';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/test-app';
import { callAs, signIn, type TestUser } from '../../../test/users';
import { stockedMerchant } from '../inventory/inventory.test-support';
import { CONFIRM_CANCELLATION_JOB } from './cancellation.service';
import {
  createLocation,
  destinationAddress,
  guideProduct,
  MEXICO_CITY_ZIP,
  MONTERREY_ZIP,
  lostCarriers,
  otherProcessPurchase,
  requestGuide,
} from './guides.test-support';
import { RESUME_FLOW_AFTER_MS } from '../../platform/flows';
import { verifyLedger, verifyStock } from '../invariants';

const FUNDS = 5_000_000;

let ctx: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => {
  expect(await verifyStock(ctx.db)).toEqual([]);
  expect(await verifyLedger(ctx.db)).toEqual([]);
  await ctx.close();
});

interface Merchant {
  user: TestUser;
  organizationId: string;
  locationId: string;
  stockLocationId: string;
  variantId: string;
}

/** A funded merchant whose location keeps `onHand` units of one variant. */
function merchant(company: string, onHand: number): Promise<Merchant> {
  return stockedMerchant(ctx, { company, onHand, funds: FUNDS });
}

const product = (m: Merchant, quantity: number) => ({
  ...guideProduct,
  quantity,
  variant_id: m.variantId,
});

async function query<T extends Record<string, unknown>>(text: string, values: unknown[]) {
  return (await ctx.db.$client.query<T>(text, values)).rows;
}

async function balance(m: Merchant) {
  const [row] = await query<{ on_hand: number; reserved: number }>(
    `select on_hand, reserved from stock_balances where variant_id = $1 and location_id = $2`,
    [m.variantId, m.stockLocationId],
  );
  return row;
}

/** The stock operations of the merchant's guides: key (without the guide's id), kind, cause, moves. */
async function operations(m: Merchant) {
  return query(
    `select regexp_replace(o.idempotency_key, 'shipment:[0-9a-f-]+:', '') as key, o.kind,
            o.cause_type, m.on_hand, m.reserved
       from stock_operations o join stock_movements m on m.operation_id = o.id
      where o.organization_id = $1 and o.idempotency_key like 'shipment:%'
      order by array_position(array['reserve', 'ship', 'release', 'return'], o.kind)`,
    [m.organizationId],
  );
}

async function wallet(user: TestUser) {
  const { data } = (await callAs(ctx.app, user, 'GET', '/wallet/balance')).json();
  return { available: data.available_centavos, onHold: data.on_hold_centavos };
}

const shipmentCount = async (m: Merchant) =>
  (
    await query<{ n: number }>(
      `select count(*)::int as n from shipments where organization_id = $1`,
      [m.organizationId],
    )
  )[0]!.n;

describe('a label from a stock-keeping location', () => {
  it('reserves its products with the hold and consumes them when the guide is issued', async () => {
    const m = await merchant('Existencias', 5);
    const response = await requestGuide(ctx, m.user, {
      locationId: m.locationId,
      product: product(m, 2),
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(await balance(m)).toEqual({ on_hand: 3, reserved: 0 });
    expect(await operations(m)).toEqual([
      { key: 'reserve', kind: 'reserve', cause_type: 'shipment', on_hand: 0, reserved: 2 },
      { key: 'ship', kind: 'ship', cause_type: 'shipment', on_hand: -2, reserved: -2 },
    ]);
    expect(await verifyStock(ctx.db)).toEqual([]);
    // stock:verify tells a bought guide whose reservation never shipped.
    const id = response.json().data.id as string;
    await ctx.db.$client.query(`update shipments set purchase_state = 'purchasing' where id = $1`, [
      id,
    ]);
    expect((await verifyStock(ctx.db)).map((problem) => problem.check)).toEqual([
      'label reservations follow their guide',
    ]);
    await ctx.db.$client.query(`update shipments set purchase_state = 'purchased' where id = $1`, [
      id,
    ]);
  });

  it('checks two lines of one variant against their sum and, short, writes nothing', async () => {
    const m = await merchant('Dos líneas', 3);
    const before = await wallet(m.user);
    // Two packages of two units each: 4 of 3 available, though each line alone would fit.
    const response = await requestGuide(ctx, m.user, {
      locationId: m.locationId,
      packages: 2,
      product: product(m, 2),
    });
    expect(response.statusCode, response.body).toBe(409);
    const { error } = response.json();
    expect(error).toMatchObject({
      code: 'INSUFFICIENT_STOCK',
      details: {
        location_id: m.stockLocationId,
        products: [{ variant_id: m.variantId, requested: 4, available: 3 }],
      },
    });
    expect(Object.keys(error.fields)).toEqual([
      'packages.0.products.0.quantity',
      'packages.1.products.0.quantity',
    ]);
    expect(await wallet(m.user)).toEqual(before);
    expect(await shipmentCount(m)).toBe(0);
    expect(await balance(m)).toEqual({ on_hand: 3, reserved: 0 });
    expect(await operations(m)).toEqual([]);
  });

  it('releases the reservation when the carrier refuses the guide', async () => {
    const m = await merchant('Rechazo', 5);
    const response = await requestGuide(ctx, m.user, {
      locationId: m.locationId,
      product: product(m, 2),
      reference: 'SANDBOX-FALLA',
    });
    expect(response.statusCode, response.body).toBe(502);
    expect(await balance(m)).toEqual({ on_hand: 5, reserved: 0 });
    expect((await operations(m)).map((op) => [op.key, op.reserved])).toEqual([
      ['reserve', 2],
      ['release-stock', -2],
    ]);
  });

  it('touches no stock from a location that does not keep it', async () => {
    const m = await merchant('Sin inventario', 5);
    const plain = await createLocation(ctx, m.user, { alias: 'Oficina' });
    const response = await requestGuide(ctx, m.user, { locationId: plain, product: product(m, 2) });
    expect(response.statusCode, response.body).toBe(201);
    expect(await balance(m)).toEqual({ on_hand: 5, reserved: 0 });
    expect(await operations(m)).toEqual([]);
  });

  it('sells exactly what is available to 20 concurrent purchases of 1 unit against 5', async () => {
    const m = await merchant('Concurrencia', 5);
    const responses = await Promise.all(
      Array.from({ length: 20 }, () =>
        requestGuide(ctx, m.user, { locationId: m.locationId, product: product(m, 1) }),
      ),
    );
    const statuses = responses.map((response) => response.statusCode).sort();
    expect(statuses).toEqual([...Array(5).fill(201), ...Array(15).fill(409)]);
    expect(await balance(m)).toEqual({ on_hand: 0, reserved: 0 });
    expect(await shipmentCount(m)).toBe(5);
    expect(await verifyStock(ctx.db)).toEqual([]);
    expect(await verifyLedger(ctx.db)).toEqual([]);
  });
});

describe('a label purchase interrupted after the hold', () => {
  /** The purchase as another process runs it, whose carrier call dies mid-way. */
  async function interrupted(m: Merchant, reference?: string) {
    const service = otherProcessPurchase(ctx, lostCarriers());
    const quoted = await callAs(ctx.app, m.user, 'POST', '/quotes', {
      origin_zip: MEXICO_CITY_ZIP,
      destination_zip: MONTERREY_ZIP,
      parcels: [{ length: 30, width: 20, height: 15, weight: 2 }],
    });
    const view = quoted.json().data;
    const rate = view.rates.find((r: { carrier_key: string }) => r.carrier_key === 'estafeta');
    const purchase = service.purchase({
      organizationId: m.organizationId,
      userId: m.user.id,
      idempotencyKey: randomUUID(),
      language: 'es',
      data: shipmentCreateSchema.parse({
        location_id: m.locationId,
        destination: destinationAddress,
        packages: [{ length: 30, width: 20, height: 15, weight: 2, products: [product(m, 2)] }],
        quote_id: view.id,
        rate_id: rate.id,
        ...(reference ? { reference } : {}),
      }),
    });
    await expect(purchase).rejects.toThrow('socket hang up');
    expect(await balance(m)).toEqual({ on_hand: 5, reserved: 2 });
  }

  it('is consumed when the resume job settles the guide', async () => {
    const m = await merchant('Recupera', 5);
    await interrupted(m);
    ctx.clock.advance(RESUME_FLOW_AFTER_MS);
    await ctx.app.jobs.runDue(ctx.clock.now(), 10_000);
    expect(await balance(m)).toEqual({ on_hand: 3, reserved: 0 });
    expect((await operations(m)).map((op) => op.key)).toEqual(['reserve', 'ship']);
  });

  it('is released when the resume job marks the purchase failed', async () => {
    const m = await merchant('Recupera falla', 5);
    await interrupted(m, 'SANDBOX-FALLA');
    ctx.clock.advance(RESUME_FLOW_AFTER_MS);
    await ctx.app.jobs.runDue(ctx.clock.now(), 10_000);
    expect(await balance(m)).toEqual({ on_hand: 5, reserved: 0 });
    expect((await operations(m)).map((op) => op.key)).toEqual(['reserve', 'release-stock']);
  });
});

describe('cancelling a label that took stock', () => {
  it('returns the goods once, linked to the cancellation', async () => {
    const m = await merchant('Cancela', 5);
    const bought = await requestGuide(ctx, m.user, {
      locationId: m.locationId,
      product: product(m, 2),
    });
    expect(bought.statusCode, bought.body).toBe(201);
    const id = bought.json().data.id as string;
    const cancel = await callAs(ctx.app, m.user, 'POST', `/shipments/${id}/cancellation`);
    expect(cancel.statusCode, cancel.body).toBe(202);
    ctx.clock.advance(2 * 60_000);
    await ctx.app.jobs.runDue(ctx.clock.now());
    expect(await balance(m)).toEqual({ on_hand: 5, reserved: 0 });
    // The confirmation delivered twice more returns nothing more.
    const payload = { shipment_id: id, confirms_at: ctx.clock.now().toISOString() };
    await ctx.app.jobs.enqueue(ctx.db, CONFIRM_CANCELLATION_JOB, payload, ctx.clock.now());
    await ctx.app.jobs.enqueue(ctx.db, CONFIRM_CANCELLATION_JOB, payload, ctx.clock.now());
    expect(await ctx.app.jobs.runDue(ctx.clock.now())).toMatchObject({ ran: 2, failed: 0 });
    expect(await balance(m)).toEqual({ on_hand: 5, reserved: 0 });
    expect(await operations(m)).toEqual([
      { key: 'reserve', kind: 'reserve', cause_type: 'shipment', on_hand: 0, reserved: 2 },
      { key: 'ship', kind: 'ship', cause_type: 'shipment', on_hand: -2, reserved: -2 },
      {
        key: 'return',
        kind: 'return',
        cause_type: 'shipment_cancellation',
        on_hand: 2,
        reserved: 0,
      },
    ]);
    // The movement history names the cancellation and links to the guide.
    const user = await signIn(ctx, m.user);
    const history = await callAs(
      ctx.app,
      user,
      'GET',
      `/inventory/variants/${m.variantId}/movements`,
    );
    expect(history.statusCode, history.body).toBe(200);
    const [tracking] = await query<{ tracking_number: string }>(
      'select tracking_number from shipments where id = $1',
      [id],
    );
    expect(history.json().data[0]).toMatchObject({
      kind: 'return',
      cause: { type: 'shipment_cancellation', id, label: tracking!.tracking_number },
    });
  });
});
