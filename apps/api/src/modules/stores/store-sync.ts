import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { Clock } from '../../platform/clock';
import type { Db, DbOrTx } from '../../platform/db';
import type { Jobs } from '../../platform/jobs';
import { StoreApiError, type ExternalOrder } from './store-adapter';
import type { StoreAdapters } from './store-adapters';
import type { StoreDeliveries } from './store-deliveries';
import { applyPage } from './store-page-apply';
import type { StoreSessions } from './store-sessions';
import * as repository from './stores.repository';
import type { StoreRow } from './stores.repository';
import { refOf, STORE_JOBS, type StoresService } from './stores.service';

/** The reconciliation re-reads this much before its cursor: a change saved late is not missed. */
export const RECONCILE_OVERLAP_MS = 10 * 60 * 1000;
export const RECONCILE_CRON = '*/15 * * * *';

const storeJob = z.object({ storeId: z.uuid() });
const deliveryJob = z.object({ eventId: z.uuid() });

export interface StoreSyncDeps {
  db: Db;
  clock: Clock;
  log: FastifyBaseLogger;
  jobs: Pick<Jobs, 'enqueueMany'>;
  adapters: StoreAdapters;
  sessions: StoreSessions;
  stores: StoresService;
  deliveries: StoreDeliveries;
}

/**
 * What catches whatever webhooks missed: the reconciliation (cursor with overlap, the
 * platform's kept notifications, webhooks' health) and the backfill of a new store's open
 * orders. Both call the platform, so they run with no transaction open.
 */
export class StoreSync {
  constructor(private readonly deps: StoreSyncDeps) {}

  /** Enqueues every enabled store's reconciliation (the 15-minute cron). */
  async reconcileAll(tx: DbOrTx): Promise<void> {
    const rows = await repository.enabledConnectedIds(tx);
    const now = this.deps.clock.now();
    await this.deps.jobs.enqueueMany(
      tx,
      rows.map(({ id }) => ({ kind: STORE_JOBS.reconcile, payload: { storeId: id }, runAt: now })),
    );
  }

  /**
   * Every order changed since the cursor (less the overlap), all pages, each to the sink, the
   * cursor advanced only after a page is applied; then the platform's kept notifications and
   * the webhooks re-registered when the store stopped delivering.
   */
  async reconcile(storeId: string): Promise<void> {
    const store = await repository.findById(this.deps.db, storeId);
    if (!store || store.disconnectedAt || store.status === 'disabled') return;
    const startedAt = this.deps.clock.now();
    const since = new Date(
      (store.syncCursor ?? store.connectedAt).getTime() - RECONCILE_OVERLAP_MS,
    ).toISOString();
    let cursor = store.syncCursor;
    let page: string | null = null;
    do {
      const result = await this.deps.sessions.call(store, (adapter, credentials) =>
        adapter.listOrdersChangedSince(credentials, since, page),
      );
      await this.applyAll(store, result.orders);
      const newest = latest(result.orders);
      if (newest && (!cursor || newest > cursor)) cursor = newest;
      await repository.update(this.deps.db, store.id, { syncCursor: cursor });
      page = result.next;
    } while (page);
    await this.recoverMissed(store);
    const health = await this.checkWebhooks(store);
    await repository.update(this.deps.db, store.id, {
      lastSyncedAt: startedAt,
      ...(health ? { health } : {}),
    });
  }

  /**
   * A new store's open orders, page by page with progress; a restart resumes at its page. The
   * next page is read while one is applied (progress still moves only once a page is applied).
   */
  async backfill(storeId: string): Promise<void> {
    const list = (row: StoreRow, page: string | null) => {
      const listing = this.deps.sessions.call(row, (adapter, credentials) =>
        adapter.listOpenOrders(credentials, page),
      );
      // Awaited below; a page read ahead and then not needed (a failure) must not go unhandled.
      listing.catch(() => undefined);
      return listing;
    };
    const running = (row: StoreRow | undefined): row is StoreRow =>
      Boolean(row && !row.disconnectedAt && row.backfillState === 'running');
    let store = await repository.findById(this.deps.db, storeId);
    let listing = running(store) ? list(store, store.backfillPage) : null;
    while (listing && running(store)) {
      const current: StoreRow = store;
      const result = await listing;
      listing = result.next ? list(current, result.next) : null;
      await this.applyAll(current, result.orders);
      const done = current.backfillDone + result.orders.length;
      store = await repository.update(this.deps.db, current.id, {
        backfillDone: done,
        // The platform's count is of its orders (Mercado Libre counts each order of a pack); once
        // done, the total is the purchases applied, so a finished backfill never reads "3 of 4".
        backfillTotal: result.next ? (result.total ?? null) : done,
        backfillPage: result.next,
        ...(result.next
          ? {}
          : { backfillState: 'done' as const, backfillFinishedAt: this.deps.clock.now() }),
      });
    }
  }

