import { and, eq, lte, sql } from 'drizzle-orm';
import { createHash } from 'node:crypto';
import type { Clock } from '../../../platform/clock';
import type { Db } from '../../../platform/db';
import type { Jobs } from '../../../platform/jobs';
import { chaosDraw } from '../shopify/shopify-sandbox.deliveries';
import { WOOCOMMERCE_SANDBOX_PATH } from './woocommerce-sandbox';
import {
  sandboxWooDeliveries,
  sandboxWooSites,
  sandboxWooWebhooks,
} from './woocommerce-sandbox.tables';
import type { WooChaos, WooWebhook } from './woocommerce-sandbox.types';
import { webhookSignature } from './woocommerce-signatures';

/** The job that sends one delivery (decision 021); WooCommerce itself never retries one. */
export const SANDBOX_WOOCOMMERCE_DELIVER_JOB = 'sandbox.woocommerce.deliver';

/** WooCommerce disables a webhook after this many consecutive failed deliveries. */
export const WOOCOMMERCE_MAX_FAILURES = 5;

/** How much longer than a held-back delivery a reordered one waits. */
const REORDER_MS = 2000;

type DeliveryRow = typeof sandboxWooDeliveries.$inferInsert;

/**
 * The sandbox store's webhook deliveries, kept in its tables like the rest of the sandbox:
 * shaped by the site's chaos switches (seeded, so a test replays the same), sent with
 * WooCommerce's headers and signature, never retried; five consecutive failures disable the
 * webhook.
 */
export class SandboxWooDeliveries {
  constructor(
    private readonly deps: {
      db: Db;
      clock: Clock;
      jobs: Jobs | null;
      origin: string;
      fetch?: typeof fetch;
    },
  ) {}

  /**
   * Queues the deliveries of order events (one per payload) to the site's active webhooks of
   * that topic; one enqueue for all of them, so thousands of orders are created fast.
   */
  async emit(
    site: { slug: string; chaos: WooChaos },
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
    const pending: { id: number; dueAt: Date }[] = [];
    for (let start = 0; start < queued.length; start += 500) {
      const rows = await this.deps.db
        .insert(sandboxWooDeliveries)
        .values(queued.slice(start, start + 500))
        .returning({
          id: sandboxWooDeliveries.id,
          state: sandboxWooDeliveries.state,
          dueAt: sandboxWooDeliveries.dueAt,
        });
      pending.push(...rows.filter((row) => row.state === 'pending'));
    }
    if (this.deps.jobs && pending.length > 0) {
      await this.deps.jobs.enqueueMany(
        this.deps.db,
        pending.map((delivery) => ({
          kind: SANDBOX_WOOCOMMERCE_DELIVER_JOB,
          payload: { delivery_id: delivery.id },
          runAt: delivery.dueAt,
        })),
      );
    }
  }

  /** Sends one delivery once, if still pending and due. */
  async deliver(
    id: number,
    now: Date = this.deps.clock.now(),
  ): Promise<'sent' | 'failed' | 'none'> {
    // Claimed before sending, so a flush and the job never both send it.
    const [claimed] = await this.deps.db
      .update(sandboxWooDeliveries)
      .set({ state: 'sending' })
      .where(
        and(
          eq(sandboxWooDeliveries.id, id),
          eq(sandboxWooDeliveries.state, 'pending'),
          lte(sandboxWooDeliveries.dueAt, now),
        ),
      )
      .returning();
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
    let status = 0;
    try {
      const [resource, event] = webhook.topic.split('.');
      const response = await (this.deps.fetch ?? fetch)(webhook.deliveryUrl, {
        method: 'POST',
        headers: {
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
        body: claimed.body,
        signal: AbortSignal.timeout(5000),
      });
      status = response.status;
      await response.body?.cancel();
    } catch {
      status = 0;
    }
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
  async flush(now: Date = this.deps.clock.now()): Promise<{ sent: number; failed: number }> {
    const result = { sent: 0, failed: 0 };
    const due = await this.deps.db
      .select({ id: sandboxWooDeliveries.id })
      .from(sandboxWooDeliveries)
      .where(and(eq(sandboxWooDeliveries.state, 'pending'), lte(sandboxWooDeliveries.dueAt, now)))
      .orderBy(sandboxWooDeliveries.dueAt, sandboxWooDeliveries.id);
    for (const { id } of due) {
      const outcome = await this.deliver(id, now);
      if (outcome !== 'none') result[outcome] += 1;
    }
    return result;
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
  async ping(webhook: WooWebhook): Promise<number> {
    try {
      const response = await (this.deps.fetch ?? fetch)(webhook.delivery_url, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: `webhook_id=${webhook.id}`,
        signal: AbortSignal.timeout(5000),
      });
      await response.body?.cancel();
      return response.status;
    } catch {
      return 0;
    }
  }
}

/** One delivery as the seeded chaos shapes it (draw `n`): dropped, held back, overtaken or doubled. */
function shape(
  site: { slug: string; chaos: WooChaos },
  webhookId: number,
  body: string,
  now: number,
  n: number,
): DeliveryRow[] {
  const { chaos } = site;
  const draw = (name: string) => chaosDraw(chaos.seed, n, name);
  const delay =
    (draw('delay') < chaos.delay ? chaos.delayMs : 0) +
    (draw('reorder') < chaos.reorder ? chaos.delayMs + REORDER_MS : 0);
  // WooCommerce derives the delivery id from the webhook and the second it fires.
  const deliveryId = createHash('sha256')
    .update(`${webhookId}:${Math.floor(now / 1000)}`)
    .digest('hex')
    .slice(0, 32);
  const delivery: DeliveryRow = {
    site: site.slug,
    webhookId,
    deliveryId,
    body,
    state: draw('drop') < chaos.drop ? 'dropped' : 'pending',
    dueAt: new Date(now + delay),
  };
  return delivery.state === 'pending' && draw('duplicate') < chaos.duplicate
    ? [delivery, { ...delivery, dueAt: new Date(now + delay + 1) }]
    : [delivery];
}
