import { createHash } from 'node:crypto';
import type { Clock } from '../../../platform/clock';
import type { Db } from '../../../platform/db';
import type { Jobs } from '../../../platform/jobs';
import { chaosDraw } from '../shopify/shopify-sandbox.deliveries';
import { webhookSignature } from './woocommerce-signatures';
import type { WooChaos, WooWebhook } from './woocommerce-sandbox.types';

/** The job that sends one delivery (decision 021); WooCommerce itself never retries one. */
export const SANDBOX_WOOCOMMERCE_DELIVER_JOB = 'sandbox.woocommerce.deliver';

/** WooCommerce disables a webhook after this many consecutive failed deliveries. */
export const WOOCOMMERCE_MAX_FAILURES = 5;

/** How much longer than a held-back delivery a reordered one waits. */
const REORDER_MS = 2000;

interface Delivery {
  id: number;
  site: { url: string; chaos: WooChaos };
  webhook: WooWebhook;
  deliveryId: string;
  body: string;
  state: 'pending' | 'dropped' | 'delivered' | 'failed';
  dueAt: number;
}

/**
 * The sandbox store's webhook deliveries, kept in memory like the rest of the sandbox: shaped by
 * the site's chaos switches (seeded, so a test replays the same), sent with WooCommerce's
 * headers and signature, never retried; five consecutive failures disable the webhook.
 */
export class SandboxWooDeliveries {
  private readonly queue = new Map<number, Delivery>();
  private nextId = 1;
  private draws = new Map<string, number>();

  constructor(
    private readonly deps: { db: Db; clock: Clock; jobs: Jobs | null; fetch?: typeof fetch },
  ) {}

  /**
   * Queues the deliveries of order events (one per payload) to the site's active webhooks of
   * that topic; one enqueue for all of them, so thousands of orders are created fast.
   */
  async emit(
    site: { url: string; chaos: WooChaos; webhooks: Map<number, WooWebhook> },
    topic: string,
    payloads: unknown[],
  ): Promise<void> {
    const now = this.deps.clock.now().getTime();
    const queued: Delivery[] = [];
    const hooks = [...site.webhooks.values()].filter(
      (webhook) => webhook.topic === topic && webhook.status === 'active',
    );
    for (const payload of payloads) {
      // PHP's json_encode escapes slashes and non-ASCII characters: a body parsed and
      // serialized again differs from the bytes signed.
      const body = JSON.stringify(payload).replace(/[/\u0080-\uffff]/g, (char) =>
        char === '/' ? '\\/' : `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
      );
      for (const webhook of hooks) queued.push(...this.shape(site, webhook, body, now));
    }
    for (const delivery of queued) this.queue.set(delivery.id, delivery);
    const pending = queued.filter((delivery) => delivery.state === 'pending');
    if (this.deps.jobs && pending.length > 0) {
      await this.deps.jobs.enqueueMany(
        this.deps.db,
        pending.map((delivery) => ({
          kind: SANDBOX_WOOCOMMERCE_DELIVER_JOB,
          payload: { delivery_id: delivery.id },
          runAt: new Date(delivery.dueAt),
        })),
      );
    }
  }

  /** One delivery as the seeded chaos shapes it: dropped, held back, overtaken or doubled. */
  private shape(
    site: { url: string; chaos: WooChaos },
    webhook: WooWebhook,
    body: string,
    now: number,
  ): Delivery[] {
    const n = this.draws.get(site.url) ?? 0;
    this.draws.set(site.url, n + 1);
    const { chaos } = site;
    const draw = (name: string) => chaosDraw(chaos.seed, n, name);
    const delay =
      (draw('delay') < chaos.delay ? chaos.delayMs : 0) +
      (draw('reorder') < chaos.reorder ? chaos.delayMs + REORDER_MS : 0);
    // WooCommerce derives the delivery id from the webhook and the second it fires.
    const deliveryId = createHash('sha256')
      .update(`${webhook.id}:${Math.floor(now / 1000)}`)
      .digest('hex')
      .slice(0, 32);
    const delivery: Delivery = {
      id: this.nextId++,
      site,
      webhook,
      deliveryId,
      body,
      state: draw('drop') < chaos.drop ? 'dropped' : 'pending',
      dueAt: now + delay,
    };
    return delivery.state === 'pending' && draw('duplicate') < chaos.duplicate
      ? [delivery, { ...delivery, id: this.nextId++, dueAt: delivery.dueAt + 1 }]
      : [delivery];
  }

  /** Sends one delivery once, if still pending and due. */
  async deliver(
    id: number,
    now: Date = this.deps.clock.now(),
  ): Promise<'sent' | 'failed' | 'none'> {
    const delivery = this.queue.get(id);
    if (!delivery || delivery.state !== 'pending' || delivery.dueAt > now.getTime()) return 'none';
    const { webhook } = delivery;
    // A webhook the store disabled meanwhile delivers nothing.
    if (webhook.status !== 'active') {
      this.queue.delete(id);
      return 'none';
    }
    delivery.state = 'failed';
    let status = 0;
    try {
      const [resource, event] = webhook.topic.split('.');
      const response = await (this.deps.fetch ?? fetch)(webhook.delivery_url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'user-agent': 'WooCommerce/9.9 Hookshot (WordPress/6.8; Sandbox)',
          'x-wc-webhook-source': `${delivery.site.url}/`,
          'x-wc-webhook-topic': webhook.topic,
          'x-wc-webhook-resource': resource!,
          'x-wc-webhook-event': event!,
          'x-wc-webhook-signature': webhookSignature(delivery.body, webhook.secret),
          'x-wc-webhook-id': String(webhook.id),
          'x-wc-webhook-delivery-id': delivery.deliveryId,
        },
        body: delivery.body,
        signal: AbortSignal.timeout(5000),
      });
      status = response.status;
      await response.body?.cancel();
    } catch {
      status = 0;
    }
    const ok = status >= 200 && status < 300;
    this.queue.delete(id);
    webhook.failure_count = ok ? 0 : webhook.failure_count + 1;
    if (webhook.failure_count >= WOOCOMMERCE_MAX_FAILURES) webhook.status = 'disabled';
    return ok ? 'sent' : 'failed';
  }

  /** Sends every delivery due at `now`, oldest due first (tests, the demo, the bench). */
  async flush(now: Date = this.deps.clock.now()): Promise<{ sent: number; failed: number }> {
    const result = { sent: 0, failed: 0 };
    const due = [...this.queue.values()]
      .filter((delivery) => delivery.state === 'pending' && delivery.dueAt <= now.getTime())
      .sort((a, b) => a.dueAt - b.dueAt || a.id - b.id);
    for (const { id } of due) {
      const outcome = await this.deliver(id, now);
      if (outcome !== 'none') result[outcome] += 1;
    }
    return result;
  }

  /** What is still queued, dropped ones included (tests read the chaos from it). */
  pending(): { id: number; topic: string; body: string; state: string; dueAt: number }[] {
    return [...this.queue.values()].map(({ id, webhook, body, state, dueAt }) => ({
      id,
      topic: webhook.topic,
      body,
      state,
      dueAt,
    }));
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
