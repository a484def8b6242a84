import { and, eq, sql } from 'drizzle-orm';
import { createHash } from 'node:crypto';
import type { Clock } from '../../../platform/clock';
import type { Db } from '../../../platform/db';
import type { Jobs } from '../../../platform/jobs';
import { chaosFate, SandboxDeliveryQueue, type SandboxChaos } from '../store-sandbox-deliveries';
import { WOOCOMMERCE_SANDBOX_PATH } from './woocommerce-sandbox';
import {
  sandboxWooDeliveries,
  sandboxWooSites,
  sandboxWooWebhooks,
} from './woocommerce-sandbox.tables';
import type { WooWebhook } from './woocommerce-sandbox.types';
import { webhookSignature } from './woocommerce-signatures';

/** The job that sends one delivery (decision 021); WooCommerce itself never retries one. */
export const SANDBOX_WOOCOMMERCE_DELIVER_JOB = 'sandbox.woocommerce.deliver';

/** WooCommerce disables a webhook after this many consecutive failed deliveries. */
export const WOOCOMMERCE_MAX_FAILURES = 5;

type DeliveryRow = typeof sandboxWooDeliveries.$inferInsert;

/**
 * The sandbox store's webhook deliveries, kept in its tables like the rest of the sandbox:
 * shaped by the site's chaos switches (seeded, so a test replays the same), sent with
 * WooCommerce's headers and signature, never retried; five consecutive failures disable the
 * webhook.
 */
export class SandboxWooDeliveries {
  readonly queue: SandboxDeliveryQueue<typeof sandboxWooDeliveries>;

  constructor(
    private readonly deps: {
      db: Db;
      clock: Clock;
      jobs: Jobs | null;
      origin: string;
      fetch?: typeof fetch;
    },
  ) {
    this.queue = new SandboxDeliveryQueue(deps, {
      table: sandboxWooDeliveries,
      dueAt: sandboxWooDeliveries.dueAt,
      job: SANDBOX_WOOCOMMERCE_DELIVER_JOB,
      payloadKey: 'delivery_id',
    });
  }

