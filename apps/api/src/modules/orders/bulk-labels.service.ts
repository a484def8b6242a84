import {
  type BulkCsvView,
  type BulkLabelsData,
  type BulkLabelsView,
  type Language,
  type OrderFulfillmentView,
  type RateView,
  SHIPMENT_LABELS_MAX,
} from '@despacho/domain';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Clock } from '../../platform/clock';
import type { Db } from '../../platform/db';
import { AppError, notFound } from '../../platform/errors';
import type { Jobs } from '../../platform/jobs';
import { orphansAmong, type ProcessInstance } from '../../platform/instance';
import { mergePdfs } from '../carriers';
import type { PackagesService } from '../packages';
import type { ShipmentsService } from '../shipments';
import type { LedgerService } from '../wallet';
import { resolveBulkCsv } from './bulk-csv';
import type { FulfilmentService } from './fulfilment.service';
import type { OrdersService } from './orders.service';
import * as repository from './orders.repository';
import { orderBulkItems, orderBulkRuns, orders } from './orders.tables';

export const BULK_LABELS_JOB = 'orders.bulk-labels';

/** An order's fulfilment another drive is finishing: not the order's error, a wait. */
const UNDER_WAY = new Set(['ORDER_FULFILLING', 'PURCHASE_IN_PROGRESS']);

export interface BulkLabelsDeps {
  db: Db;
  clock: Clock;
  jobs: Pick<Jobs, 'enqueue' | 'register' | 'registerSweep'>;
  /** This process, as its runs are stamped with (a killed process's runs resume elsewhere). */
  instance?: Pick<ProcessInstance, 'id'>;
  packages: Pick<PackagesService, 'get'>;
  ledger: Pick<LedgerService, 'balance'>;
  shipments: Pick<ShipmentsService, 'labels' | 'label'>;
  fulfilment: Pick<FulfilmentService, 'quote' | 'fulfil' | 'earlier'>;
  /** Names the stores a CSV's store column is compared with. */
  orders: Pick<OrdersService, 'storeNames'>;
}

/** The rate the rule picks: the cheapest, the fastest (then cheapest), or the preferred one. */
function pick(rates: RateView[], request: BulkLabelsData): RateView | undefined {
  if (request.rule === 'preferred') {
    const { carrier, service } = request.preferred!;
    return rates
      .filter((rate) => rate.carrier_key === carrier && (!service || rate.service_key === service))
      .sort((a, b) => a.total - b.total)[0];
  }
  return [...rates].sort((a, b) =>
    request.rule === 'fastest'
      ? a.transit_days.max - b.transit_days.max || a.total - b.total
      : a.total - b.total,
  )[0];
}

/**
 * Bulk labels (issue 22): up to 500 orders labelled by one rule in one background job that
 * works item by item, each through the fulfilment flow keyed by run and order (so a resumed
 * run never buys a label twice); an order's error is recorded and the rest go on.
 */
export class BulkLabelsService {
  constructor(private readonly deps: BulkLabelsDeps) {
    deps.jobs.register(BULK_LABELS_JOB, this.runJob, {
      transaction: false,
      retryLimit: 20,
      retryDelaySeconds: 30,
      // A resumed run's job is a new generation: the dead process's job stays active until
      // it expires and must not hold the run's resumption back.
      singletonKey: (payload) => `${String(payload.run_id)}:${String(payload.generation ?? 0)}`,
    });
    deps.jobs.registerSweep('orders.resume_bulk_labels', this.resumeOrphaned);
  }

  /** Gives a new job to the runs whose driving process is gone (killed mid-run). */
  readonly resumeOrphaned = (now: Date): Promise<number> =>
    this.deps.db.transaction(async (tx) => {
      const mine = this.deps.instance?.id ?? null;
      const running = await tx
        .select({ id: orderBulkRuns.id, instance: orderBulkRuns.instance })
        .from(orderBulkRuns)
        .where(eq(orderBulkRuns.state, 'running'));
      const orphans = await orphansAmong(
        tx,
        running.flatMap(({ id, instance }) =>
          instance && instance !== mine ? [{ id, instance }] : [],
        ),
      );
      for (const id of orphans) {
        // Unstamped, so the sweep's next round does not give it a second job.
        await tx.update(orderBulkRuns).set({ instance: null }).where(eq(orderBulkRuns.id, id));
        await this.deps.jobs.enqueue(
          tx,
          BULK_LABELS_JOB,
          { run_id: id, generation: now.getTime() },
          now,
        );
      }
      return orphans.length;
    });

  /** The orders a CSV of numbers names, each row with its order or why it is left out. */
  fromCsv(organizationId: string, content: Buffer): Promise<BulkCsvView> {
    return resolveBulkCsv(this.deps.db, organizationId, content, (rows) =>
      this.deps.orders.storeNames(organizationId, rows),
    );
  }

