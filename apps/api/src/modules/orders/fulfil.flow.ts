import type { Language, OrderFulfillData, ShipmentCreateData } from '@despacho/domain';
import { eq } from 'drizzle-orm';
import type { Clock } from '../../platform/clock';
import type { DbOrTx } from '../../platform/db';
import { AppError, notFound } from '../../platform/errors';
import type { FlowDefinition } from '../../platform/flows';
import type { Jobs } from '../../platform/jobs';
import type { InventoryService, StockLedger } from '../inventory';
import type { ProductVariantsService } from '../products';
import type { PurchaseService } from '../shipments';
import * as repository from './orders.repository';
import type { OrdersService } from './orders.service';
import { reconcileReservation, shippedCause } from './orders.stock';
import { orderFulfillments, orderLines, orders, type OrderAddress } from './orders.tables';
import { fulfillmentStateOf } from './orders.view';

export const FULFIL_FLOW = 'order.fulfil';
export const PUSH_FULFILMENT_JOB = 'orders.push-fulfilment';

/** What a fulfilment run carries: the request, then what `start` read, then the guide. */
export interface FulfilData extends Record<string, unknown> {
  order_id: string;
  fulfillment_id: string;
  actor_id: string;
  language: Language;
  request: Pick<OrderFulfillData, 'quote_id' | 'rate_id' | 'parcels' | 'lines' | 'origin_id'>;
  order?: {
    organization_id: string;
    number: string;
    store_id: string | null;
    location_id: string | null;
    address: OrderAddress;
    lines: {
      line_id: string;
      variant_id: string;
      quantity: number;
      title: string;
      unit_price: number;
      sat_product_code: string | null;
      sat_unit_code: string | null;
    }[];
  };
  shipment_id?: string;
  tracking_number?: string | null;
  carrier?: string;
  service?: string;
  total?: number;
}

export interface FulfilFlowDeps {
  clock: Clock;
  jobs: Pick<Jobs, 'enqueue'>;
  stock: Pick<StockLedger, 'reserve' | 'release' | 'ship'>;
  inventory: Pick<InventoryService, 'stockLocationOf'>;
  purchase: Pick<PurchaseService, 'purchase'>;
  productVariants: Pick<ProductVariantsService, 'byIds'>;
  orders: Pick<OrdersService, 'openOrder'>;
}

/** The purchase's key: one guide per fulfilment, whatever replays it. */
export const fulfilmentGuideKey = (fulfillmentId: string) => `order-fulfillment:${fulfillmentId}`;

/**
 * Checks and prepares a fulfilment under the order's lock: nothing shipped by the platform, an
 * address SEPOMEX confirms, mapped lines with that much left; the units reserved at the origin
 * (moved there from the order's location when it ships from elsewhere; INSUFFICIENT_STOCK
 * refuses). Then the fulfilment row, `purchasing`.
 */
