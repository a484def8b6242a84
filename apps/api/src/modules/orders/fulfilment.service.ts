import {
  type Language,
  type OrderFulfillData,
  type OrderFulfillmentView,
  type QuoteView,
} from '@despacho/domain';
import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Clock } from '../../platform/clock';
import type { Db, DbOrTx } from '../../platform/db';
import { AppError, notFound } from '../../platform/errors';
import type { DomainEvents } from '../../platform/events';
import type { FlowDefinition, Flows } from '../../platform/flows';
import type { JobContext, Jobs } from '../../platform/jobs';
import type { LocationsService } from '../addresses';
import type { InventoryService, StockLedger } from '../inventory';
import type { ProductVariantsService } from '../products';
import type { PurchaseService, QuotesService } from '../shipments';
import { StoreApiError } from '../stores';
import { fulfilFlow, PUSH_FULFILMENT_JOB, type FulfilData } from './fulfil.flow';
import * as repository from './orders.repository';
import type { OrdersService } from './orders.service';
import type { StoresForOrders } from './orders.stores';
import { orderFulfillments, orderLines } from './orders.tables';
import { shippedCause } from './orders.stock';
import { fulfillmentView } from './orders.view';

export interface FulfilmentDeps {
  db: Db;
  clock: Clock;
  jobs: Pick<Jobs, 'enqueue' | 'expedite' | 'register'>;
  flows: Pick<Flows, 'define' | 'run'>;
  stock: Pick<StockLedger, 'reserve' | 'release' | 'ship' | 'followReservation'>;
  inventory: Pick<InventoryService, 'stockLocationOf'>;
  purchase: Pick<PurchaseService, 'purchase'>;
  productVariants: Pick<ProductVariantsService, 'byIds'>;
  quotes: Pick<QuotesService, 'create'>;
  locations: Pick<LocationsService, 'get'>;
  orders: OrdersService;
  stores?: StoresForOrders | undefined;
  events: DomainEvents;
}

/** The tracking push's retries: 12 with backoff from 1 minute up to 1 hour (about 8 h). */
const PUSH_RETRIES = { retryLimit: 12, retryDelaySeconds: 60, retryDelayMaxSeconds: 3600 };

