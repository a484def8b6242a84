import { and, asc, eq, gt, gte, lte, notExists, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { randomUUID } from 'node:crypto';
import type { Clock } from '../../../platform/clock';
import type { Db, DbOrTx } from '../../../platform/db';
import type { Jobs } from '../../../platform/jobs';
import { chaosDraw } from '../shopify/shopify-sandbox.deliveries';
import type { SandboxChaos } from '../shopify/shopify-sandbox.tables';
import {
  sandboxMercadoLibreSellers,
  sandboxMercadoLibreSends,
} from './mercadolibre-sandbox.tables';
import type { MlNotification } from './mercadolibre-wire';

/** The job that sends one notification (decision 021). */
export const SANDBOX_MERCADOLIBRE_DELIVER_JOB = 'sandbox.mercadolibre.deliver';

/** Missed notifications stay readable at `/missed_feeds` this long. */
export const MISSED_FEEDS_TTL_MS = 2 * 24 * 3600 * 1000;

/** How much longer than a held-back notification a reordered one waits. */
const REORDER_MS = 2000;

/** Rows per insert, under PostgreSQL's limit of bind parameters. */
export const INSERT_CHUNK = 1000;

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
  constructor(private readonly deps: SandboxMlDeliveryDeps) {}

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
      const draw = (name: string) => chaosDraw(seller.chaos.seed, n, name);
      const chaos = seller.chaos;
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
      const dueAt =
        now.getTime() +
        (draw('delay') < chaos.delay ? chaos.delayMs : 0) +
        (draw('reorder') < chaos.reorder ? chaos.delayMs + REORDER_MS : 0);
      // A dropped one never reaches the app: Mercado Libre keeps it as missed.
      const dropped = draw('drop') < chaos.drop;
      const copies = !dropped && draw('duplicate') < chaos.duplicate ? 2 : 1;
      for (let copy = 0; copy < copies; copy += 1)
        rows.push({
          sellerId,
          notificationId: notification._id,
          notification,
          dueAt: new Date(dueAt + copy),
          state: dropped ? 'missed' : 'pending',
          createdAt: now,
        });
    }
    const queued: { id: number; dueAt: Date }[] = [];
    for (let start = 0; start < rows.length; start += INSERT_CHUNK) {
      const inserted = await tx
        .insert(sandboxMercadoLibreSends)
        .values(rows.slice(start, start + INSERT_CHUNK))
        .returning({
          id: sandboxMercadoLibreSends.id,
          dueAt: sandboxMercadoLibreSends.dueAt,
          state: sandboxMercadoLibreSends.state,
        });
      queued.push(...inserted.filter((send) => send.state === 'pending'));
    }
    if (queued.length === 0) return;
    await this.deps.jobs.enqueueMany(
      tx,
      queued.map((send) => ({
        kind: SANDBOX_MERCADOLIBRE_DELIVER_JOB,
        payload: { send_id: send.id },
        runAt: send.dueAt,
      })),
    );
  }

  /**
   * Sends one notification if it is due; not answered 200 within 500 ms it is missed, and
   * tried again later while retries remain. Claimed in one statement: one sender per send.
   */
  async deliver(
    id: number,
    now: Date = this.deps.clock.now(),
  ): Promise<'sent' | 'missed' | 'none'> {
    const [send] = await this.deps.db
      .update(sandboxMercadoLibreSends)
      .set({ state: 'missed', attempts: sql`${sandboxMercadoLibreSends.attempts} + 1` })
      .where(
        and(
          eq(sandboxMercadoLibreSends.id, id),
          eq(sandboxMercadoLibreSends.state, 'pending'),
          lte(sandboxMercadoLibreSends.dueAt, now),
        ),
      )
      .returning();
    if (!send) return 'none';
    let delivered = false;
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
      delivered = response.status === 200;
    } catch {
      // Timed out or unreachable: missed.
    }
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
        await this.deps.jobs.enqueue(tx, SANDBOX_MERCADOLIBRE_DELIVER_JOB, { send_id: id }, dueAt);
      });
    }
    return 'missed';
  }

  /** Sends every notification due at `now`, earliest first (tests, the demo, the bench). */
  async flush(now: Date = this.deps.clock.now()): Promise<{ sent: number; missed: number }> {
    const result = { sent: 0, missed: 0 };
    const due = await this.deps.db
      .select({ id: sandboxMercadoLibreSends.id })
      .from(sandboxMercadoLibreSends)
      .where(
        and(
          eq(sandboxMercadoLibreSends.state, 'pending'),
          lte(sandboxMercadoLibreSends.dueAt, now),
        ),
      )
      .orderBy(asc(sandboxMercadoLibreSends.dueAt), asc(sandboxMercadoLibreSends.id));
    for (const send of due) {
      const outcome = await this.deliver(send.id, now);
      if (outcome !== 'none') result[outcome] += 1;
    }
    return result;
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