async function start(deps: FulfilFlowDeps, tx: DbOrTx, data: FulfilData) {
  const order = await deps.orders.openOrder(tx, null, data.order_id);
  if (order.shippedByPlatform) throw new AppError('ORDER_SHIPPED_BY_PLATFORM');
  if (!order.shippingAddress || order.addressIssues.length > 0) {
    throw new AppError('ORDER_ADDRESS_DOUBTFUL');
  }
  let lines = await repository.findLines(tx, order.id);
  const wanted = new Map(data.request.lines.map((line) => [line.line_id, line.quantity]));
  const sent = lines.filter((line) => wanted.has(line.id));
  if (sent.length !== wanted.size) throw notFound();
  if (sent.some((line) => !line.variantId)) throw new AppError('ORDER_LINES_UNMAPPED');
  if (sent.some((line) => wanted.get(line.id)! > line.quantity - line.fulfilledQuantity)) {
    throw new AppError('ORDER_QUANTITY_EXCEEDS_REMAINING');
  }
  const origin = await deps.inventory.stockLocationOf(
    order.organizationId,
    data.request.origin_id,
    tx,
  );
  if (origin !== order.locationId) {
    // Shipped from elsewhere: the reservation moves with it.
    lines = await reconcileReservation(deps.stock, tx, order, lines, {
      strict: true,
      target: () => 0,
    });
    await tx.update(orders).set({ locationId: origin }).where(eq(orders.id, order.id));
    order.locationId = origin;
  }
  await reconcileReservation(deps.stock, tx, order, lines, {
    strict: true,
    actorId: data.actor_id,
    target: (line) =>
      order.locationId && line.variantId
        ? Math.max(line.reservedQuantity, wanted.get(line.id) ?? 0)
        : 0,
  });
  // The waybill declares each product with its catalogue's SAT keys.
  const variants = new Map(
    (
      await deps.productVariants.byIds(
        order.organizationId,
        sent.map((line) => line.variantId!),
        tx,
      )
    ).map((variant) => [variant.id, variant]),
  );
  await tx.insert(orderFulfillments).values({
    id: data.fulfillment_id,
    organizationId: order.organizationId,
    orderId: order.id,
    state: 'purchasing',
    lines: data.request.lines,
    pushState: order.storeId ? 'pending' : 'not_applicable',
    createdAt: deps.clock.now(),
  });
  return {
    order: {
      organization_id: order.organizationId,
      number: order.number,
      store_id: order.storeId,
      location_id: order.locationId,
      address: order.shippingAddress,
      lines: sent.map((line) => ({
        line_id: line.id,
        variant_id: line.variantId!,
        quantity: wanted.get(line.id)!,
        title: line.title,
        unit_price: line.unitPrice,
        sat_product_code: variants.get(line.variantId!)?.sat_product_code ?? null,
        sat_unit_code: variants.get(line.variantId!)?.sat_unit_code ?? null,
      })),
    },
  };
}

/** The guide's request: the order's address, its lines declared on the first parcel. */
function guideRequest(data: FulfilData) {
  const order = data.order!;
  const address = order.address;
  return {
    location_id: data.request.origin_id,
    destination: {
      kind: 'new',
      ...address,
      internal_number: address.internal_number ?? undefined,
      reference: address.reference ?? undefined,
      company: address.company ?? undefined,
      email: address.email ?? '',
      phone: address.phone ?? '',
    } as ShipmentCreateData['destination'],
    packages: data.request.parcels.map((parcel, index) => ({
      ...parcel,
      name: undefined,
      // No variant here: the order holds the units' reservation and ships it itself.
      products:
        index === 0
          ? order.lines.map((line) => ({
              description: line.title.slice(0, 100),
              quantity: line.quantity,
              sat_product_code: line.sat_product_code ?? '',
              // A product without its unit key ships as pieces (H87), as a store sells it.
              sat_unit_code: line.sat_unit_code ?? 'H87',
              unit_value: line.unit_price,
            }))
          : [],
    })),
    insurance: null,
    quote_id: data.request.quote_id,
    rate_id: data.request.rate_id,
    reference: `Pedido ${order.number}`.slice(0, 30),
    pickup_time_range: null,
  };
}

/**
 * An order's fulfilment as a flow (decision 028):
 *
 * 1. `start` — under the order's lock: the checks, the units reserved at the origin and the
 *    fulfilment row. Compensated by marking the fulfilment failed (its reservation stays with
 *    the order, which still wants the units).
 * 2. `buy` — the guide through the one purchase path, no transaction open, keyed by the
 *    fulfilment (a crash asks again and gets the same guide). Its products name no variant, so
 *    the purchase reserves nothing: the order's reserved units are what ship.
 * 3. `settle` — in one transaction: the reserved units shipped (`order:<id>.f.<fulfilment>`,
 *    once), the lines' fulfilled quantities, the order's state, the fulfilment bought, and the
 *    tracking push enqueued for a synced order (its own retried job).
 */
