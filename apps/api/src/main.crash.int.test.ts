/**
 * Issue 11: a power cut through the real product. The app starts as `npm start` runs it (the
 * API entry with its embedded PostgreSQL, in a DATA_DIR of its own); several organizations
 * fire guide purchases and card deposits over HTTP with Idempotency-Keys; the whole process
 * group (API and PostgreSQL) dies by SIGKILL after a number of answers; the app starts again on
 * the same data, its recovery runs, and every request is sent again with its key.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { phaseLogger, postAs, PowerCut } from '../test/crash-support';
import { createTestMerchant, type TestUser } from '../test/users';
import { SandboxPaymentProvider } from './modules/wallet/card-payments.sandbox';
import { LedgerService } from './modules/wallet/ledger.service';
import { verifyLedger } from './modules/invariants';
import {
  guideProduct,
  destinationAddress,
  MEXICO_CITY_ZIP,
  MONTERREY_ZIP,
  originLocation,
} from './modules/shipments/guides.test-support';
import { systemClock } from './platform/clock';

const ORGANIZATIONS = 4;
const PURCHASES = 6; // per organization
const DEPOSITS = 6; // per organization
/** The group dies right after this many 2xx answers: well inside the burst. */
const KILL_AFTER = 16;
const OPENING = 5_000_000;
const DEPOSIT_PESOS = '300.00';

interface Request {
  kind: 'purchase' | 'deposit';
  merchant: Merchant;
  key: string;
  body: object;
}

/** What the test reads of the API's answers. */
interface Answer {
  data: {
    id: string;
    tracking_number?: string;
    ledger_transaction_id?: string;
    rates: { id: string }[];
  };
}

interface Merchant {
  organizationId: string;
  user: TestUser;
}

let power: PowerCut;
beforeAll(async () => {
  power = await PowerCut.create('crash');
});
afterAll(() => power.close());

const post = (base: string, user: TestUser, url: string, body: object, key?: string) =>
  postAs<Answer>(base, user, url, body, key);

const send = (base: string, request: Request) =>
  post(
    base,
    request.merchant.user,
    request.kind === 'purchase' ? '/shipments' : '/deposits/card',
    request.body,
    request.key,
  );

const phase = phaseLogger('crash test');

