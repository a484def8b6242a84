import { and, asc, eq, lte, sql } from 'drizzle-orm';
import { createHash, randomUUID } from 'node:crypto';
import type { Clock } from '../../../platform/clock';
import type { Db, DbOrTx } from '../../../platform/db';
import type { Jobs } from '../../../platform/jobs';
import { webhookHmac } from './shopify-signatures';
import {
  sandboxShopifyDeliveries,
  sandboxShopifyShops,
  sandboxShopifyWebhooks,
  type SandboxChaos,
} from './shopify-sandbox.tables';

/** The job that sends one delivery (decision 021); the sandbox's own schedule retries it. */
export const SANDBOX_SHOPIFY_DELIVER_JOB = 'sandbox.shopify.deliver';

/**
 * Shopify's retry schedule: a failed delivery is tried 8 more times over about 4 hours, then
 * given up (these delays add up to 14,400 s).
 */
export const SHOPIFY_RETRY_DELAYS_SECONDS = [10, 30, 60, 300, 900, 1800, 3600, 7700] as const;

/** How much longer than a held-back delivery a reordered one waits. */
const REORDER_MS = 2000;

/** Topics set in the app's configuration rather than subscribed: always delivered. */
export const COMPLIANCE_TOPICS = ['customers/data_request', 'customers/redact', 'shop/redact'];

/** The seed's `n`-th draw for `switch`, in [0, 1): the same seed always draws the same. */
export function chaosDraw(seed: number, n: number, name: string): number {
  const digest = createHash('sha256').update(`${seed}:${n}:${name}`).digest();
  return digest.readUIntBE(0, 6) / 2 ** 48;
}

export interface SandboxDeliveryDeps {
  db: Db;
  clock: Clock;
  jobs: Jobs;
  apiSecret: string;
  /** The app's webhook API version, which the compliance topics speak. */
  apiVersion: string;
  /** Where the compliance topics go (the app's configured compliance webhook URL). */
  complianceUri: string;
  fetch?: typeof fetch;
}

/**
 * The sandbox store's webhook deliveries: one row per event and subscribed URI, shaped by the
 * shop's chaos switches when it is created, sent from a job with Shopify's headers and HMAC and
 * retried on Shopify's schedule.
 */
export class SandboxShopifyDeliveries {
  constructor(private readonly deps: SandboxDeliveryDeps) {}

