/**
 * Issue 15, failure: the real app (as `npm start` runs it) takes a burst of label purchases
 * that reserve and ship catalogue products, merchant adjustments and staff warehouse
 * adjustments over HTTP with Idempotency-Keys; the whole process group dies by SIGKILL after a
 * number of answers; the app starts again on the same data, its recovery finishes or fails the
 * purchases under way, and every request is sent again with its key. Stock moves once per
 * request, and exactly as the answers say.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { phaseLogger, postAs, PowerCut } from '../../../test/crash-support';
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
import { verifyLedger } from '../wallet/ledger.verify';
import { insertVariants, insertWarehouse } from './stock.test-support';
import { verifyStock } from './stock.verify';

const MERCHANTS = 3;
const PURCHASES = 5; // per merchant; the last one the sandbox carrier refuses
const ADJUSTMENTS = 5; // per merchant, at its own location
const STAFF_ADJUSTMENTS = 3; // per merchant, at the platform's warehouse
/** The group dies right after this many 2xx answers: well inside the burst. */
const KILL_AFTER = 14;
/** Units of each variant counted in at each merchant's own location before the burst. */
const OPENING = 500;
const FUNDS = 5_000_000;

interface Buckets {
  on_hand: number;
  reserved: number;
  not_sellable: number;
}

/** What a request does to one balance once it went through (a label: once its guide is issued). */
interface Effect {
  variant: string;
  location: string;
  on_hand: number;
  not_sellable: number;
}

interface Request {
  kind: 'purchase' | 'adjustment' | 'staff_adjustment';
  organizationId: string;
  user: TestUser;
  key: string;
  body: object;
  /** The sandbox carrier refuses the guide (502): it reserves, then releases. */
  refused?: boolean;
  effects: Effect[];
}

/** What the test reads of the API's answers. */
interface Answer {
  data?: { id?: string; operation_id?: string; replayed?: boolean; rates?: { id: string }[] };
  error?: { code: string };
}

const URLS = {
  purchase: '/shipments',
  adjustment: '/inventory/adjustments',
  staff_adjustment: '/staff/inventory/adjustments',
} as const;

const send = (base: string, request: Request) =>
  postAs<Answer>(base, request.user, URLS[request.kind], request.body, request.key);

/** The record an answer names: the guide of a purchase, the operation of an adjustment. */
const idOf = (request: Request, answer: Answer) =>
  request.kind === 'purchase' ? answer.data?.id : answer.data?.operation_id;

const balanceKey = (variant: string, location: string) => `${variant}:${location}`;

let power: PowerCut;
beforeAll(async () => {
  power = await PowerCut.create('stock-crash');
});
afterAll(() => power.close());

const phase = phaseLogger('stock crash test');