export function fulfilFlow(deps: FulfilFlowDeps): FlowDefinition<FulfilData> {
  return {
    kind: FULFIL_FLOW,
    subjectType: 'order',
    busy: () => new AppError('ORDER_FULFILLING'),
    resumeJob: 'when-stopped',
    steps: [
      {
        name: 'start',
        kind: 'db',
        run: (tx, run) => start(deps, tx, run.data),
        compensate: async (tx, run) => {
          await deps.orders.openOrder(tx, null, run.data.order_id).catch(() => null);
          await tx
            .update(orderFulfillments)
            // The refusal's code (`CODE {params}` as the run keeps it), for the screen to word.
            .set({
              state: 'failed',
              error: run.error?.split(' ')[0] ?? 'GUIDE_PAYMENT_FAILED',
              pushState: 'not_applicable',
            })
            .where(eq(orderFulfillments.id, run.data.fulfillment_id));
        },
      },
      {
        name: 'buy',
        kind: 'call',
        run: async (run) => {
          const { data } = run;
          const { shipment } = await deps.purchase.purchase({
            organizationId: data.order!.organization_id,
            userId: data.actor_id,
            idempotencyKey: fulfilmentGuideKey(data.fulfillment_id),
            language: data.language,
            data: guideRequest(data),
          });
          return {
            shipment_id: shipment.id,
            tracking_number: shipment.tracking_number,
            carrier: shipment.carrier_name,
            service: shipment.service_name,
            total: shipment.charges.total,
          };
        },
        refusal: (error) => error instanceof AppError && error.code !== 'PURCHASE_IN_PROGRESS',
        answerWithNext: true,
      },
      {
        name: 'settle',
        kind: 'db',
        run: async (tx, run) => {
          const { data } = run;
          const order = data.order!;
          const row = (await repository.findOrder(tx, null, data.order_id, true))!;
          const sent = new Map(order.lines.map((line) => [line.line_id, line.quantity]));
          let lines = await repository.findLines(tx, data.order_id);
          if (order.location_id) {
            // The lines give the units up and the fulfilment reserves and ships them under its
            // own key, which a cancelled guide's return follows (`guideCancelled`).
            row.locationId = order.location_id;
            lines = await reconcileReservation(deps.stock, tx, row, lines, {
              strict: true,
              actorId: data.actor_id,
              target: (line) => Math.max(0, line.reservedQuantity - (sent.get(line.id) ?? 0)),
            });
            const call = {
              cause: shippedCause(data.order_id, data.fulfillment_id),
              location: order.location_id,
              actorId: data.actor_id,
              lines: order.lines.map((line) => ({
                variant_id: line.variant_id,
                quantity: line.quantity,
              })),
            };
            await deps.stock.reserve(order.organization_id, call, tx);
            await deps.stock.ship(order.organization_id, call, tx);
          }
          lines = await Promise.all(
            lines.map(async (line) => {
              const quantity = sent.get(line.id) ?? 0;
              if (quantity === 0) return line;
              const fulfilledQuantity = line.fulfilledQuantity + quantity;
              await tx
                .update(orderLines)
                .set({ fulfilledQuantity })
                .where(eq(orderLines.id, line.id));
              return { ...line, fulfilledQuantity };
            }),
          );
          const now = deps.clock.now();
          await tx
            .update(orders)
            .set({ fulfillmentState: fulfillmentStateOf(lines), updatedAt: now })
            .where(eq(orders.id, row.id));
          await tx
            .update(orderFulfillments)
            .set({
              state: 'bought',
              shipmentId: data.shipment_id!,
              trackingNumber: data.tracking_number ?? null,
              carrier: data.carrier ?? null,
              service: data.service ?? null,
              total: data.total ?? null,
              pushNextAttemptAt: order.store_id ? now : null,
            })
            .where(eq(orderFulfillments.id, data.fulfillment_id));
          await repository.addEvent(tx, {
            organizationId: order.organization_id,
            orderId: data.order_id,
            at: now,
            code: 'order_fulfilled',
            values: { tracking_number: data.tracking_number ?? null },
          });
          if (order.store_id) {
            await deps.jobs.enqueue(
              tx,
              PUSH_FULFILMENT_JOB,
              { fulfillment_id: data.fulfillment_id },
              now,
            );
          }
        },
      },
    ],
  };
}