  private async applyAll(store: StoreRow, orders: ExternalOrder[]) {
    const sink = this.deps.stores.orderSink();
    const ref = refOf(store);
    await applyPage(orders, (order) => sink.applyExternalOrder(ref, order));
  }

  /** Missed notifications the platform kept (Mercado Libre), recorded and processed once. */
  private async recoverMissed(store: StoreRow) {
    if (!this.deps.adapters[store.platform].missedDeliveries) return;
    const missed = await this.deps.sessions.call(
      store,
      (adapter, credentials) => adapter.missedDeliveries?.(credentials) ?? Promise.resolve([]),
    );
    const now = this.deps.clock.now();
    for (const delivery of missed) {
      const id = await this.deps.deliveries.accept(this.deps.db, store, delivery, now);
      if (id) {
        this.deps.log.info(
          { storeId: store.id, eventId: delivery.eventId },
          'stores: missed delivery recovered',
        );
      }
    }
  }

  /** Re-registers webhooks the store disabled (WooCommerce); the health says if that failed. */
  private async checkWebhooks(store: StoreRow): Promise<StoreRow['health'] | null> {
    const recovered = store.health === 'webhooks_failing' ? 'ok' : null;
    if (!this.deps.adapters[store.platform].webhooksHealthy) return recovered;
    const callback = this.deps.stores.callbackUrl(store);
    const healthy = await this.deps.sessions
      .call(
        store,
        async (adapter, credentials) =>
          (await adapter.webhooksHealthy?.(
            this.deps.stores.withWebhookSecret(store, credentials),
            callback,
          )) ?? true,
      )
      .catch((error: unknown) => {
        if (error instanceof StoreApiError && error.kind === 'auth') throw error;
        return false;
      });
    if (healthy) return recovered;
    this.deps.log.warn(
      { storeId: store.id },
      'stores: webhooks disabled at the store, re-registering',
    );
    return (await this.deps.stores.registerWebhooks(store)) ? 'ok' : 'webhooks_failing';
  }
}

/**
 * A store whose credentials the platform refused is marked `auth_failed` (its screen asks for
 * re-authorization); retrying the job would only be refused again, so it ends here.
 */
async function untilRevoked(work: Promise<void>): Promise<void> {
  try {
    await work;
  } catch (error) {
    if (!(error instanceof StoreApiError && error.kind === 'auth')) throw error;
  }
}

/** The stores' job kinds and how each runs; the ones calling a platform hold no transaction. */
export function registerStoreJobs(jobs: Jobs, deliveries: StoreDeliveries, sync: StoreSync) {
  const outside = { transaction: false } as const;
  jobs.register(STORE_JOBS.processDelivery, (_tx, { eventId }) => deliveries.process(eventId), {
    ...outside,
    payload: deliveryJob,
    retryDelaySeconds: 30,
  });
  jobs.register(STORE_JOBS.reconcile, (_tx, { storeId }) => untilRevoked(sync.reconcile(storeId)), {
    ...outside,
    payload: storeJob,
    singletonKey: ({ storeId }) => storeId,
    retryLimit: 3,
  });
  jobs.register(STORE_JOBS.backfill, (_tx, { storeId }) => untilRevoked(sync.backfill(storeId)), {
    ...outside,
    payload: storeJob,
    singletonKey: ({ storeId }) => storeId,
    retryLimit: 20,
    onDeadLetter: async (tx, { storeId }) => {
      await repository.update(tx, storeId, { backfillState: 'failed' });
    },
  });
  jobs.register(STORE_JOBS.reconcileAll, (tx) => sync.reconcileAll(tx), { cron: RECONCILE_CRON });
}

function latest(orders: ExternalOrder[]): Date | null {
  let newest: Date | null = null;
  for (const order of orders) {
    const at = new Date(order.updatedAt);
    if (!newest || at > newest) newest = at;
  }
  return newest;
}
