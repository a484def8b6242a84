/**
 * Issue 15, failure: the real app (as `npm start` runs it) takes a burst of label purchases
 * that reserve and ship catalogue products, merchant adjustments, staff warehouse adjustments,
 * staff receipts of entries, exits sent to the warehouse (reserved) and exits dispatched with
 * their guide over HTTP; the whole process group dies by SIGKILL after a number of answers;
 * the app starts again on the same data, its recovery finishes or fails the purchases under
 * way, and every request is sent again (with its Idempotency-Key). Stock moves once per
 * request, and exactly as the answers say.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callJson, phaseLogger, postAs, PowerCut } from '../../../test/crash-support';
import { createTestMerchant, createTestUser, type TestUser } from '../../../test/users';
import { systemClock } from '../../platform/clock';
import {
  destinationAddress,
  guideProduct,
  MEXICO_CITY_ZIP,
  MONTERREY_ZIP,
  originLocation,
} from '../shipments/guides.test-support';
import { LedgerService } from '../wallet/ledger.service';
import { completeVariants } from '../entries/entries.test-support';
import { warehouseAddress, warehouseContact } from './inventory.test-support';
import { insertVariants } from './stock.test-support';
import { verifyLedger, verifyStock } from '../invariants';

const MERCHANTS = 3;
const PURCHASES = 5; // per merchant; the last one the sandbox carrier refuses
const ADJUSTMENTS = 5; // per merchant, at its own location
const STAFF_ADJUSTMENTS = 3; // per merchant, at the platform's warehouse
/** The group dies right after this many 2xx answers: well inside the burst. */
const KILL_AFTER = 20;
/** Units of each variant counted in at each merchant's own location before the burst. */
const OPENING = 500;
const FUNDS = 5_000_000;
/** Units of each variant each merchant's entry announces (receipts count in less) ... */
const ANNOUNCED = 20;
/** ... and staff count in at the warehouse before the burst, for the exits. */
const WAREHOUSE_OPENING = 50;
const parcel = { length: 30, width: 20, height: 15, weight: 2 };

interface Buckets {
  on_hand: number;
  reserved: number;
  incoming: number;
  not_sellable: number;
}
const EMPTY: Buckets = { on_hand: 0, reserved: 0, incoming: 0, not_sellable: 0 };

/** What a request does to one balance once it went through (a label: once its guide is issued). */
interface Effect extends Partial<Buckets> {
  variant: string;
  location: string;
}

/** What the test reads of the API's answers. */
interface Answer {
  data?: {
    id?: string;
    operation_id?: string;
    replayed?: boolean;
    rates?: { id: string }[];
    entry?: { id: string };
    lines?: { id: string; variant_id: string }[];
  };
  error?: { code: string };
}

/** An HTTP status, or the error code of a refusal. */
type Expected = number | string;

interface Request {
  /** Unique in the test: what a failure names. */
  name: string;
  organizationId: string;
  user: TestUser;
  url: string;
  body: object;
  idempotencyKey?: string;
  effects: Effect[];
  /**
   * What shows the request went through: its guide (a purchase, by its Idempotency-Key), or the
   * stock operation it wrote and the id of the record it answers (the operation's when absent).
   */
  proof: { guide: true } | { operationKey: string; recordId?: string };
  /** The record its answer names. */
  answered: (answer: Answer) => string | undefined;
  /** The answer sent first, and sent again once it went through. */
  expect: { fresh: Expected; again: Expected };
}

const send = (base: string, request: Request) =>
  postAs<Answer>(base, request.user, request.url, request.body, request.idempotencyKey);

const said = (answer: { status: number; body: Answer }): Expected =>
  answer.status < 400 ? answer.status : (answer.body.error?.code ?? answer.status);

const balanceKey = (variant: string, location: string) => `${variant}:${location}`;

let power: PowerCut;
beforeAll(async () => {
  power = await PowerCut.create('stock-crash');
});
afterAll(() => power.close());

const phase = phaseLogger('stock crash test');