  /**
   * Queues the deliveries of order events (one per payload) to the site's active webhooks of
   * that topic; one enqueue for all of them, so thousands of orders are created fast.
   */
  async emit(
    site: { slug: string; chaos: SandboxChaos },
    topic: string,
    payloads: unknown[],
  ): Promise<void> {
    const now = this.deps.clock.now().getTime();
    const hooks = await this.deps.db
      .select({ id: sandboxWooWebhooks.id })
      .from(sandboxWooWebhooks)
      .where(
        and(
          eq(sandboxWooWebhooks.site, site.slug),
          eq(sandboxWooWebhooks.topic, topic),
          eq(sandboxWooWebhooks.status, 'active'),
        ),
      );
    if (hooks.length === 0 || payloads.length === 0) return;
    // The seed's draws this batch takes, reserved at once so two writers never share one.
    const drawn = payloads.length * hooks.length;
    const [reserved] = await this.deps.db
      .update(sandboxWooSites)
      .set({ chaosDraws: sql`${sandboxWooSites.chaosDraws} + ${drawn}` })
      .where(eq(sandboxWooSites.slug, site.slug))
      .returning({ draws: sandboxWooSites.chaosDraws });
    let n = reserved!.draws - drawn;
    const queued: DeliveryRow[] = [];
    for (const payload of payloads) {
      // PHP's json_encode escapes slashes and non-ASCII characters: a body parsed and
      // serialized again differs from the bytes signed.
      const body = JSON.stringify(payload).replace(/[/\u0080-\uffff]/g, (char) =>
        char === '/' ? '\\/' : `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
      );
      for (const webhook of hooks) queued.push(...shape(site, webhook.id, body, now, n++));
    }
    await this.queue.queue(this.deps.db, queued);
  }

  /** Sends one delivery once, if still pending and due. */
  async deliver(
    id: number,
    now: Date = this.deps.clock.now(),
  ): Promise<'sent' | 'failed' | 'none'> {
    // Claimed before sending, so a flush and the job never both send it.
    const claimed = await this.queue.claim(id, now, { state: 'sending' });
    if (!claimed) return 'none';
    const done = () =>
      this.deps.db.delete(sandboxWooDeliveries).where(eq(sandboxWooDeliveries.id, id));
    const webhookKey = and(
      eq(sandboxWooWebhooks.site, claimed.site),
      eq(sandboxWooWebhooks.id, claimed.webhookId),
    );
    const [webhook] = await this.deps.db.select().from(sandboxWooWebhooks).where(webhookKey);
    // A webhook the store disabled (or deleted) meanwhile delivers nothing.
    if (!webhook || webhook.status !== 'active') {
      await done();
      return 'none';
    }
    const [resource, event] = webhook.topic.split('.');
    const status = await this.queue.post(
      webhook.deliveryUrl,
      {
        'content-type': 'application/json',
        'user-agent': 'WooCommerce/9.9 Hookshot (WordPress/6.8; Sandbox)',
        'x-wc-webhook-source': `${this.deps.origin}${WOOCOMMERCE_SANDBOX_PATH}/site/${claimed.site}/`,
        'x-wc-webhook-topic': webhook.topic,
        'x-wc-webhook-resource': resource!,
        'x-wc-webhook-event': event!,
        'x-wc-webhook-signature': webhookSignature(claimed.body, webhook.secret),
        'x-wc-webhook-id': String(webhook.id),
        'x-wc-webhook-delivery-id': claimed.deliveryId,
      },
      claimed.body,
      5000,
    );
    const ok = status >= 200 && status < 300;
    await done();
    await this.deps.db
      .update(sandboxWooWebhooks)
      .set(
        ok
          ? { failureCount: 0 }
          : {
              failureCount: sql`${sandboxWooWebhooks.failureCount} + 1`,
              status: sql`case when ${sandboxWooWebhooks.failureCount} + 1 >= ${WOOCOMMERCE_MAX_FAILURES} then 'disabled' else ${sandboxWooWebhooks.status} end`,
            },
      )
      .where(webhookKey);
    return ok ? 'sent' : 'failed';
  }

  /** Sends every delivery due at `now`, oldest due first (tests, the demo, the bench). */
  flush(now: Date = this.deps.clock.now()): Promise<{ sent: number; failed: number }> {
    return this.queue.flush(now, (id, at) => this.deliver(id, at), { sent: 0, failed: 0 });
  }

  /** What is still queued, dropped ones included (tests read the chaos from it). */
  async pending(): Promise<
    { id: number; topic: string; body: string; state: string; dueAt: number }[]
  > {
    const rows = await this.deps.db
      .select({
        id: sandboxWooDeliveries.id,
        topic: sandboxWooWebhooks.topic,
        body: sandboxWooDeliveries.body,
        state: sandboxWooDeliveries.state,
        dueAt: sandboxWooDeliveries.dueAt,
      })
      .from(sandboxWooDeliveries)
      .innerJoin(
        sandboxWooWebhooks,
        and(
          eq(sandboxWooWebhooks.site, sandboxWooDeliveries.site),
          eq(sandboxWooWebhooks.id, sandboxWooDeliveries.webhookId),
        ),
      )
      .orderBy(sandboxWooDeliveries.id);
    return rows.map((row) => ({ ...row, dueAt: row.dueAt.getTime() }));
  }

  /** WooCommerce pings a new webhook's URL with `webhook_id=N`, unsigned; the answer is shown. */
  ping(webhook: WooWebhook): Promise<number> {
    return this.queue.post(
      webhook.delivery_url,
      { 'content-type': 'application/x-www-form-urlencoded' },
      `webhook_id=${webhook.id}`,
      5000,
    );
  }
}

/** One delivery as the seeded chaos shapes it (draw `n`): dropped, held back, overtaken or doubled. */
function shape(
  site: { slug: string; chaos: SandboxChaos },
  webhookId: number,
  body: string,
  now: number,
  n: number,
): DeliveryRow[] {
  // WooCommerce derives the delivery id from the webhook and the second it fires.
  const deliveryId = createHash('sha256')
    .update(`${webhookId}:${Math.floor(now / 1000)}`)
    .digest('hex')
    .slice(0, 32);
  const fate = chaosFate(site.chaos, n, now);
  return fate.dueAts.map((dueAt) => ({
    site: site.slug,
    webhookId,
    deliveryId,
    body,
    state: fate.dropped ? 'dropped' : 'pending',
    dueAt,
  }));
}
