import type { StorePlatform } from '@despacho/domain';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { Clock } from '../../platform/clock';
import type { Db, DbOrTx } from '../../platform/db';
import { AppError } from '../../platform/errors';
import type { FileStore } from '../../platform/files';
import type { Jobs } from '../../platform/jobs';
import type { NotificationsService } from '../notifications';
import {
  StoreApiError,
  type ExternalOrder,
  type StoreCredentials,
  type VerifiedDelivery,
} from './store-adapter';
import type { StoreAdapters } from './store-adapters';
import type { StoreCustomerRef } from './store-order-sink';
import type { StoreSessions } from './store-sessions';
import * as repository from './stores.repository';
import type { StoreRow } from './stores.repository';
import { CUSTOMER_DATA_PURPOSE, refOf, STORE_JOBS, type StoresService } from './stores.service';

/** The reconciliation re-reads this much before its cursor: a change saved late is not missed. */
export const RECONCILE_OVERLAP_MS = 10 * 60 * 1000;
export const RECONCILE_CRON = '*/15 * * * *';

const storeJob = z.object({ storeId: z.uuid() });
const deliveryJob = z.object({ eventId: z.uuid() });

/** Shopify's compliance payloads (customers/data_request, customers/redact), as documented. */
const compliancePayload = z.looseObject({
  customer: z.looseObject({ email: z.string().nullish(), phone: z.string().nullish() }).nullish(),
  orders_requested: z.array(z.union([z.number(), z.string()])).nullish(),
  orders_to_redact: z.array(z.union([z.number(), z.string()])).nullish(),
});

function customerOf(payload: unknown): StoreCustomerRef {
  const parsed = compliancePayload.safeParse(payload);
  const data = parsed.success ? parsed.data : {};
  return {
    email: data.customer?.email ?? null,
    phone: data.customer?.phone ?? null,
    orderExternalIds: [...(data.orders_requested ?? []), ...(data.orders_to_redact ?? [])].map(
      String,
    ),
  };
}

export interface StoreSyncDeps {
  db: Db;
  clock: Clock;
  log: FastifyBaseLogger;
  jobs: Jobs;
  files: FileStore;
  notifications: NotificationsService;
  adapters: StoreAdapters;
  sessions: StoreSessions;
  stores: StoresService;
}

/**
 * What keeps a store's orders equal to the platform's: webhook deliveries accepted (verified on
 * their raw bytes, stored once, a job enqueued in the same transaction) and processed by a job;
 * the reconciliation (cursor with overlap, missed deliveries, webhooks' health); the backfill of
 * a new store's open orders. Every job that calls the platform runs with no transaction open.
 */
export class StoreSync {
  constructor(private readonly deps: StoreSyncDeps) {}

  register(jobs: Jobs): void {
    const outside = { transaction: false } as const;
    jobs.register(STORE_JOBS.processDelivery, (_tx, { eventId }) => this.processDelivery(eventId), {
      ...outside,
      payload: deliveryJob,
      retryDelaySeconds: 30,
    });
    jobs.register(
      STORE_JOBS.reconcile,
      (_tx, { storeId }) => untilRevoked(this.reconcile(storeId)),
      {
        ...outside,
        payload: storeJob,
        singletonKey: ({ storeId }) => storeId,
        retryLimit: 3,
      },
    );
    jobs.register(STORE_JOBS.backfill, (_tx, { storeId }) => untilRevoked(this.backfill(storeId)), {
      ...outside,
      payload: storeJob,
      singletonKey: ({ storeId }) => storeId,
      retryLimit: 20,
      onDeadLetter: (tx, { storeId }) =>
        repository.update(tx, storeId, { backfillState: 'failed' }).then(() => undefined),
    });
    jobs.register(STORE_JOBS.reconcileAll, (tx) => this.reconcileAll(tx), {
      cron: RECONCILE_CRON,
    });
  }