/** A merchant with funds, an own location keeping OPENING units of each of two variants. */
async function stockedMerchant(number: number, opening: Map<string, Buckets>) {
  const ctx = { db: power.db, clock: systemClock };
  const { organization, user } = await createTestMerchant(ctx, `Apagón inventario ${number}`);
  const organizationId = organization.id;
  await new LedgerService(ctx).credit({
    organizationId,
    idempotencyKey: 'opening',
    kind: 'deposit',
    amount: FUNDS,
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
  expect(kept.status, JSON.stringify(kept.body)).toBe(200);
  const own = kept.body.data!.id!;
  const variants = (await insertVariants(power.db, organizationId, 2)) as [string, string];
  // What a warehouse needs of a product (entries) and a waybill (exits).
  await completeVariants(power, variants);
  const count = await postAs<Answer>(
    power.url,
    user,
    '/inventory/adjustments',
    {
      location_id: own,
      reason: 'Conteo inicial',
      lines: variants.map((variant_id) => ({ variant_id, on_hand_delta: OPENING })),
    },
    'opening-count',
  );
  expect(count.status, JSON.stringify(count.body)).toBe(201);
  for (const variant of variants) {
    opening.set(balanceKey(variant, own), { ...EMPTY, on_hand: OPENING });
  }
  return { organizationId, user, locationId, own, variants };
}
type Merchant = Awaited<ReturnType<typeof stockedMerchant>>;

interface ExitSetup {
  id: string;
  lines: { variant_id: string; quantity: number }[];
}

/**
 * The merchant's work at the warehouse, set up before the burst: stock counted in, an entry
 * announced, an exit processed and quoted (dispatched in the burst) and one created (processed
 * in the burst). Answers the burst's requests: receipts, the processing and the dispatch.
 */
async function warehouseWork(
  m: Merchant,
  number: number,
  staff: TestUser,
  warehouse: string,
  opening: Map<string, Buckets>,
): Promise<Request[]> {
  const expectOk = (answer: { status: number; body: Answer }, status: number) =>
    expect(answer.status, JSON.stringify(answer.body)).toBe(status);
  const counted = await postAs<Answer>(
    power.url,
    staff,
    '/staff/inventory/adjustments',
    {
      organization_id: m.organizationId,
      location_id: warehouse,
      reason: 'Conteo inicial',
      lines: m.variants.map((variant_id) => ({ variant_id, on_hand_delta: WAREHOUSE_OPENING })),
    },
    `opening-warehouse-${number}`,
  );
  expectOk(counted, 201);
  const announced = await postAs<Answer>(power.url, m.user, '/entries', {
    warehouse_id: warehouse,
    expected_date: '2026-12-01',
    lines: m.variants.map((variant_id) => ({ variant_id, expected_quantity: ANNOUNCED })),
  });
  expectOk(announced, 201);
  for (const variant of m.variants) {
    opening.set(balanceKey(variant, warehouse), {
      ...EMPTY,
      on_hand: WAREHOUSE_OPENING,
      incoming: ANNOUNCED,
    });
  }

  const exit = async (lines: ExitSetup['lines']): Promise<ExitSetup> => {
    const created = await postAs<Answer>(power.url, m.user, '/exits', {
      warehouse_id: warehouse,
      destination: { kind: 'location', location_id: m.locationId },
      lines,
    });
    expectOk(created, 201);
    return { id: created.body.data!.id!, lines };
  };
  const [first, second] = m.variants;
  const toShip = await exit([
    { variant_id: first, quantity: 2 },
    { variant_id: second, quantity: 1 },
  ]);
  expectOk(await postAs<Answer>(power.url, m.user, `/exits/${toShip.id}/process`, {}), 200);
  for (const line of toShip.lines) {
    opening.get(balanceKey(line.variant_id, warehouse))!.reserved += line.quantity;
  }
  const quote = await postAs<Answer>(power.url, staff, `/staff/exits/${toShip.id}/quote`, {
    parcels: [parcel],
  });
  expectOk(quote, 201);
  const toProcess = await exit([{ variant_id: first, quantity: 3 }]);

  const entry = { id: announced.body.data!.id!, lines: announced.body.data!.lines! };
  const receipts = [
    [0, 4, 'accepted'],
    [0, 3, 'accepted'],
    [1, 2, 'not_sellable'],
    [1, 5, 'accepted'],
  ] as const;
  return [
    ...receipts.map(([line, count, disposition], index) =>
      receipt(
        m,
        staff,
        entry,
        warehouse,
        `stock-crash-receipt-${number}-${index}`,
        line,
        count,
        disposition,
      ),
    ),
    processing(m, toProcess, warehouse),
    dispatch(m, staff, toShip, warehouse, {
      id: quote.body.data!.id!,
      rate: quote.body.data!.rates![0]!.id,
    }),
  ];
}

/** Staff count units of an entry's line in: incoming down, on hand (or not sellable) up. */
function receipt(
  m: Merchant,
  staff: TestUser,
  entry: { id: string; lines: { id: string; variant_id: string }[] },
  warehouse: string,
  name: string,
  line: number,
  count: number,
  disposition: 'accepted' | 'not_sellable',
): Request {
  const { id: lineId, variant_id } = entry.lines[line]!;
  return {
    name,
    organizationId: m.organizationId,
    user: staff,
    url: `/staff/receiving/${entry.id}/receipts`,
    idempotencyKey: name,
    body: { line_id: lineId, count, disposition },
    effects: [
      {
        variant: variant_id,
        location: warehouse,
        incoming: -count,
        [disposition === 'accepted' ? 'on_hand' : 'not_sellable']: count,
      },
    ],
    proof: { operationKey: `entry:${entry.id}:receive:${name}`, recordId: entry.id },
    answered: (answer) => answer.data?.entry?.id,
    expect: { fresh: 201, again: 200 },
  };
}

/** The merchant sends an exit to the warehouse (reserved there); sent again, it is processing. */
function processing(m: Merchant, exit: ExitSetup, warehouse: string): Request {
  return {
    name: `process-${exit.id}`,
    organizationId: m.organizationId,
    user: m.user,
    url: `/exits/${exit.id}/process`,
    body: {},
    effects: exit.lines.map((line) => ({
      variant: line.variant_id,
      location: warehouse,
      reserved: line.quantity,
    })),
    proof: { operationKey: `exit:${exit.id}:reserve`, recordId: exit.id },
    answered: (answer) => answer.data?.id,
    expect: { fresh: 200, again: 'EXIT_STATUS_CONFLICT' },
  };
}

/** Staff buy the exit's guide (quoted before) and ship: the reserved units leave on hand. */
function dispatch(
  m: Merchant,
  staff: TestUser,
  exit: ExitSetup,
  warehouse: string,
  quote: { id: string; rate: string },
): Request {
  return {
    name: `ship-${exit.id}`,
    organizationId: m.organizationId,
    user: staff,
    url: `/staff/exits/${exit.id}/ship`,
    body: { parcels: [parcel], quote_id: quote.id, rate_id: quote.rate },
    effects: exit.lines.map((line) => ({
      variant: line.variant_id,
      location: warehouse,
      on_hand: -line.quantity,
      reserved: -line.quantity,
    })),
    proof: { operationKey: `exit:${exit.id}:ship`, recordId: exit.id },
    answered: (answer) => answer.data?.id,
    expect: { fresh: 200, again: 200 },
  };
}

/** A label from the own location: two packages, the first variant in both (their sum reserved). */
async function purchase(m: Merchant, number: number, index: number): Promise<Request> {
  const quote = await postAs<Answer>(power.url, m.user, '/quotes', {
    origin_zip: MEXICO_CITY_ZIP,
    destination_zip: MONTERREY_ZIP,
    parcels: [parcel, parcel],
  });
  expect(quote.status, JSON.stringify(quote.body)).toBe(201);
  const refused = index === PURCHASES - 1;
  const units = 1 + (index % 3);
  const [first, second] = m.variants;
  const key = `stock-crash-purchase-${number}-${index}`;
  return {
    name: key,
    organizationId: m.organizationId,
    user: m.user,
    url: '/shipments',
    idempotencyKey: key,
    body: {
      location_id: m.locationId,
      destination: destinationAddress,
      packages: [
        { ...parcel, products: [{ ...guideProduct, quantity: units, variant_id: first }] },
        {
          ...parcel,
          products: [
            { ...guideProduct, quantity: 1, variant_id: first },
            { ...guideProduct, quantity: 2, variant_id: second },
          ],
        },
      ],
      quote_id: quote.body.data!.id,
      rate_id: quote.body.data!.rates![0]!.id,
      ...(refused ? { reference: 'SANDBOX-FALLA' } : {}),
    },
    // Refused, the guide reserves and releases: nothing moves in the end.
    effects: refused
      ? []
      : [
          { variant: first, location: m.own, on_hand: -(units + 1) },
          { variant: second, location: m.own, on_hand: -2 },
        ],
    proof: { guide: true },
    answered: (answer) => answer.data?.id,
    expect: refused
      ? { fresh: 'GUIDE_PAYMENT_FAILED', again: 'GUIDE_PAYMENT_FAILED' }
      : { fresh: 201, again: 200 },
  };
}

/** An adjustment (the merchant's at their own location, or staff's at a warehouse). */
function adjustment(
  m: Merchant,
  name: string,
  by: { staff: TestUser; warehouse: string } | null,
  lines: { variant_id: string; on_hand_delta: number; not_sellable_delta: number }[],
): Request {
  const location = by?.warehouse ?? m.own;
  const cause = by ? 'staff_adjustment' : 'adjustment';
  return {
    name,
    organizationId: m.organizationId,
    user: by?.staff ?? m.user,
    url: by ? '/staff/inventory/adjustments' : '/inventory/adjustments',
    idempotencyKey: name,
    body: {
      ...(by ? { organization_id: m.organizationId } : {}),
      location_id: location,
      reason: by ? 'Recepción contada' : 'Conteo cíclico',
      lines,
    },
    effects: lines.map((line) => ({
      variant: line.variant_id,
      location,
      on_hand: line.on_hand_delta,
      not_sellable: line.not_sellable_delta,
    })),
    proof: { operationKey: `${cause}:${name}` },
    answered: (answer) => answer.data?.operation_id,
    expect: { fresh: 201, again: 200 },
  };
}

describe('the stock ledger across a power cut', () => {
  it('keeps every answered stock change once, settles the labels under way and moves stock once on re-sending', async () => {
    await power.start();
    phase('first start healthy');
    const staff = await createTestUser({ db: power.db, clock: systemClock }, { isStaff: true });
    const created = await postAs<Answer>(power.url, staff, '/staff/warehouses', {
      name: 'CEDIS Apagón',
      code: 'APAGON-1',
      address: warehouseAddress,
      ...warehouseContact,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const warehouse = created.body.data!.id!;

    const opening = new Map<string, Buckets>();
    const requests: Request[] = [];
    for (let number = 1; number <= MERCHANTS; number++) {
      const m = await stockedMerchant(number, opening);
      requests.push(...(await warehouseWork(m, number, staff, warehouse, opening)));
      for (let index = 0; index < PURCHASES; index++) {
        requests.push(await purchase(m, number, index));
      }
      for (let index = 0; index < ADJUSTMENTS; index++) {
        // Counts up and down and damaged units, on either variant.
        requests.push(
          adjustment(m, `stock-crash-adjustment-${number}-${index}`, null, [
            {
              variant_id: m.variants[index % 2]!,
              on_hand_delta: index % 2 === 0 ? 3 + index : -(1 + index),
              not_sellable_delta: index === 1 ? 2 : 0,
            },
          ]),
        );
      }
      for (let index = 0; index < STAFF_ADJUSTMENTS; index++) {
        requests.push(
          adjustment(
            m,
            `stock-crash-staff-${number}-${index}`,
            { staff, warehouse },
            m.variants.map((variant_id, line) => ({
              variant_id,
              on_hand_delta: 4 + index + line,
              not_sellable_delta: line,
            })),
          ),
        );
      }
    }
    const organizations = [...new Set(requests.map((request) => request.organizationId))];
    phase('seeded');

    // The burst: every request at once; the whole group dies on the KILL_AFTER-th 2xx answer.
    const burst = await power.burstUntilKilled(requests, send, KILL_AFTER);
    phase(
      `killed after ${burst.acknowledged.size} answers; unanswered: ${burst.unanswered.slice(0, 4).join('; ')}`,
    );
    expect(burst.acknowledged.size).toBeGreaterThanOrEqual(KILL_AFTER);
    // More went unanswered than the carrier's refusals: the kill came mid-burst.
    expect(burst.unanswered.length).toBeGreaterThan(MERCHANTS);

    // The same data directory again: PostgreSQL recovers its log, the app its purchases.
    await power.start();
    const [underWay] = await power.rows<{ n: number }>(
      `select count(*)::int as n from shipments where purchase_state = 'purchasing'`,
    );
    phase(`restarted with ${underWay!.n} guides purchasing`);
    // A dispatch cut mid-flow resumes in a job that may buy its guide only now: recovery is
    // over once no flow is under way either, or a re-sent dispatch would meet that purchase.
    await power.eventually(
      async () =>
        (
          await power.rows(
            `select 1 from shipments where purchase_state = 'purchasing'
             union all select 1 from flow_runs where state in ('running', 'compensating')`,
          )
        ).length === 0,
      'no guide left purchasing and no flow under way',
    );
    phase('recovered');

    /** Each request that went through, with the id of the record it answers. */
    const committed = async () => {
      const guides = await power.rows<{ key: string; id: string; state: string }>(
        `select idempotency_key as key, id, purchase_state as state from shipments
          where organization_id = any($1)`,
        [organizations],
      );
      const operations = await power.rows<{ key: string; id: string }>(
        `select idempotency_key as key, id from stock_operations where organization_id = any($1)`,
        [organizations],
      );
      const guideOf = new Map(guides.map((guide) => [guide.key, guide]));
      const operationOf = new Map(operations.map((operation) => [operation.key, operation.id]));
      const through = new Map<Request, string>();
      for (const request of requests) {
        if ('guide' in request.proof) {
          const guide = guideOf.get(request.idempotencyKey!);
          if (!guide) continue;
          // Recovery finishes what the carrier issues and fails what it refuses.
          const refused = request.expect.fresh === 'GUIDE_PAYMENT_FAILED';
          expect(guide.state, request.name).toBe(refused ? 'failed' : 'purchased');
          through.set(request, guide.id);
        } else {
          const operation = operationOf.get(request.proof.operationKey);
          if (operation) through.set(request, request.proof.recordId ?? operation);
        }
      }
      return through;
    };

    /** The balances of the test's organizations, and what the requests that went through imply. */
    const balances = async () =>
      new Map(
        (
          await power.rows<Buckets & { variant_id: string; location_id: string }>(
            `select variant_id, location_id, on_hand, reserved, incoming, not_sellable
               from stock_balances where organization_id = any($1)`,
            [organizations],
          )
        ).map(({ variant_id, location_id, ...buckets }) => [
          balanceKey(variant_id, location_id),
          buckets,
        ]),
      );
    const implied = (through: Iterable<Request>) => {
      const expected = new Map([...opening].map(([at, buckets]) => [at, { ...buckets }]));
      for (const request of through) {
        for (const { variant, location, ...delta } of request.effects) {
          const at = balanceKey(variant, location);
          const buckets = expected.get(at) ?? { ...EMPTY };
          for (const bucket of Object.keys(delta) as (keyof Buckets)[]) {
            buckets[bucket] += delta[bucket] ?? 0;
          }
          expected.set(at, buckets);
        }
      }
      return expected;
    };

    const before = await committed();
    // Every answered request is there as answered.
    for (const [request, answer] of burst.acknowledged) {
      expect(before.get(request), request.name).toBe(request.answered(answer.body));
    }
    // Labels hold nothing: each reservation shipped or was released with its guide.
    expect(await balances()).toEqual(implied(before.keys()));
    expect(await verifyStock(power.db)).toEqual([]);
    expect(await verifyLedger(power.db)).toEqual([]);

    // Every request again: what went through answers itself, the rest goes through now.
    const answers = await Promise.all(
      requests.map(async (request) => ({ request, answer: await send(power.url, request) })),
    );
    for (const { request, answer } of answers) {
      const earlier = before.get(request);
      const what = `${request.name}: ${answer.status} ${JSON.stringify(answer.body)}`;
      expect(said(answer), what).toBe(earlier ? request.expect.again : request.expect.fresh);
      if (answer.status >= 400) continue;
      if (earlier) expect(request.answered(answer.body), what).toBe(earlier);
      if (answer.body.data && 'replayed' in answer.body.data) {
        expect(answer.body.data.replayed, what).toBe(!!earlier);
      }
    }
    phase('re-sent');

    const after = await committed();
    expect([...after.keys()].map((request) => request.name).sort()).toEqual(
      requests.map((request) => request.name).sort(),
    );
    expect(await balances()).toEqual(implied(requests));
    // Each label reserved once and shipped once (or, refused, released once).
    const labelSteps = await power.rows<{ kind: string; n: number }>(
      `select kind, count(*)::int as n from stock_operations
        where organization_id = any($1) and cause_type = 'shipment' group by kind order by kind`,
      [organizations],
    );
    expect(labelSteps).toEqual([
      { kind: 'release', n: MERCHANTS },
      { kind: 'reserve', n: MERCHANTS * PURCHASES },
      { kind: 'ship', n: MERCHANTS * (PURCHASES - 1) },
    ]);
    expect(await verifyStock(power.db)).toEqual([]);
    expect(await verifyLedger(power.db)).toEqual([]);
    console.info(
      `stock crash test: ${burst.acknowledged.size} answered before the kill, ` +
        `${before.size} went through before the re-send (${underWay!.n} guides recovered), ` +
        `${requests.length - before.size} only on the re-send`,
    );
  }, 120_000);

  it('finishes a dispatch and a label whose process died while the carrier answered', async () => {
    // The same data, now with a carrier that takes a minute to issue a label.
    await power.kill();
    await power.start({ CARRIER_SANDBOX_LABEL_DELAY_MS: '60000' });
    const staff = await createTestUser({ db: power.db, clock: systemClock }, { isStaff: true });
    const created = await postAs<Answer>(power.url, staff, '/staff/warehouses', {
      name: 'CEDIS Apagón 2',
      code: 'APAGON-2',
      address: warehouseAddress,
      ...warehouseContact,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const warehouse = created.body.data!.id!;
    const opening = new Map<string, Buckets>();
    const m = await stockedMerchant(MERCHANTS + 1, opening);
    const work = await warehouseWork(m, MERCHANTS + 1, staff, warehouse, opening);
    const dispatched = work.find((request) => request.name.startsWith('ship-'))!;
    const label = await purchase(m, MERCHANTS + 1, 0);
    const guidesWaiting = async () =>
      (
        await power.rows(
          `select 1 from shipments where organization_id = $1 and purchase_state = 'purchasing'`,
          [m.organizationId],
        )
      ).length;

    // Both reach the carrier (their guides purchasing, the dispatch's run at its purchase), and
    // the whole group dies while the carrier answers.
    const unanswered = [dispatched, label].map((request) =>
      send(power.url, request).then(
        (answer) => `${request.name}: answered ${answer.status}`,
        () => null,
      ),
    );
    await power.eventually(async () => (await guidesWaiting()) === 2, 'both at the carrier');
    // The dispatch at its purchase, and both purchases (the exit's and the label with products)
    // at their carrier step.
    const runs = await power.rows<{ kind: string; state: string; step: string }>(
      `select kind, state, step from flow_runs where organization_id = $1 order by kind`,
      [m.organizationId],
    );
    expect(runs).toEqual([
      { kind: 'exit.dispatch', state: 'running', step: 'buy' },
      { kind: 'shipment.purchase', state: 'running', step: 'carrier' },
      { kind: 'shipment.purchase', state: 'running', step: 'carrier' },
    ]);
    await power.kill();
    expect(await Promise.all(unanswered)).toEqual([null, null]);
    phase('killed during the carrier call');

    // Restarted with the usual carrier: the resume jobs (brought forward, the process being
    // gone) settle both guides and ship the exit; no person does anything.
    await power.start();
    await power.eventually(
      async () =>
        (await guidesWaiting()) === 0 &&
        (
          await power.rows(
            `select 1 from flow_runs where organization_id = $1 and state = 'succeeded'`,
            [m.organizationId],
          )
        ).length === 3,
      'guides settled and the dispatch finished',
      90_000,
    );
    phase('recovered after the kill during the carrier call');
    const [exit] = await power.rows<{ status: string }>(`select status from exits where id = $1`, [
      dispatched.url.split('/')[3],
    ]);
    expect(exit).toEqual({ status: 'shipped' });
    expect(await verifyStock(power.db)).toEqual([]);
    expect(await verifyLedger(power.db)).toEqual([]);
    // Sent again, each answers what went through and nothing moves twice.
    for (const request of [dispatched, label]) {
      const answer = await send(power.url, request);
      expect(said(answer), `${request.name}: ${JSON.stringify(answer.body)}`).toBe(
        request.expect.again,
      );
    }
    const balances = await power.rows<Buckets & { variant_id: string; location_id: string }>(
      `select variant_id, location_id, on_hand, reserved, incoming, not_sellable
         from stock_balances where organization_id = $1`,
      [m.organizationId],
    );
    const expected = new Map([...opening].map(([at, buckets]) => [at, { ...buckets }]));
    for (const { variant, location, ...delta } of [...dispatched.effects, ...label.effects]) {
      const buckets = expected.get(balanceKey(variant, location))!;
      for (const bucket of Object.keys(delta) as (keyof Buckets)[]) {
        buckets[bucket] += delta[bucket] ?? 0;
      }
    }
    expect(
      new Map(
        balances.map(({ variant_id, location_id, ...buckets }) => [
          balanceKey(variant_id, location_id),
          buckets,
        ]),
      ),
    ).toEqual(expected);
    expect(await verifyStock(power.db)).toEqual([]);
  }, 240_000);
});
