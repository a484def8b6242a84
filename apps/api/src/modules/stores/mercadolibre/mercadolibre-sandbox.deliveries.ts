import { and, asc, eq, gt, gte, notExists, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { randomUUID } from 'node:crypto';
import type { Clock } from '../../../platform/clock';
import type { Db, DbOrTx } from '../../../platform/db';
import type { Jobs } from '../../../platform/jobs';
import { chaosFate, SandboxDeliveryQueue } from '../store-sandbox-deliveries';
import type { SandboxChaos } from '../store-sandbox-deliveries';
import {
  sandboxMercadoLibreSellers,
  sandboxMercadoLibreSends,
} from './mercadolibre-sandbox.tables';
import type { MlNotification } from './mercadolibre-wire';

/** The job that sends one notification (decision 021). */
export const SANDBOX_MERCADOLIBRE_DELIVER_JOB = 'sandbox.mercadolibre.deliver';

/** Missed notifications stay readable at `/missed_feeds` this long. */
export const MISSED_FEEDS_TTL_MS = 2 * 24 * 3600 * 1000;

/** Mercado Libre waits 500 ms for the 200; slower answers count as missed. */
const ANSWER_WITHIN_MS = 500;

/**
 * After a miss the sandbox tries again this many times, this far apart (Mercado Libre retries
 * for a while without publishing its schedule); the notification stays in `/missed_feeds`
 * until one attempt is answered.
 */
export const RETRY_DELAYS_MS = [60_000, 300_000, 900_000] as const;

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
 * every one not answered 200 in time kept for `/missed_feeds` for 2 days. Each send is a row of
 * `sandbox_mercadolibre_sends`, so a restart loses none.
 */
export class SandboxMlDeliveries {
  readonly queue: SandboxDeliveryQueue<typeof sandboxMercadoLibreSends>;

  constructor(private readonly deps: SandboxMlDeliveryDeps) {
    this.queue = new SandboxDeliveryQueue(deps, {
      table: sandboxMercadoLibreSends,
      dueAt: sandboxMercadoLibreSends.dueAt,
      job: SANDBOX_MERCADOLIBRE_DELIVER_JOB,
      payloadKey: 'send_id',
    });
  }

  /**
   * Queues the notifications of changes under their sellers' chaos switches, in the caller's
   * transaction, their sends enqueued in one statement (a bulk creation of orders stays fast).
   */
  async emit(tx: DbOrTx, changes: { sellerId: number; topic: string; resource: string }[]) {
    if (changes.length === 0) return;
    const now = this.deps.clock.now();
    // Each seller's next draws, taken in one update so concurrent changes never share one.
    const draws = new Map<number, { chaos: SandboxChaos; next: number }>();
    for (const sellerId of new Set(changes.map((change) => change.sellerId))) {
      const count = changes.filter((change) => change.sellerId === sellerId).length;
      const [row] = await tx
        .update(sandboxMercadoLibreSellers)
        .set({ chaosDraws: sql`${sandboxMercadoLibreSellers.chaosDraws} + ${count}` })
        .where(eq(sandboxMercadoLibreSellers.id, sellerId))
        .returning({
          chaos: sandboxMercadoLibreSellers.chaos,
          draws: sandboxMercadoLibreSellers.chaosDraws,
        });
      if (!row) throw new Error(`Sandbox seller ${sellerId} does not exist`);
      draws.set(sellerId, { chaos: row.chaos, next: row.draws - count });
    }
    const rows: (typeof sandboxMercadoLibreSends.$inferInsert)[] = [];
    for (const { sellerId, topic, resource } of changes) {
      const seller = draws.get(sellerId)!;
      const n = seller.next++;
      const notification: MlNotification = {
        _id: randomUUID(),
        resource,
        user_id: sellerId,
        topic,
        application_id: Number(this.deps.appId),
        attempts: 1,
        sent: now.toISOString(),
        received: now.toISOString(),
      };
      // A dropped one never reaches the app: Mercado Libre keeps it as missed.
      const fate = chaosFate(seller.chaos, n, now.getTime());
      for (const dueAt of fate.dueAts)
        rows.push({
          sellerId,
          notificationId: notification._id,
          notification,
          dueAt,
          state: fate.dropped ? 'missed' : 'pending',
          createdAt: now,
        });
    }
    await this.queue.queue(tx, rows);
  }

  /**
   * Sends one notification if it is due; not answered 200 within 500 ms it is missed, and
   * tried again later while retries remain. Claimed in one statement: one sender per send.
   */
  async deliver(
    id: number,
    now: Date = this.deps.clock.now(),
  ): Promise<'sent' | 'missed' | 'none'> {
    const send = await this.queue.claim(id, now, {
      state: 'missed',
      attempts: sql`${sandboxMercadoLibreSends.attempts} + 1`,
    });
    if (!send) return 'none';
    const status = await this.queue.post(
      this.deps.callbackUrl,
      { 'content-type': 'application/json' },
      JSON.stringify({ ...send.notification, attempts: send.attempts, sent: now.toISOString() }),
      ANSWER_WITHIN_MS,
    );
    // Unanswered in time, unreachable or not a 200: missed.
    const delivered = status === 200;
    if (delivered) {
      await this.deps.db
        .update(sandboxMercadoLibreSends)
        .set({ state: 'delivered' })
        .where(eq(sandboxMercadoLibreSends.id, id));
      return 'sent';
    }
    const retry = RETRY_DELAYS_MS[send.attempts - 1];
    if (retry !== undefined) {
      const dueAt = new Date(now.getTime() + retry);
      await this.deps.db.transaction(async (tx) => {
        await tx
          .update(sandboxMercadoLibreSends)
          .set({ state: 'pending', dueAt })
          .where(eq(sandboxMercadoLibreSends.id, id));
        await this.queue.requeue(tx, id, dueAt);
      });
    }
    return 'missed';
  }

  /** Sends every notification due at `now`, earliest first (tests, the demo, the bench). */
  flush(now: Date = this.deps.clock.now()): Promise<{ sent: number; missed: number }> {
    return this.queue.flush(now, (id, at) => this.deliver(id, at), { sent: 0, missed: 0 });
  }

  /** The app's missed notifications of the last 2 days (`/missed_feeds`), oldest first. */
  async missed(now: Date = this.deps.clock.now()): Promise<MlNotification[]> {
    const since = new Date(now.getTime() - MISSED_FEEDS_TTL_MS);
    const sends = sandboxMercadoLibreSends;
    const delivered = alias(sandboxMercadoLibreSends, 'delivered');
    const rows = await this.deps.db
      .selectDistinctOn([sends.notificationId], {
        notificationId: sends.notificationId,
        notification: sends.notification,
        id: sends.id,
      })
      .from(sends)
      .where(
        and(
          or(eq(sends.state, 'missed'), and(eq(sends.state, 'pending'), gt(sends.attempts, 0))),
          gte(sends.createdAt, since),
          notExists(
            this.deps.db
              .select({ one: sql`1` })
              .from(delivered)
              .where(
                and(
                  eq(delivered.notificationId, sends.notificationId),
                  eq(delivered.state, 'delivered'),
                ),
              ),
          ),
        ),
      )
      .orderBy(sends.notificationId, asc(sends.id));
    return rows.sort((a, b) => a.id - b.id).map((row) => row.notification);
  }

  /** Every notification of a seller with its fate, for the admin page and tests. */
  async of(sellerId: number) {
    const rows = await this.deps.db
      .select()
      .from(sandboxMercadoLibreSends)
      .where(eq(sandboxMercadoLibreSends.sellerId, sellerId))
      .orderBy(asc(sandboxMercadoLibreSends.id));
    return rows.map((send) => ({
      id: send.notificationId,
      resource: send.notification.resource,
      state: send.state as 'pending' | 'delivered' | 'missed',
    }));
  }
}