/** One fulfilment per (organization, Idempotency-Key): its id follows from them. */
function fulfillmentIdOf(organizationId: string, key: string): string {
  const hex = createHash('sha256').update(`${organizationId}:${key}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/**
 * Fulfilling orders: the quote, the fulfilment flow (fulfil.flow.ts) and the push of its
 * tracking to the store, a job retried with backoff that `StoreApiError.kind` decides on.
 */
export class FulfilmentService {
  private readonly flow: FlowDefinition<FulfilData>;

  constructor(private readonly deps: FulfilmentDeps) {
    this.flow = deps.flows.define(fulfilFlow(deps));
    deps.jobs.register(PUSH_FULFILMENT_JOB, this.pushJob, {
      ...PUSH_RETRIES,
      transaction: false,
      singletonKey: (payload) => String(payload.fulfillment_id),
      onRetry: (tx, payload, runAt) => this.pushScheduled(tx, payload, runAt),
      onDeadLetter: (tx, payload) => this.pushScheduled(tx, payload, null),
    });
  }

  /**
   * A failed push's next attempt, at the time the job's backoff set (the order shows it), or,
   * with none left, the push failed for good: the merchant retries it from the order.
   */
  private async pushScheduled(tx: DbOrTx, payload: Record<string, unknown>, at: Date | null) {
    await tx
      .update(orderFulfillments)
      .set(at ? { pushNextAttemptAt: at } : { pushState: 'failed', pushNextAttemptAt: null })
      .where(
        and(
          eq(orderFulfillments.id, String(payload.fulfillment_id)),
          eq(orderFulfillments.pushState, 'pending'),
        ),
      );
  }

  async quote(
    organizationId: string,
    id: string,
    input: Pick<OrderFulfillData, 'origin_id' | 'parcels'>,
    userId: string,
    language: Language,
  ): Promise<QuoteView> {
    const order = await repository.findOrder(this.deps.db, organizationId, id);
    if (!order) throw notFound();
    if (!order.shippingAddress) throw new AppError('ORDER_ADDRESS_DOUBTFUL');
    const origin = await this.deps.locations.get(organizationId, input.origin_id);
    const quote = await this.deps.quotes.create(
      organizationId,
      userId,
      {
        origin_zip: origin.zip,
        destination_zip: order.shippingAddress.zip,
        parcels: input.parcels,
      },
      language,
    );
    if (quote.rates.length === 0) throw new AppError('ORDER_QUOTE_EMPTY');
    return quote;
  }

  /** Drives the fulfilment flow to its end; a refusal is thrown once the run is compensated. */
  async fulfil(
    organizationId: string,
    id: string,
    input: OrderFulfillData,
    caller: { userId: string; idempotencyKey: string; language: Language },
  ): Promise<OrderFulfillmentView> {
    const fulfillmentId = fulfillmentIdOf(organizationId, caller.idempotencyKey);
    const earlier = await this.earlier(organizationId, caller.idempotencyKey);
    if (earlier && earlier.state !== 'purchasing') return earlier;
    const order = await repository.findOrder(this.deps.db, organizationId, id);
    if (!order) throw notFound();
    const outcome = await this.deps.flows.run(this.flow, {
      organizationId,
      subjectId: id,
      data: {
        order_id: id,
        fulfillment_id: fulfillmentId,
        actor_id: caller.userId,
        language: caller.language,
        request: {
          quote_id: input.quote_id,
          rate_id: input.rate_id,
          parcels: input.parcels,
          lines: input.lines,
          origin_id: input.origin_id,
        },
      },
    });
    if (outcome.refusal) throw outcome.refusal;
    return fulfillmentView(
      (await repository.findFulfillment(this.deps.db, organizationId, fulfillmentId))!,
    );
  }

  /** The fulfilment an Idempotency-Key made, if it made one. */
  async earlier(organizationId: string, key: string): Promise<OrderFulfillmentView | null> {
    const id = fulfillmentIdOf(organizationId, key);
    const row = await repository.findFulfillment(this.deps.db, organizationId, id);
    return row ? fulfillmentView(row) : null;
  }

  /**
   * A fulfilment's guide was cancelled (told in the confirmation's transaction): its shipped
   * units are back on hand, the lines want them again (reserved as far as they fit) and the
   * fulfilment is cancelled. The store keeps the fulfilment it was told of.
   */
  readonly guideCancelled = async (
    tx: DbOrTx,
    guide: { id: string; organizationId: string },
  ): Promise<void> => {
    const [row] = await tx
      .select()
      .from(orderFulfillments)
      .where(
        and(
          eq(orderFulfillments.organizationId, guide.organizationId),
          eq(orderFulfillments.shipmentId, guide.id),
          eq(orderFulfillments.state, 'bought'),
        ),
      );
    if (!row) return;
    const order = (await repository.findOrder(tx, null, row.orderId, true))!;
    const cause = shippedCause(order.id, row.id);
    await this.deps.stock.followReservation(
      order.organizationId,
      'return',
      { reservedBy: cause, cause },
      tx,
    );
    const sent = new Map(row.lines.map((line) => [line.line_id, line.quantity]));
    const lines = [];
    for (const line of await repository.findLines(tx, order.id)) {
      const quantity = Math.min(sent.get(line.id) ?? 0, line.fulfilledQuantity);
      if (quantity > 0) {
        await tx
          .update(orderLines)
          .set({ fulfilledQuantity: line.fulfilledQuantity - quantity })
          .where(eq(orderLines.id, line.id));
      }
      lines.push({ ...line, fulfilledQuantity: line.fulfilledQuantity - quantity });
    }
    await tx
      .update(orderFulfillments)
      .set({ state: 'cancelled', pushNextAttemptAt: null })
      .where(eq(orderFulfillments.id, row.id));
    await this.deps.orders.afterLinesChanged(tx, order, lines, { strict: false, actorId: null });
    await repository.addEvent(tx, {
      organizationId: order.organizationId,
      orderId: order.id,
      at: this.deps.clock.now(),
      code: 'order_fulfilment_cancelled',
      values: { tracking_number: row.trackingNumber },
    });
  };

  /** Pushes now instead of at the next retry (a failed push starts over). */
  async retryPush(organizationId: string, id: string, fulfillmentId: string) {
    const row = await repository.findFulfillment(this.deps.db, organizationId, fulfillmentId);
    if (!row || row.orderId !== id) throw notFound();
    if (
      row.state === 'bought' &&
      row.pushState !== 'pushed' &&
      row.pushState !== 'not_applicable'
    ) {
      await this.deps.db.transaction(async (tx) => {
        const now = this.deps.clock.now();
        await tx
          .update(orderFulfillments)
          .set({ pushState: 'pending', pushNextAttemptAt: now })
          .where(eq(orderFulfillments.id, fulfillmentId));
        // A retry waiting out its backoff goes now too, so the time shown holds.
        await this.deps.jobs.expedite(
          tx,
          PUSH_FULFILMENT_JOB,
          'fulfillment_id',
          [fulfillmentId],
          now,
        );
        await this.deps.jobs.enqueue(
          tx,
          PUSH_FULFILMENT_JOB,
          { fulfillment_id: fulfillmentId },
          now,
        );
      });
    }
    return fulfillmentView(
      (await repository.findFulfillment(this.deps.db, organizationId, fulfillmentId))!,
    );
  }

  /**
   * One push attempt, outside any transaction: `refused` fails it for good (the reason shown),
   * `auth` too (the store needs re-approval; the merchant retries after it), anything else is
   * thrown for the job's backoff. Every attempt lands in the order's history.
   */
  readonly pushJob = async (_db: unknown, payload: Record<string, unknown>, job: JobContext) => {
    const fulfillment = await repository.findFulfillment(
      this.deps.db,
      null,
      String(payload.fulfillment_id),
    );
    if (!fulfillment || fulfillment.pushState !== 'pending' || fulfillment.state !== 'bought')
      return;
    const order = (await repository.findOrder(this.deps.db, null, fulfillment.orderId))!;
    const stores = this.deps.stores;
    const lines = await repository.findLines(this.deps.db, order.id);
    const externalOf = new Map(lines.map((line) => [line.id, line.externalId]));
    let outcome: { state: 'pushed' | 'failed' | 'pending'; error: string | null };
    try {
      if (!stores || !order.storeId || !order.externalId)
        throw new StoreApiError('unavailable', 'no store');
      await stores.pushFulfilment(order.organizationId, order.storeId, {
        order: {
          externalId: order.externalId,
          fulfilmentTarget: order.fulfilmentTarget ?? undefined,
        },
        lines: fulfillment.lines.map((line) => ({
          externalId: externalOf.get(line.line_id) ?? line.line_id,
          quantity: line.quantity,
        })),
        trackingNumber: fulfillment.trackingNumber ?? '',
        company: fulfillment.carrier ?? '',
        trackingUrl: null,
        idempotencyKey: fulfillment.id,
      });
      outcome = { state: 'pushed', error: null };
    } catch (error) {
      if (!(error instanceof StoreApiError)) throw error;
      const final = error.kind === 'refused' || error.kind === 'auth';
      outcome = { state: final ? 'failed' : 'pending', error: `store_${error.kind}` };
    }
    const now = this.deps.clock.now();
    await this.deps.db.transaction(async (tx) => {
      await tx
        .update(orderFulfillments)
        .set({
          pushState: outcome.state,
          pushAttempts: fulfillment.pushAttempts + 1,
          pushLastError: outcome.error,
          pushedAt: outcome.state === 'pushed' ? now : null,
          pushNextAttemptAt: null,
        })
        .where(eq(orderFulfillments.id, fulfillment.id));
      await repository.addEvent(tx, {
        organizationId: order.organizationId,
        orderId: order.id,
        at: now,
        code: 'order_push',
        values: { result: outcome.error ?? 'pushed', attempt: job.attempts + 1 },
      });
      if (outcome.state !== 'pushed') return;
      await this.deps.events.emit(
        tx,
        order.organizationId,
        'order.fulfillment_pushed',
        {
          order_id: order.id,
          store_id: order.storeId!,
          tracking_number: fulfillment.trackingNumber ?? '',
        },
        `order:${order.id}`,
      );
    });
    if (outcome.state === 'pending') throw new Error(`push of ${fulfillment.id}: ${outcome.error}`);
  };
}