  /**
   * A delivery as it arrived: verified by the platform's adapter (401 when not), recorded once
   * per event and its job enqueued in the same transaction. No platform call happens here. A
   * delivery for a store not connected (or disabled) is answered 200 and ignored: platforms
   * disable endpoints that fail.
   */
  async ingest(
    platform: StorePlatform,
    rawBody: Buffer,
    headers: Record<string, string | string[] | undefined>,
    storeId: string | null = null,
  ): Promise<{ received: boolean; duplicate: boolean }> {
    const byPath = storeId ? await this.pathStore(storeId) : null;
    if (storeId && (!byPath || byPath.disconnectedAt || byPath.platform !== platform)) {
      return this.ignored(platform, 'store not connected');
    }
    const secret = byPath ? this.deps.sessions.webhookSecretOf(byPath) : null;
    const delivery = this.verify(platform, rawBody, headers, secret);
    if (!delivery) throw new AppError('STORE_WEBHOOK_SIGNATURE_INVALID');
    const store =
      byPath ?? (await repository.findByExternal(this.deps.db, platform, delivery.storeExternalId));
    if (!store || store.disconnectedAt || store.status === 'disabled') {
      return this.ignored(platform, 'store not connected or disabled');
    }
    const now = this.deps.clock.now();
    const inserted = await this.deps.db.transaction(async (tx) => {
      const id = await this.record(tx, store, delivery, now);
      if (id) await this.deps.jobs.enqueue(tx, STORE_JOBS.processDelivery, { eventId: id }, now);
      return id;
    });
    return { received: true, duplicate: inserted === null };
  }

