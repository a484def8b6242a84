import { and, eq, sql } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import type { Clock } from '../../../platform/clock';
import type { Db, DbOrTx } from '../../../platform/db';
import type { Jobs } from '../../../platform/jobs';
import { chaosFate, SandboxDeliveryQueue } from '../store-sandbox-deliveries';
import { webhookHmac } from './shopify-signatures';
import {
  sandboxShopifyDeliveries,
  sandboxShopifyShops,
  sandboxShopifyWebhooks,
} from './shopify-sandbox.tables';

/** The job that sends one delivery (decision 021); the sandbox's own schedule retries it. */
export const SANDBOX_SHOPIFY_DELIVER_JOB = 'sandbox.shopify.deliver';

/**
 * Shopify's retry schedule: a failed delivery is tried 8 more times over about 4 hours, then
 * given up (these delays add up to 14,400 s).
 */
export const SHOPIFY_RETRY_DELAYS_SECONDS = [10, 30, 60, 300, 900, 1800, 3600, 7700] as const;

/** Topics set in the app's configuration rather than subscribed: always delivered. */
export const COMPLIANCE_TOPICS = ['customers/data_request', 'customers/redact', 'shop/redact'];

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
  readonly queue: SandboxDeliveryQueue<typeof sandboxShopifyDeliveries>;

  constructor(private readonly deps: SandboxDeliveryDeps) {
    this.queue = new SandboxDeliveryQueue(deps, {
      table: sandboxShopifyDeliveries,
      dueAt: sandboxShopifyDeliveries.nextAttemptAt,
      job: SANDBOX_SHOPIFY_DELIVER_JOB,
      payloadKey: 'delivery_id',
    });
  }

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
    const now = this.deps.clock.now().getTime();
    const eventId = randomUUID();
    // Shopify's encoder escapes <, > and & (and the JS line separators), as Rails does: a body
    // parsed and serialized again differs from the bytes signed.
    const body = JSON.stringify(payload).replace(
      /[<>&\u2028\u2029]/g,
      (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
    );
    const rows = uris.flatMap(({ uri, apiVersion }, index) => {
      const fate = chaosFate(state!.chaos, state!.draws - uris.length + index, now);
      // A duplicate is a second delivery of the event: its own webhook id.
      return fate.dueAts.map((nextAttemptAt) => ({
        shop,
        eventId,
        webhookId: randomUUID(),
        topic,
        uri,
        apiVersion,
        body,
        triggeredAt: new Date(now),
        state: fate.dropped ? 'dropped' : 'pending',
        nextAttemptAt,
      }));
    });
    await this.queue.queue(tx, rows);
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
    const claimed = await this.queue.claim(id, now, {
      attempts: sql`${sandboxShopifyDeliveries.attempts} + 1`,
      nextAttemptAt: sql`${now.toISOString()}::timestamptz + make_interval(secs => coalesce((${delays})[${sandboxShopifyDeliveries.attempts} + 1], 0))`,
    });
    if (!claimed) return 'none';
    // Shopify gives an endpoint 5 seconds to answer.
    const status = await this.queue.post(
      claimed.uri,
      {
        'content-type': 'application/json',
        'x-shopify-topic': claimed.topic,
        'x-shopify-hmac-sha256': webhookHmac(claimed.body, this.deps.apiSecret),
        'x-shopify-shop-domain': claimed.shop,
        'x-shopify-api-version': claimed.apiVersion,
        'x-shopify-webhook-id': claimed.webhookId,
        'x-shopify-event-id': claimed.eventId,
        'x-shopify-triggered-at': claimed.triggeredAt.toISOString(),
      },
      claimed.body,
      5000,
    );
    const ok = status >= 200 && status < 300;
    const spent = claimed.attempts > SHOPIFY_RETRY_DELAYS_SECONDS.length;
    await this.deps.db
      .update(sandboxShopifyDeliveries)
      .set({
        lastStatus: status,
        ...(ok ? { state: 'delivered', deliveredAt: now } : spent ? { state: 'failed' } : {}),
      })
      .where(eq(sandboxShopifyDeliveries.id, id));
    if (!ok && !spent) await this.queue.requeue(this.deps.db, id, claimed.nextAttemptAt);
    return ok ? 'sent' : 'failed';
  }

  /** Sends every delivery due at `now`, oldest due first (tests, the demo, the bench). */
  flush(now: Date = this.deps.clock.now()): Promise<{ sent: number; failed: number }> {
    return this.queue.flush(now, (id, at) => this.deliver(id, at), { sent: 0, failed: 0 });
  }
}