  async start(
    organizationId: string,
    input: BulkLabelsData,
    caller: { userId: string; idempotencyKey: string; language: Language },
  ): Promise<BulkLabelsView> {
    const [earlier] = await this.deps.db
      .select()
      .from(orderBulkRuns)
      .where(
        and(
          eq(orderBulkRuns.organizationId, organizationId),
          eq(orderBulkRuns.idempotencyKey, caller.idempotencyKey),
        ),
      );
    if (earlier) return this.get(organizationId, earlier.id);
    const ids = [...new Set(input.order_ids)];
    const found = await this.deps.db
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.organizationId, organizationId), inArray(orders.id, ids)));
    if (found.length !== ids.length) throw notFound();
    await this.deps.packages.get(organizationId, input.package_id);
    // Up front: the first order's cheapest rate times the orders, against what is available.
    const first = await this.deps.fulfilment
      .quote(
        organizationId,
        ids[0]!,
        this.quoteInput(input, await this.parcel(organizationId, input)),
        caller.userId,
        caller.language,
      )
      .catch(() => null);
    const estimate =
      (first?.rates.reduce((min, rate) => Math.min(min, rate.total), Infinity) ?? 0) * ids.length;
    const available = (await this.deps.ledger.balance(organizationId)).available_centavos;
    if (Number.isFinite(estimate) && estimate > available) {
      throw new AppError('BULK_LABELS_BALANCE', { estimate, available });
    }
    const id = await this.deps.db.transaction(async (tx) => {
      const now = this.deps.clock.now();
      const [run] = await tx
        .insert(orderBulkRuns)
        .values({
          organizationId,
          state: 'running',
          request: { ...input, language: caller.language },
          idempotencyKey: caller.idempotencyKey,
          userId: caller.userId,
          createdAt: now,
        })
        .onConflictDoNothing()
        .returning();
      if (!run) throw new AppError('BULK_LABELS_RUNNING');
      await tx
        .insert(orderBulkItems)
        .values(
          ids.map((orderId, position) => ({ organizationId, runId: run.id, position, orderId })),
        );
      await this.deps.jobs.enqueue(tx, BULK_LABELS_JOB, { run_id: run.id }, now);
      return run.id;
    });
    return this.get(organizationId, id);
  }

  async get(organizationId: string, id: string): Promise<BulkLabelsView> {
    const [run] = await this.deps.db
      .select()
      .from(orderBulkRuns)
      .where(and(eq(orderBulkRuns.organizationId, organizationId), eq(orderBulkRuns.id, id)));
    if (!run) throw notFound();
    const items = await this.deps.db
      .select({ item: orderBulkItems, number: orders.number })
      .from(orderBulkItems)
      .innerJoin(orders, eq(orders.id, orderBulkItems.orderId))
      .where(eq(orderBulkItems.runId, id))
      .orderBy(asc(orderBulkItems.position));
    const bought = items.filter(({ item }) => item.state === 'bought');
    return {
      id: run.id,
      state: run.state,
      created_at: run.createdAt.toISOString(),
      finished_at: run.finishedAt?.toISOString() ?? null,
      total: items.length,
      bought: bought.length,
      failed: items.filter(({ item }) => item.state === 'failed').length,
      charged: bought.reduce((sum, { item }) => sum + item.charged, 0),
      items: items.map(({ item, number }) => ({
        order_id: item.orderId,
        number,
        state: item.state,
        shipment_id: item.shipmentId,
        tracking_number: item.trackingNumber,
        error: item.error,
      })),
      labels_ready: run.state === 'done' && bought.length > 0,
    };
  }

  /** The run's labels in one PDF (or ZPL), in the order of the selection. */
  async labels(
    organizationId: string,
    id: string,
    format: 'pdf' | 'zpl',
  ): Promise<Uint8Array | string> {
    const view = await this.get(organizationId, id);
    if (!view.labels_ready) throw notFound();
    const shipmentIds = view.items.flatMap((item) => (item.shipment_id ? [item.shipment_id] : []));
    if (format === 'zpl') {
      // ZPL labels are `^XA…^XZ` documents: printers take them one after another.
      const labels = [];
      for (const shipmentId of shipmentIds) {
        labels.push((await this.deps.shipments.label(organizationId, shipmentId, 'zpl')).content);
      }
      return labels.join('\n');
    }
    const parts: Uint8Array[] = [];
    // The shipments' merge takes up to 100 guides at a time (SHIPMENT_LABELS_MAX).
    for (let at = 0; at < shipmentIds.length; at += SHIPMENT_LABELS_MAX) {
      parts.push(
        await this.deps.shipments.labels(
          organizationId,
          shipmentIds.slice(at, at + SHIPMENT_LABELS_MAX),
        ),
      );
    }
    return parts.length === 1 ? parts[0]! : mergePdfs(parts);
  }

  /** Works the pending items in order; a restart picks up at the first one still pending. */
  readonly runJob = async (_db: unknown, payload: Record<string, unknown>) => {
    const runId = String(payload.run_id);
    const [run] = await this.deps.db
      .select()
      .from(orderBulkRuns)
      .where(eq(orderBulkRuns.id, runId));
    if (!run || run.state !== 'running') return;
    // Stamped with this process: the last job to claim it drives it, an older one stops.
    const mine = this.deps.instance?.id ?? 'local';
    await this.deps.db
      .update(orderBulkRuns)
      .set({ instance: mine })
      .where(eq(orderBulkRuns.id, runId));
    const request = run.request as BulkLabelsData & { language: Language };
    const parcel = await this.parcel(run.organizationId, request);
    const pending = await this.deps.db
      .select()
      .from(orderBulkItems)
      .where(and(eq(orderBulkItems.runId, runId), eq(orderBulkItems.state, 'pending')))
      .orderBy(asc(orderBulkItems.position));
    for (const item of pending) {
      const [owner] = await this.deps.db
        .select({ instance: orderBulkRuns.instance })
        .from(orderBulkRuns)
        .where(eq(orderBulkRuns.id, runId));
      if (owner?.instance !== mine) return;
      const result = await this.labelOne(run, request, parcel, item.orderId).catch(
        (error: unknown) => {
          // Only a refusal is the order's error. Its fulfilment under way (a run a restart
          // left) or anything unexpected: the job's retry goes on from this order.
          if (!(error instanceof AppError) || UNDER_WAY.has(error.code)) throw error;
          return { state: 'failed' as const, error: error.code };
        },
      );
      await this.deps.db
        .update(orderBulkItems)
        .set(result)
        .where(and(eq(orderBulkItems.runId, runId), eq(orderBulkItems.position, item.position)));
    }
    await this.deps.db
      .update(orderBulkRuns)
      .set({ state: 'done', finishedAt: this.deps.clock.now() })
      .where(eq(orderBulkRuns.id, runId));
  };

  private async labelOne(
    run: typeof orderBulkRuns.$inferSelect,
    request: BulkLabelsData & { language: Language },
    parcel: Awaited<ReturnType<BulkLabelsService['parcel']>>,
    orderId: string,
  ) {
    const caller = { userId: run.userId, language: request.language };
    const key = `bulk:${run.id}:${orderId}`;
    // A restart finds the order's fulfilment of this run as it left it.
    const earlier = await this.deps.fulfilment.earlier(run.organizationId, key);
    // Still under way, its flow's own resume job drives it, maybe at this very moment (jobs run
    // side by side): the item waits for that (the job's retry) rather than racing it.
    if (earlier?.state === 'purchasing') throw new AppError('ORDER_FULFILLING');
    if (earlier) return this.itemOf(earlier);
    const lines = (await repository.findLines(this.deps.db, orderId))
      .filter((line) => line.quantity > line.fulfilledQuantity)
      .map((line) => ({ line_id: line.id, quantity: line.quantity - line.fulfilledQuantity }));
    if (lines.length === 0) return { state: 'skipped' as const, error: 'ORDER_FULFILLED' };
    const input = this.quoteInput(request, parcel);
    const quote = await this.deps.fulfilment.quote(
      run.organizationId,
      orderId,
      input,
      run.userId,
      request.language,
    );
    const rate = pick(quote.rates, request);
    if (!rate) return { state: 'failed' as const, error: 'ORDER_QUOTE_EMPTY' };
    const fulfilment = await this.deps.fulfilment.fulfil(
      run.organizationId,
      orderId,
      { ...input, lines, quote_id: quote.id, rate_id: rate.id },
      { ...caller, idempotencyKey: key },
    );
    return this.itemOf(fulfilment);
  }

  private itemOf(fulfilment: OrderFulfillmentView) {
    if (fulfilment.state !== 'bought') return { state: 'failed' as const, error: fulfilment.error };
    return {
      state: 'bought' as const,
      shipmentId: fulfilment.shipment_id,
      trackingNumber: fulfilment.tracking_number,
      charged: fulfilment.total ?? 0,
      error: null,
    };
  }

  private async parcel(organizationId: string, request: BulkLabelsData) {
    const saved = await this.deps.packages.get(organizationId, request.package_id);
    return {
      package_id: saved.id,
      unit: saved.unit,
      length: saved.length,
      width: saved.width,
      height: saved.height,
      weight: saved.weight,
    };
  }

  private quoteInput(
    request: BulkLabelsData,
    parcel: Awaited<ReturnType<BulkLabelsService['parcel']>>,
  ) {
    return { origin_id: request.origin_id, parcels: [parcel] };
  }
}
