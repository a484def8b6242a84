import { randomUUID } from 'node:crypto';
import type { Clock } from '../../../platform/clock';
import type { Db } from '../../../platform/db';
import type { Jobs } from '../../../platform/jobs';
import { chaosDraw } from '../shopify/shopify-sandbox.deliveries';
import type { SandboxChaos } from '../shopify/shopify-sandbox.tables';
import type { MlNotification } from './mercadolibre-wire';

/** The job that sends one notification (decision 021). */
export const SANDBOX_MERCADOLIBRE_DELIVER_JOB = 'sandbox.mercadolibre.deliver';

/** Missed notifications stay readable at `/missed_feeds` this long. */
export const MISSED_FEEDS_TTL_MS = 2 * 24 * 3600 * 1000;

/** How much longer than a held-back notification a reordered one waits. */
const REORDER_MS = 2000;

/** Mercado Libre waits 500 ms for the 200; slower answers count as missed. */
const ANSWER_WITHIN_MS = 500;

/**
 * After a miss the sandbox tries again this many times, this far apart (Mercado Libre retries
 * for a while without publishing its schedule); the notification stays in `/missed_feeds`
 * until one attempt is answered.
 */
export const RETRY_DELAYS_MS = [60_000, 300_000, 900_000] as const;

interface Send {
  id: number;
  notification: MlNotification;
  dueAt: number;
  /** Sends made (a dropped one never is). */
  attempts: number;
  state: 'pending' | 'delivered' | 'missed';
}

export interface SandboxMlDeliveryDeps {
  db: Db;
  clock: Clock;
  jobs: Jobs;
  appId: string;
  /** The app's notification URL (its setting at Mercado Libre). */
  callbackUrl: string;
  fetch?: typeof fetch;
}

/**
 * The sandbox's notifications: one pointer per change, shaped by the seller's chaos switches
 * (sent twice, overtaken, never sent, held back — deterministic by seed), sent from a job, and
 * every one not answered 200 in time kept for `/missed_feeds` for 2 days.
 */
export class SandboxMlDeliveries {
  private readonly sends = new Map<number, Send>();
  private nextId = 1;

  constructor(private readonly deps: SandboxMlDeliveryDeps) {}

  /**
   * Queues the notifications of changes under their sellers' chaos switches, their sends
   * enqueued in one statement (a bulk creation of orders stays fast).
   */
  async emit(
    changes: {
      seller: { id: number; chaos: SandboxChaos; draws: number };
      topic: string;
      resource: string;
    }[],
  ): Promise<void> {
    const now = this.deps.clock.now().getTime();
    const queued: Send[] = [];
    for (const { seller, topic, resource } of changes) {
      const n = seller.draws++;
      const draw = (name: string) => chaosDraw(seller.chaos.seed, n, name);
      const chaos = seller.chaos;
      const notification: MlNotification = {
        _id: randomUUID(),
        resource,
        user_id: seller.id,
        topic,
        application_id: Number(this.deps.appId),
        attempts: 1,
        sent: new Date(now).toISOString(),
        received: new Date(now).toISOString(),
      };
      const dueAt =
        now +
        (draw('delay') < chaos.delay ? chaos.delayMs : 0) +
        (draw('reorder') < chaos.reorder ? chaos.delayMs + REORDER_MS : 0);
      // A dropped one never reaches the app: Mercado Libre keeps it as missed.
      const dropped = draw('drop') < chaos.drop;
      const copies = !dropped && draw('duplicate') < chaos.duplicate ? 2 : 1;
      for (let copy = 0; copy < copies; copy += 1) {
        const send: Send = {
          id: this.nextId++,
          notification,
          dueAt: dueAt + copy,
          attempts: 0,
          state: dropped ? 'missed' : 'pending',
        };
        this.sends.set(send.id, send);
        if (!dropped) queued.push(send);
      }
    }
    if (queued.length === 0) return;
    await this.deps.jobs.enqueueMany(
      this.deps.db,
      queued.map((send) => ({
        kind: SANDBOX_MERCADOLIBRE_DELIVER_JOB,
        payload: { send_id: send.id },
        runAt: new Date(send.dueAt),
      })),
    );
  }

  /**
   * Sends one notification if it is due; not answered 200 within 500 ms it is missed, and
   * tried again later while retries remain.
   */
  async deliver(
    id: number,
    now: Date = this.deps.clock.now(),
  ): Promise<'sent' | 'missed' | 'none'> {
    const send = this.sends.get(id);
    if (!send || send.state !== 'pending' || send.dueAt > now.getTime()) return 'none';
    send.state = 'missed';
    send.attempts += 1;
    try {
      const response = await (this.deps.fetch ?? fetch)(this.deps.callbackUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          ...send.notification,
          attempts: send.attempts,
          sent: now.toISOString(),
        }),
        signal: AbortSignal.timeout(ANSWER_WITHIN_MS),
      });
      await response.body?.cancel();
      if (response.status === 200) send.state = 'delivered';
    } catch {
      // Timed out or unreachable: missed.
    }
    if (send.state === 'delivered') return 'sent';
    const retry = RETRY_DELAYS_MS[send.attempts - 1];
    if (retry !== undefined) {
      send.state = 'pending';
      send.dueAt = now.getTime() + retry;
      await this.deps.jobs.enqueue(
        this.deps.db,
        SANDBOX_MERCADOLIBRE_DELIVER_JOB,
        { send_id: send.id },
        new Date(send.dueAt),
      );
    }
    return 'missed';
  }

  /** Sends every notification due at `now`, earliest first (tests, the demo, the bench). */
  async flush(now: Date = this.deps.clock.now()): Promise<{ sent: number; missed: number }> {
    const result = { sent: 0, missed: 0 };
    const due = [...this.sends.values()]
      .filter((send) => send.state === 'pending' && send.dueAt <= now.getTime())
      .sort((a, b) => a.dueAt - b.dueAt || a.id - b.id);
    for (const send of due) {
      const outcome = await this.deliver(send.id, now);
      if (outcome !== 'none') result[outcome] += 1;
    }
    return result;
  }

  /** The app's missed notifications of the last 2 days (`/missed_feeds`), oldest first. */
  missed(now: Date = this.deps.clock.now()): MlNotification[] {
    const since = now.getTime() - MISSED_FEEDS_TTL_MS;
    const delivered = new Set(
      [...this.sends.values()]
        .filter((send) => send.state === 'delivered')
        .map((send) => send.notification._id),
    );
    const missed = new Map<string, MlNotification>();
    for (const send of this.sends.values()) {
      const id = send.notification._id;
      const failed = send.state === 'missed' || (send.state === 'pending' && send.attempts > 0);
      if (failed && !delivered.has(id) && Date.parse(send.notification.sent) >= since)
        missed.set(id, send.notification);
    }
    return [...missed.values()];
  }

  /** Every notification of a seller with its fate, for the admin page and tests. */
  of(sellerId: number) {
    return [...this.sends.values()]
      .filter((send) => send.notification.user_id === sellerId)
      .map((send) => ({
        id: send.notification._id,
        resource: send.notification.resource,
        state: send.state,
      }));
  }
}