describe('the product across a power cut', () => {
  it('keeps every answered purchase and deposit, credits approved charges, recovers purchases at start and moves money once on re-sending', async () => {
    await power.start();
    phase('first start healthy');
    const ctx = { db: power.db, clock: systemClock };
    const ledger = new LedgerService(ctx);
    const sandbox = new SandboxPaymentProvider(ctx);

    // Organizations of the test's own, funded; a location and one quote per purchase each.
    const requests: Request[] = [];
    for (let number = 1; number <= ORGANIZATIONS; number++) {
      const { organization, user } = await createTestMerchant(ctx, `Apagón ${number}`);
      const merchant = { organizationId: organization.id, user };
      await ledger.credit({
        organizationId: organization.id,
        idempotencyKey: 'opening',
        kind: 'deposit',
        amount: OPENING,
        from: 'bank_clearing',
      });
      const location = await post(power.url, user, '/locations', originLocation());
      expect(location.status).toBe(201);
      for (let index = 0; index < PURCHASES; index++) {
        const parcel = { length: 30, width: 20, height: 15, weight: 2 };
        const quote = await post(power.url, user, '/quotes', {
          origin_zip: MEXICO_CITY_ZIP,
          destination_zip: MONTERREY_ZIP,
          parcels: [parcel],
        });
        expect(quote.status).toBe(201);
        requests.push({
          kind: 'purchase',
          merchant,
          key: `crash-purchase-${number}-${index}`,
          body: {
            location_id: location.body.data.id,
            destination: destinationAddress,
            packages: [
              {
                ...parcel,
                products: [guideProduct],
              },
            ],
            quote_id: quote.body.data.id,
            rate_id: quote.body.data.rates[0]!.id,
          },
        });
      }
      for (let index = 0; index < DEPOSITS; index++) {
        const token = await sandbox.tokenize({ card_number: '4242424242424242' });
        requests.push({
          kind: 'deposit',
          merchant,
          key: `crash-deposit-${number}-${index}`,
          body: { amount: DEPOSIT_PESOS, token: token.id },
        });
      }
    }
    phase('seeded');

    // The burst: every request at once; the whole group dies on the KILL_AFTER-th answer.
    const burst = await power.burstUntilKilled(requests, send, KILL_AFTER);
    const acknowledged = new Map(
      [...burst.acknowledged].map(([request, answer]) => {
        expect(answer.status, request.key).toBe(201);
        const { id, tracking_number, ledger_transaction_id } = answer.body.data;
        return [request.key, { id, tracking: tracking_number, ledger: ledger_transaction_id }];
      }),
    );
    phase(
      `killed after ${acknowledged.size} answers; unanswered: ${burst.unanswered.slice(0, 5).join('; ')}`,
    );
    expect(acknowledged.size).toBeGreaterThanOrEqual(KILL_AFTER);
    expect(burst.unanswered.length).toBeGreaterThan(0);

    // The same data directory again: PostgreSQL recovers its log, the app its work.
    const restartedAt = new Date();
    await power.start();
    phase('restarted');
    await power.eventually(
      async () =>
        (await power.rows(`select 1 from shipments where purchase_state = 'purchasing'`)).length ===
        0,
      'no guide left purchasing',
    );
    await power.eventually(
      async () =>
        (
          await power.rows(
            `select 1 from deposits d join sandbox_card_charges c
                on c.idempotency_key = 'deposit:' || d.id
              where d.method = 'card' and d.status = 'pending'`,
          )
        ).length === 0,
      'every card deposit the processor answered is settled',
    );

    phase('recovered');
    const [recovered] = await power.rows<{ guides: number; cards: number }>(
      `select (select count(*)::int from jobs j join flow_runs r on r.id::text = j.payload ->> 'run_id'
                where j.kind = 'flows.resume' and r.kind = 'shipment.purchase'
                and j.state = 'completed' and j.run_at < j.created_at + interval '4 minutes') as guides,
              (select count(*)::int from deposits where method = 'card' and status = 'credited'
                and credited_at > $1 and not (idempotency_key = any($2))) as cards`,
      [restartedAt, [...acknowledged.keys()]],
    );
    // Every answered request is there as answered: the guide with its label, the credit.
    for (const [key, answer] of acknowledged) {
      if (key.startsWith('crash-purchase')) {
        const [guide] = await power.rows<{ purchase_state: string; tracking_number: string }>(
          `select s.purchase_state, s.tracking_number from shipments s
             join shipment_labels l on l.shipment_id = s.id where s.id = $1`,
          [answer.id],
        );
        expect(guide, key).toEqual({
          purchase_state: 'purchased',
          tracking_number: answer.tracking,
        });
      } else {
        const [deposit] = await power.rows<{ status: string; ledger_transaction_id: string }>(
          `select status, ledger_transaction_id from deposits where id = $1`,
          [answer.id],
        );
        expect(deposit, key).toEqual({ status: 'credited', ledger_transaction_id: answer.ledger });
      }
    }
    // Approved charges are all credited; what is still pending was never charged.
    const approvedUncredited = await power.rows(
      `select d.id from deposits d join sandbox_card_charges c
          on c.idempotency_key = 'deposit:' || d.id
        where c.status = 'approved' and d.status <> 'credited'`,
    );
    expect(approvedUncredited).toEqual([]);
    expect(await verifyLedger(power.db)).toEqual([]);

    // What committed before the re-send, per organization, and the balances it explains.
    const committed = async () => {
      const guides = await power.rows<{ key: string; id: string; total: number; org: string }>(
        `select idempotency_key as key, id, total::int, organization_id as org
           from shipments where purchase_state = 'purchased'`,
      );
      const credits = await power.rows<{ key: string; id: string; net: number; org: string }>(
        `select idempotency_key as key, id, net::int, organization_id as org
           from deposits where status = 'credited'`,
      );
      return { guides, credits };
    };
    const balances = async () =>
      new Map(
        (
          await power.rows<{ org: string; balance: number }>(
            `select organization_id as org, balance::int from ledger_accounts where kind = 'wallet'`,
          )
        ).map((row) => [row.org, row.balance]),
      );
    const explained = (state: Awaited<ReturnType<typeof committed>>) => {
      const expected = new Map<string, number>();
      for (const request of requests) expected.set(request.merchant.organizationId, OPENING);
      const add = (org: string, amount: number) => {
        if (expected.has(org)) expected.set(org, expected.get(org)! + amount);
      };
      for (const guide of state.guides) add(guide.org, -guide.total);
      for (const credit of state.credits) add(credit.org, credit.net);
      return expected;
    };
    const before = await committed();
    const ours = (map: Map<string, number>) =>
      new Map([...map].filter(([org]) => requests.some((r) => r.merchant.organizationId === org)));
    expect(ours(await balances())).toEqual(explained(before));
    const committedKeys = new Set(
      [...before.guides, ...before.credits]
        .map((row) => row.key)
        .filter((key) => key.startsWith('crash-')),
    );
    const idOf = new Map([...before.guides, ...before.credits].map((row) => [row.key, row.id]));

    // Every request again, with its key: what committed answers itself, the rest goes through.
    const answers = await Promise.all(
      requests.map(async (request) => ({ request, answer: await send(power.url, request) })),
    );
    for (const { request, answer } of answers) {
      expect([200, 201], `${request.key}: ${JSON.stringify(answer.body)}`).toContain(answer.status);
      if (committedKeys.has(request.key)) {
        expect(answer.status, request.key).toBe(200);
        expect(answer.body.data.id, request.key).toBe(idOf.get(request.key));
      }
    }
    phase('re-sent');
    const after = await committed();
    const ourKeys = (state: typeof after) =>
      [...state.guides, ...state.credits]
        .map((row) => row.key)
        .filter((key) => key.startsWith('crash-'))
        .sort();
    expect(ourKeys(after)).toEqual(requests.map((request) => request.key).sort());
    // Each organization paid each guide once and got each deposit once.
    expect(after.guides.filter((guide) => guide.key.startsWith('crash-'))).toHaveLength(
      ORGANIZATIONS * PURCHASES,
    );
    expect(ours(await balances())).toEqual(explained(after));
    expect(await verifyLedger(power.db)).toEqual([]);
    console.info(
      `product crash test: ${acknowledged.size} answered before the kill, ` +
        `${committedKeys.size} committed after recovery ` +
        `(${recovered!.guides} guides recovered at start, ${recovered!.cards} card deposits credited by reconciliation), ` +
        `${requests.length - committedKeys.size} went through only on the re-send`,
    );
  }, 170_000);
});