  /** Applies one delivery: the order it carries or points at, or a compliance request. */
  async processDelivery(eventId: string): Promise<void> {
    const event = await repository.findEvent(this.deps.db, eventId);
    if (!event || event.processedAt) return;
    const store = await repository.findById(this.deps.db, event.storeId);
    const finish = (result: unknown, error: string | null = null) =>
      repository.finishEvent(this.deps.db, eventId, {
        processedAt: this.deps.clock.now(),
        result,
        error,
      });
    if (!store || store.disconnectedAt || event.payload === null) return finish({ ignored: true });
    const delivery = event.payload as VerifiedDelivery;
    const sink = this.deps.stores.orderSink();
    const ref = refOf(store);
    switch (delivery.topic) {
      case 'order':
      case 'order_cancelled':
      case 'shipment': {
        if (store.status === 'disabled') return finish({ ignored: true });
        const order =
          delivery.order ??
          (delivery.orderExternalId
            ? await this.withCredentials(store, (adapter, credentials) =>
                adapter.getOrder(credentials, delivery.orderExternalId!),
              )
            : null);
        return finish({ order: order ? await sink.applyExternalOrder(ref, order) : 'none' });
      }
      case 'customers_data_request': {
        const data = await sink.exportCustomerData(ref, customerOf(delivery.payload));
        const file = await this.deps.db.transaction(async (tx) => {
          const stored = await this.deps.files.storeBytes(
            Buffer.from(JSON.stringify(data, null, 2)),
            {
              organizationId: store.organizationId,
              purpose: CUSTOMER_DATA_PURPOSE,
              kind: 'json',
              name: `datos-cliente-${delivery.eventId}.json`,
            },
            tx,
          );
          await this.deps.notifications.notify(
            store.organizationId,
            {
              kind: 'NOTIFICATION',
              content: { code: 'store_customer_data_request', params: { store: store.name } },
              // The stores screen offers the file's download (`storesContract.customerData`).
              link: `/app/settings/marketplaces?customer_data=${stored.id}`,
            },
            tx,
          );
          return stored;
        });
        return finish({ exportFileId: file.id });
      }
      case 'customers_redact':
        return finish({
          redactedOrders: await sink.redactCustomer(ref, customerOf(delivery.payload)),
        });
      case 'shop_redact': {
        const redacted = await sink.redactStore(ref);
        await repository.erasePayloads(this.deps.db, store.id);
        return finish({ redactedOrders: redacted });
      }
      default:
        return finish({ ignored: true });
    }
  }

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
   * Catches what webhooks missed: every order changed since the cursor (less the overlap), all
   * pages, each to the sink, the cursor advanced only after a page is applied; the platform's
   * kept notifications; the webhooks re-registered when the store stopped delivering.
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
      const result = await this.withCredentials(store, (adapter, credentials) =>
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

  /** A new store's open orders, page by page with progress; a restart resumes at its page. */
  async backfill(storeId: string): Promise<void> {
    let store = await repository.findById(this.deps.db, storeId);
    while (store && !store.disconnectedAt && store.backfillState === 'running') {
      const current: StoreRow = store;
      const result = await this.withCredentials(current, (adapter, credentials) =>
        adapter.listOpenOrders(credentials, current.backfillPage),
      );
      await this.applyAll(current, result.orders);
      const done = current.backfillDone + result.orders.length;
      store = await repository.update(this.deps.db, current.id, {
        backfillDone: done,
        backfillTotal: result.total ?? (result.next ? null : done),
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
    for (const order of orders) await sink.applyExternalOrder(ref, order);
  }

  /** Missed notifications the platform kept (Mercado Libre), recorded and processed once. */
  private async recoverMissed(store: StoreRow) {
    const adapter = this.deps.adapters[store.platform];
    if (!adapter.missedDeliveries) return;
    const missed = await this.withCredentials(store, (_adapter, credentials) =>
      adapter.missedDeliveries!(credentials),
    );
    const now = this.deps.clock.now();
    for (const delivery of missed) {
      const id = await this.deps.db.transaction(async (tx) => {
        const inserted = await this.record(tx, store, delivery, now);
        if (inserted) {
          await this.deps.jobs.enqueue(tx, STORE_JOBS.processDelivery, { eventId: inserted }, now);
        }
        return inserted;
      });
      if (id)
        this.deps.log.info(
          { storeId: store.id, eventId: delivery.eventId },
          'stores: missed delivery recovered',
        );
    }
  }

  /** Re-registers webhooks the store disabled (WooCommerce); the health says if that failed. */
  private async checkWebhooks(store: StoreRow): Promise<StoreRow['health'] | null> {
    const adapter = this.deps.adapters[store.platform];
    if (!adapter.webhooksHealthy) return store.health === 'webhooks_failing' ? 'ok' : null;
    const credentials = this.deps.stores.withWebhookSecret(
      store,
      await this.deps.sessions.credentialsOf(store),
    );
    const callback = this.deps.stores.callbackUrl(store);
    if (await adapter.webhooksHealthy(credentials, callback).catch(() => false)) {
      return store.health === 'webhooks_failing' ? 'ok' : null;
    }
    this.deps.log.warn(
      { storeId: store.id },
      'stores: webhooks disabled at the store, re-registering',
    );
    return (await this.deps.stores.registerWebhooks(store)) ? 'ok' : 'webhooks_failing';
  }

  private async withCredentials<T>(
    store: StoreRow,
    call: (adapter: StoreAdapters[StorePlatform], credentials: StoreCredentials) => Promise<T>,
  ): Promise<T> {
    const adapter = this.deps.adapters[store.platform];
    try {
      return await call(adapter, await this.deps.sessions.credentialsOf(store));
    } catch (error) {
      if (error instanceof StoreApiError && error.kind === 'auth') {
        await repository.update(this.deps.db, store.id, { health: 'auth_failed' });
      }
      throw error;
    }
  }

  private record(tx: DbOrTx, store: StoreRow, delivery: VerifiedDelivery, now: Date) {
    return repository.insertEventOnce(tx, {
      organizationId: store.organizationId,
      storeId: store.id,
      platform: store.platform,
      eventId: delivery.eventId,
      topic: delivery.topic,
      payload: delivery,
      receivedAt: now,
    });
  }

  /** The adapter's verdict; a body it cannot even read is as unverified as a bad signature. */
  private verify(
    platform: StorePlatform,
    rawBody: Buffer,
    headers: Record<string, string | string[] | undefined>,
    secret: string | null,
  ): VerifiedDelivery | null {
    try {
      return this.deps.adapters[platform].verifyWebhook(rawBody, headers, secret);
    } catch (error) {
      this.deps.log.warn({ platform, err: error }, 'stores: webhook delivery unreadable');
      return null;
    }
  }

  private async pathStore(storeId: string) {
    if (!z.uuid().safeParse(storeId).success) return undefined;
    return repository.findById(this.deps.db, storeId);
  }

  private ignored(platform: StorePlatform, reason: string) {
    this.deps.log.info({ platform, reason }, 'stores: webhook delivery ignored');
    return { received: false, duplicate: false };
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

function latest(orders: ExternalOrder[]): Date | null {
  let newest: Date | null = null;
  for (const order of orders) {
    const at = new Date(order.updatedAt);
    if (!newest || at > newest) newest = at;
  }
  return newest;
}