describe('the stock ledger across a power cut', () => {
  it('keeps every answered stock change once, settles the labels under way and moves stock once on re-sending', async () => {
    await power.start();
    phase('first start healthy');
    const ctx = { db: power.db, clock: systemClock };
    const ledger = new LedgerService(ctx);
    const staff = await createTestUser(ctx, { isStaff: true });
    const warehouse = await insertWarehouse(power.db);

    const opening = new Map<string, Buckets>();
    const requests: Request[] = [];
    for (let number = 1; number <= MERCHANTS; number++) {
      const { organization, user } = await createTestMerchant(ctx, `Apagón inventario ${number}`);
      const organizationId = organization.id;
      await ledger.credit({
        organizationId,
        idempotencyKey: 'opening',
        kind: 'deposit',
        amount: FUNDS,
        from: 'bank_clearing',
      });
      const location = await postAs<Answer>(power.url, user, '/locations', originLocation());
      expect(location.status, JSON.stringify(location.body)).toBe(201);
      const kept = await fetch(
        `${power.url}/api/v1/inventory/locations/${location.body.data!.id}`,
        {
          method: 'PUT',
          headers: { ...user.headers(), 'content-type': 'application/json' },
          body: JSON.stringify({ keeps_stock: true }),
        },
      );
      expect(kept.status).toBe(200);
      const own = ((await kept.json()) as Answer).data!.id!;
      const variants = await insertVariants(power.db, organizationId, 2);
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
        opening.set(balanceKey(variant, own), { on_hand: OPENING, reserved: 0, not_sellable: 0 });
      }
      const [first, second] = variants as [string, string];

      for (let index = 0; index < PURCHASES; index++) {
        const parcel = { length: 30, width: 20, height: 15, weight: 2 };
        const quote = await postAs<Answer>(power.url, user, '/quotes', {
          origin_zip: MEXICO_CITY_ZIP,
          destination_zip: MONTERREY_ZIP,
          parcels: [parcel, parcel],
        });
        expect(quote.status, JSON.stringify(quote.body)).toBe(201);
        const refused = index === PURCHASES - 1;
        // Two packages, the first variant in both: the guide reserves their sum.
        const units = 1 + (index % 3);
        requests.push({
          kind: 'purchase',
          organizationId,
          user,
          key: `stock-crash-purchase-${number}-${index}`,
          refused,
          body: {
            location_id: location.body.data!.id,
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
          effects: refused
            ? []
            : [
                { variant: first, location: own, on_hand: -(units + 1), not_sellable: 0 },
                { variant: second, location: own, on_hand: -2, not_sellable: 0 },
              ],
        });
      }
      for (let index = 0; index < ADJUSTMENTS; index++) {
        // Counts up and down and damaged units, on either variant.
        const variant = variants[index % 2]!;
        const onHand = index % 2 === 0 ? 3 + index : -(1 + index);
        const notSellable = index === 1 ? 2 : 0;
        requests.push({
          kind: 'adjustment',
          organizationId,
          user,
          key: `stock-crash-adjustment-${number}-${index}`,
          body: {
            location_id: own,
            reason: 'Conteo cíclico',
            lines: [
              { variant_id: variant, on_hand_delta: onHand, not_sellable_delta: notSellable },
            ],
          },
          effects: [{ variant, location: own, on_hand: onHand, not_sellable: notSellable }],
        });
      }
      for (let index = 0; index < STAFF_ADJUSTMENTS; index++) {
        const lines = variants.map((variant_id, line) => ({
          variant_id,
          on_hand_delta: 4 + index + line,
          not_sellable_delta: line,
        }));
        requests.push({
          kind: 'staff_adjustment',
          organizationId,
          user: staff,
          key: `stock-crash-staff-${number}-${index}`,
          body: {
            organization_id: organizationId,
            location_id: warehouse,
            reason: 'Recepción contada',
            lines,
          },
          effects: lines.map((line) => ({
            variant: line.variant_id,
            location: warehouse,
            on_hand: line.on_hand_delta,
            not_sellable: line.not_sellable_delta,
          })),
        });
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
    await power.eventually(
      async () =>
        (await power.rows(`select 1 from shipments where purchase_state = 'purchasing'`)).length ===
        0,
      'no guide left purchasing',
    );
    phase('recovered');

    /** Each request's record as committed now (its guide or operation id), if any. */
    const committed = async () => {
      const guides = await power.rows<{ key: string; id: string; state: string }>(
        `select idempotency_key as key, id, purchase_state as state from shipments
          where organization_id = any($1)`,
        [organizations],
      );
      const operations = await power.rows<{ key: string; id: string }>(
        `select idempotency_key as key, id from stock_operations
          where organization_id = any($1) and kind = 'adjust'`,
        [organizations],
      );
      const guideOf = new Map(guides.map((guide) => [guide.key, guide]));
      const operationOf = new Map(operations.map((operation) => [operation.key, operation.id]));
      return new Map(
        requests.flatMap((request) => {
          if (request.kind !== 'purchase') {
            const id = operationOf.get(`${request.kind}:${request.key}`);
            return id ? [[request, id] as const] : [];
          }
          const guide = guideOf.get(request.key);
          if (!guide) return [];
          // Recovery finishes what the carrier issues and fails what it refuses.
          expect(guide.state, request.key).toBe(request.refused ? 'failed' : 'purchased');
          return [[request, guide.id] as const];
        }),
      );
    };

    /** The balances of the test's organizations, and what the requests that went through imply. */
    const balances = async () =>
      new Map(
        (
          await power.rows<Buckets & { variant_id: string; location_id: string }>(
            `select variant_id, location_id, on_hand, reserved, not_sellable from stock_balances
              where organization_id = any($1)`,
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
        for (const effect of request.effects) {
          const at = balanceKey(effect.variant, effect.location);
          const buckets = expected.get(at) ?? { on_hand: 0, reserved: 0, not_sellable: 0 };
          buckets.on_hand += effect.on_hand;
          buckets.not_sellable += effect.not_sellable;
          expected.set(at, buckets);
        }
      }
      return expected;
    };

    const before = await committed();
    // Every answered request is there as answered.
    for (const [request, answer] of burst.acknowledged) {
      expect(before.get(request), request.key).toBe(idOf(request, answer.body));
    }
    // Nothing left reserved: each label's reservation shipped or was released with its guide.
    expect(await balances()).toEqual(implied(before.keys()));
    expect(await verifyStock(power.db)).toEqual([]);
    expect(await verifyLedger(power.db)).toEqual([]);

    // Every request again, with its key: what committed answers itself, the rest goes through.
    const answers = await Promise.all(
      requests.map(async (request) => ({ request, answer: await send(power.url, request) })),
    );
    for (const { request, answer } of answers) {
      const said = `${request.key}: ${answer.status} ${JSON.stringify(answer.body)}`;
      if (request.refused) {
        expect(answer.body.error?.code, said).toBe('GUIDE_PAYMENT_FAILED');
        continue;
      }
      const earlier = before.get(request);
      expect(answer.status, said).toBe(earlier ? 200 : 201);
      if (earlier) expect(idOf(request, answer.body), said).toBe(earlier);
      if (request.kind !== 'purchase') expect(answer.body.data?.replayed, said).toBe(!!earlier);
    }
    phase('re-sent');

    const after = await committed();
    expect([...after.keys()].map((request) => request.key).sort()).toEqual(
      requests.map((request) => request.key).sort(),
    );
    expect(await balances()).toEqual(implied(requests));
    // Each label reserved once and shipped once (or, refused, released once).
    const labelSteps = await power.rows<{ kind: string; n: number }>(
      `select kind, count(*)::int as n from stock_operations
        where organization_id = any($1) and cause_type = 'shipment' group by kind order by kind`,
      [organizations],
    );
    const issued = MERCHANTS * (PURCHASES - 1);
    expect(labelSteps).toEqual([
      { kind: 'release', n: MERCHANTS },
      { kind: 'reserve', n: MERCHANTS * PURCHASES },
      { kind: 'ship', n: issued },
    ]);
    expect(await verifyStock(power.db)).toEqual([]);
    expect(await verifyLedger(power.db)).toEqual([]);
    console.info(
      `stock crash test: ${burst.acknowledged.size} answered before the kill, ` +
        `${before.size} committed after recovery (${underWay!.n} guides recovered), ` +
        `${requests.length - before.size} went through only on the re-send`,
    );
  }, 120_000);
});