  /** Records the deliveries of one event in the caller's transaction and enqueues their sends. */
  async emit(tx: DbOrTx, shop: string, topic: string, payload: unknown): Promise<void> {
    // A subscription's deliveries speak the API version it was made with.
    const uris = COMPLIANCE_TOPICS.includes(topic)
      ? [{ uri: this.deps.complianceUri, apiVersion: this.deps.apiVersion }]
      : await tx
          .select({
            uri: sandboxShopifyWebhooks.uri,
            apiVersion: sandboxShopifyWebhooks.apiVersion,
          })
          .from(sandboxShopifyWebhooks)
          .where(
            and(eq(sandboxShopifyWebhooks.shop, shop), eq(sandboxShopifyWebhooks.topic, topic)),
          );
    if (uris.length === 0) return;
    const [state] = await tx
      .update(sandboxShopifyShops)
      .set({ chaosDraws: sql`${sandboxShopifyShops.chaosDraws} + ${uris.length}` })
      .where(eq(sandboxShopifyShops.domain, shop))
      .returning({ chaos: sandboxShopifyShops.chaos, draws: sandboxShopifyShops.chaosDraws });
    const chaos: SandboxChaos = state!.chaos;
    const now = this.deps.clock.now();
    const eventId = randomUUID();
    // Shopify's encoder escapes <, > and & (and the JS line separators), as Rails does: a body
    // parsed and serialized again differs from the bytes signed.
    const body = JSON.stringify(payload).replace(
      /[<>&\u2028\u2029]/g,
      (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
    );
    const rows = uris.flatMap(({ uri, apiVersion }, index) => {
      const n = state!.draws - uris.length + index;
      const draw = (name: string) => chaosDraw(chaos.seed, n, name);
      // A reordered one also waits out the held-back ones, so every later delivery overtakes it.
      const delay =
        (draw('delay') < chaos.delay ? chaos.delayMs : 0) +
        (draw('reorder') < chaos.reorder ? chaos.delayMs + REORDER_MS : 0);
      const row = {
        shop,
        eventId,
        webhookId: randomUUID(),
        topic,
        uri,
        apiVersion,
        body,
        triggeredAt: now,
        state: draw('drop') < chaos.drop ? 'dropped' : 'pending',
        nextAttemptAt: new Date(now.getTime() + delay),
      };
      const twice = row.state === 'pending' && draw('duplicate') < chaos.duplicate;
      return twice
        ? [
            row,
            {
              ...row,
              webhookId: randomUUID(),
              nextAttemptAt: new Date(row.nextAttemptAt.getTime() + 1),
            },
          ]
        : [row];
    });
    const inserted = await tx.insert(sandboxShopifyDeliveries).values(rows).returning({
      id: sandboxShopifyDeliveries.id,
      state: sandboxShopifyDeliveries.state,
      at: sandboxShopifyDeliveries.nextAttemptAt,
    });
    await this.deps.jobs.enqueueMany(
      tx,
      inserted
        .filter((row) => row.state === 'pending')
        .map((row) => ({
          kind: SANDBOX_SHOPIFY_DELIVER_JOB,
          payload: { delivery_id: row.id },
          runAt: row.at,
        })),
    );
  }

  /**
   * Sends one delivery if it is due: the attempt is claimed first (its next try scheduled), so
   * a crash mid-send is retried on schedule and two senders never send one attempt twice.
   */
  async deliver(
    id: number,
    now: Date = this.deps.clock.now(),
  ): Promise<'sent' | 'failed' | 'none'> {
    const delays = sql.raw(`array[${SHOPIFY_RETRY_DELAYS_SECONDS.join(',')}]`);
    const [claimed] = await this.deps.db
      .update(sandboxShopifyDeliveries)
      .set({
        attempts: sql`${sandboxShopifyDeliveries.attempts} + 1`,
        nextAttemptAt: sql`${now.toISOString()}::timestamptz + make_interval(secs => coalesce((${delays})[${sandboxShopifyDeliveries.attempts} + 1], 0))`,
      })
      .where(
        and(
          eq(sandboxShopifyDeliveries.id, id),
          eq(sandboxShopifyDeliveries.state, 'pending'),
          lte(sandboxShopifyDeliveries.nextAttemptAt, now),
        ),
      )
      .returning();
    if (!claimed) return 'none';
    let status = 0;
    try {
      const response = await (this.deps.fetch ?? fetch)(claimed.uri, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-shopify-topic': claimed.topic,
          'x-shopify-hmac-sha256': webhookHmac(claimed.body, this.deps.apiSecret),
          'x-shopify-shop-domain': claimed.shop,
          'x-shopify-api-version': claimed.apiVersion,
          'x-shopify-webhook-id': claimed.webhookId,
          'x-shopify-event-id': claimed.eventId,
          'x-shopify-triggered-at': claimed.triggeredAt.toISOString(),
        },
        body: claimed.body,
        // Shopify gives an endpoint 5 seconds to answer.
        signal: AbortSignal.timeout(5000),
      });
      status = response.status;
      await response.body?.cancel();
    } catch {
      status = 0;
    }
    const ok = status >= 200 && status < 300;
    const spent = claimed.attempts > SHOPIFY_RETRY_DELAYS_SECONDS.length;
    await this.deps.db
      .update(sandboxShopifyDeliveries)
      .set({
        lastStatus: status,
        ...(ok ? { state: 'delivered', deliveredAt: now } : spent ? { state: 'failed' } : {}),
      })
      .where(eq(sandboxShopifyDeliveries.id, id));
    if (!ok && !spent) {
      await this.deps.jobs.enqueue(
        this.deps.db,
        SANDBOX_SHOPIFY_DELIVER_JOB,
        { delivery_id: id },
        claimed.nextAttemptAt,
      );
    }
    return ok ? 'sent' : 'failed';
  }

  /** Sends every delivery due at `now`, oldest due first (tests, the demo, the bench). */
  async flush(now: Date = this.deps.clock.now()): Promise<{ sent: number; failed: number }> {
    const result = { sent: 0, failed: 0 };
    const due = await this.deps.db
      .select({ id: sandboxShopifyDeliveries.id })
      .from(sandboxShopifyDeliveries)
      .where(
        and(
          eq(sandboxShopifyDeliveries.state, 'pending'),
          lte(sandboxShopifyDeliveries.nextAttemptAt, now),
        ),
      )
      .orderBy(asc(sandboxShopifyDeliveries.nextAttemptAt), asc(sandboxShopifyDeliveries.id));
    for (const { id } of due) {
      const outcome = await this.deliver(id, now);
      if (outcome !== 'none') result[outcome] += 1;
    }
    return result;
  }
}
