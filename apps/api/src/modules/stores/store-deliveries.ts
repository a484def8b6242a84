import type { StorePlatform } from '@despacho/domain';
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { Clock } from '../../platform/clock';
import type { Db, DbOrTx } from '../../platform/db';
import { AppError } from '../../platform/errors';
import type { FileStore } from '../../platform/files';
import type { Jobs } from '../../platform/jobs';
import type { NotificationsService } from '../notifications';
import type { VerifiedDelivery } from './store-adapter';
import type { StoreAdapters } from './store-adapters';
import type { StoreCustomerRef } from './store-order-sink';
import type { StoreSessions } from './store-sessions';
import * as repository from './stores.repository';
import type { StoreRow } from './stores.repository';
import { CUSTOMER_DATA_PURPOSE, refOf, STORE_JOBS, type StoresService } from './stores.service';

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

export interface StoreDeliveriesDeps {
  db: Db;
  clock: Clock;
  log: FastifyBaseLogger;
  jobs: Pick<Jobs, 'enqueueSql'>;
  files: Pick<FileStore, 'storeBytes'>;
  notifications: Pick<NotificationsService, 'notify'>;
  adapters: StoreAdapters;
  sessions: StoreSessions;
  stores: StoresService;
}

/**
 * What the platforms deliver: verified on the raw bytes (401 when not), recorded once per
 * (store, event) with its job enqueued in the same transaction, and answered at once — no
 * platform call in the request. The job then applies it: the order it carries or points at
 * (fetched with the store's credentials), or a compliance request honoured through the sink.
 */
export class StoreDeliveries {
  constructor(private readonly deps: StoreDeliveriesDeps) {}

  /**
   * A delivery as it arrived. One for a store not connected (or disabled) is answered 200 and
   * ignored: platforms disable endpoints that fail. Whether the store takes it is decided in the
   * statement that records it, so a store disabled a moment ago is refused at once.
   */
  async ingest(
    platform: StorePlatform,
    rawBody: Buffer,
    headers: Record<string, string | string[] | undefined>,
    storeId: string | null = null,
  ): Promise<{ received: boolean; duplicate: boolean }> {
    // Per-store secrets (WooCommerce) need the store, named in the path, before the signature.
    const byPath = storeId ? await this.pathStore(storeId) : null;
    if (storeId && (!byPath || byPath.disconnectedAt || byPath.platform !== platform)) {
      return this.ignored(platform, 'store not connected');
    }
    const secret = byPath ? this.deps.sessions.webhookSecretOf(byPath) : null;
    const delivery = this.verify(platform, rawBody, headers, secret);
    if (!delivery) throw new AppError('STORE_WEBHOOK_SIGNATURE_INVALID');
    if (delivery.topic === 'ping') return this.ignored(platform, 'ping');
    const target = byPath ? { id: byPath.id } : { platform, externalId: delivery.storeExternalId };
    const recorded = await this.record(
      this.deps.db,
      target,
      platform,
      delivery,
      this.deps.clock.now(),
    );
    if (!recorded.storeId) return this.ignored(platform, 'store not connected or disabled');
    return { received: true, duplicate: !recorded.inserted };
  }

  /**
   * Records a delivery once and enqueues its processing, if the store is still connected and
   * enabled; null when it was already recorded (or the store takes none now).
   */
  async accept(
    db: DbOrTx,
    store: StoreRow,
    delivery: VerifiedDelivery,
    now: Date,
  ): Promise<string | null> {
    const recorded = await this.record(db, { id: store.id }, store.platform, delivery, now);
    return recorded.inserted ? recorded.rowId : null;
  }

  /** The delivery's row and its job in one statement (`recordDelivery`), with the row's id. */
  private async record(
    db: DbOrTx,
    target: Parameters<typeof repository.recordDelivery>[1],
    platform: StorePlatform,
    delivery: VerifiedDelivery,
    now: Date,
  ) {
    const rowId = randomUUID();
    const enqueue = await this.deps.jobs.enqueueSql(
      [{ kind: STORE_JOBS.processDelivery, payload: { eventId: rowId }, runAt: now }],
      now,
    );
    const recorded = await repository.recordDelivery(
      db,
      target,
      {
        id: rowId,
        platform,
        eventId: delivery.eventId,
        topic: delivery.topic,
        // The order read from the delivery is what the job applies: the body it came in is not
        // kept beside it (compliance topics and pointers keep theirs, which the job reads).
        payload: delivery.order ? { ...delivery, payload: null } : delivery,
        receivedAt: now,
      },
      enqueue,
    );
    return { ...recorded, rowId };
  }

  /** Applies one delivery: the order it carries or points at, or a compliance request. */
  async process(eventId: string): Promise<void> {
    const event = await repository.findEvent(this.deps.db, eventId);
    if (!event || event.processedAt) return;
    const store = await repository.findById(this.deps.db, event.storeId);
    const finish = (result: unknown) =>
      repository.finishEvent(this.deps.db, eventId, {
        processedAt: this.deps.clock.now(),
        result,
        error: null,
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
        const pointed = delivery.orderExternalId;
        const order =
          delivery.order ??
          (pointed
            ? await this.deps.sessions.call(store, (adapter, credentials) =>
                adapter.getOrder(credentials, pointed),
              )
            : null);
        return finish({ order: order ? await sink.applyExternalOrder(ref, order) : 'none' });
      }
      case 'customers_data_request': {
        const data = await sink.exportCustomerData(ref, customerOf(delivery.payload));
        return finish({ exportFileId: await this.saveExport(store, delivery.eventId, data) });
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

  /** The customer's data as a file for the merchant to hand over, and a notification saying so. */
  private async saveExport(store: StoreRow, eventId: string, data: Record<string, unknown>) {
    return this.deps.db.transaction(async (tx) => {
      const stored = await this.deps.files.storeBytes(
        Buffer.from(JSON.stringify(data, null, 2)),
        {
          organizationId: store.organizationId,
          purpose: CUSTOMER_DATA_PURPOSE,
          kind: 'json',
          name: `datos-cliente-${eventId}.json`,
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
      return stored.id;
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
