import {
  exitGuideKey,
  EXIT_CAUSE_TYPE,
  type ExitShipData,
  type Language,
  type ShipmentCreateData,
  type ShipmentParty,
  type WarehouseView,
} from '@despacho/domain';
import type { AuditLog } from '../../platform/audit';
import type { Clock } from '../../platform/clock';
import type { Db } from '../../platform/db';
import { AppError, notFound } from '../../platform/errors';
import type { FlowDefinition } from '../../platform/flows';
import type { StockLedger, WarehousesService } from '../inventory';
import type { NotificationsService } from '../notifications';
import type { PurchaseData, PurchaseService } from '../shipments';
import * as repository from './exits.repository';
import type { DispatchLine, ExitRow } from './exits.repository';

/** The flow kind of an exit's dispatch; the merchant's cancel reads whether one owns the exit. */
export const DISPATCH_FLOW = 'exit.dispatch';

/** What of the exit the dispatch needs, read once by `start` under the exit's lock. */
interface DispatchedExit {
  organization_id: string;
  warehouse_id: string;
  number: number;
  destination: ExitRow['destination'];
  /** Its lines to send (set when it was processed, fixed since). */
  lines: DispatchLine[];
}

/**
 * What a dispatch run carries: staff's request, the exit as `start` read it, then the guide
 * its purchase bought.
 */
export interface DispatchData extends Record<string, unknown> {
  exit_id: string;
  actor_id: string;
  language: Language;
  quote_id: string;
  rate_id: string;
  parcels: ExitShipData['parcels'];
  exit?: DispatchedExit;
  shipment_id?: string;
  tracking_number?: string | null;
  total?: number;
}

export interface DispatchFlowDeps {
  db: Db;
  clock: Clock;
  audit: AuditLog;
  stock: Pick<StockLedger, 'ship' | 'followReservation'>;
  warehouses: Pick<WarehousesService, 'list'>;
  purchase: Pick<PurchaseService, 'purchase'>;
  notifications: Pick<NotificationsService, 'notify'>;
  /**
   * The exits this process's `ship` steps marked shipped, as written, by exit: the request that
   * drove its run answers from it instead of reading the exit again (it takes it out). A run
   * another driver finished leaves nothing here, and the request reads the exit.
   */
  shippedHere: Map<string, ExitRow>;
}

/** The waybill's sender: the warehouse, as its contact. */
function partyOfWarehouse(warehouse: WarehouseView): ShipmentParty {
  return {
    ...warehouse.address,
    contact_name: warehouse.name,
    company: null,
    email: warehouse.contact_email ?? '',
    phone: warehouse.contact_phone ?? '',
  };
}

/**
 * The purchase's request: the exit's destination as typed, its lines as the waybill's
 * products (declared on the first parcel, with their variants).
 */
function shipmentData(exit: DispatchedExit, data: DispatchData): PurchaseData {
  const party = exit.destination;
  return {
    destination: {
      kind: 'new',
      street: party.street,
      external_number: party.external_number,
      internal_number: party.internal_number ?? undefined,
      reference: party.reference ?? undefined,
      neighborhood: party.neighborhood,
      city: party.city,
      municipality: party.municipality,
      state: party.state,
      zip: party.zip,
      country: party.country,
      contact_name: party.contact_name,
      company: party.company ?? undefined,
      email: party.email,
      phone: party.phone,
    } as ShipmentCreateData['destination'],
    packages: data.parcels.map((parcel, index) => ({
      ...parcel,
      name: undefined,
      products:
        index === 0
          ? exit.lines.map((line) => ({
              description: line.product_name.slice(0, 100),
              quantity: line.quantity,
              sat_product_code: line.sat_product_code ?? '',
              sat_unit_code: line.sat_unit_code ?? '',
              unit_value: line.unit_value,
              variant_id: line.variant_id,
            }))
          : [],
    })),
    insurance: null,
    quote_id: data.quote_id,
    rate_id: data.rate_id,
    reference: `Salida ${exit.number}`,
    pickup_time_range: null,
  };
}

export async function warehouseOf(
  warehouses: Pick<WarehousesService, 'list'>,
  id: string,
): Promise<WarehouseView> {
  const warehouse = (await warehouses.list()).find((w) => w.id === id);
  if (!warehouse) throw notFound();
  return warehouse;
}

/**
 * An exit's dispatch as a flow (decision 028):
 *
 * 1. `start` — under the exit's row lock, the exit must be processing; the run's row then owns
 *    it (its unique index refuses a second dispatch: EXIT_DISPATCHING; the merchant's cancel
 *    answers the same). It records the exit and its lines for the steps after it, which need
 *    not read them again. Compensated by taking the exit's lock again, so the run ends under
 *    it: a cancel waiting there sees the exit free.
 * 2. `buy` — the guide through the one purchase path, with no transaction of ours open (the
 *    purchase's own transactions are short). Idempotent by `exit:<id>:guide:<quote>`: after a
 *    crash the same key answers the guide bought. A refusal (balance, carrier, quote) ends the
 *    run compensated: the exit stays processing with its reservation, for another quote.
 *    PURCHASE_IN_PROGRESS is not a refusal: the purchase's recovery settles it, and the run
 *    asks again. What it answers is recorded by the next step's transaction.
 * 3. `ship` — in one transaction with the run's checkpoint: the reserved units leave on hand
 *    (inventory's `ship` verb), the exit is shipped with its guide, audited, and the merchant
 *    is told their balance paid the guide. It has no refusal: once the guide is bought the run
 *    only goes forward (retried by its job; after the last retry it is failed, for staff to
 *    see in `/staff/flows`).
 */
export function dispatchFlow(deps: DispatchFlowDeps): FlowDefinition<DispatchData> {
  return {
    kind: DISPATCH_FLOW,
    subjectType: 'exit',
    // Another dispatch owns the exit: the run's unique index refused this one.
    busy: () => new AppError('EXIT_DISPATCHING'),
    // Staff's request drives it to its end; a job only for a run nobody drives.
    resumeJob: 'when-stopped',
    steps: [
      {
        name: 'start',
        kind: 'db',
        run: async (tx, run) => {
          const found = await repository.lockExitToDispatch(tx, run.data.exit_id);
          if (!found) throw notFound();
          const { exit: row, lines } = found;
          if (row.status !== 'processing') throw new AppError('EXIT_STATUS_CONFLICT');
          return {
            exit: {
              organization_id: row.organizationId,
              warehouse_id: row.warehouseId,
              number: row.number,
              destination: row.destination,
              lines,
            },
          };
        },
        compensate: async (tx, run) => {
          await repository.findExit(tx, null, run.data.exit_id, true);
        },
      },
      {
        name: 'buy',
        kind: 'call',
        run: async (run) => {
          const { data } = run;
          const exit = data.exit!;
          const warehouse = await warehouseOf(deps.warehouses, exit.warehouse_id);
          const { shipment } = await deps.purchase.purchase({
            organizationId: exit.organization_id,
            userId: data.actor_id,
            idempotencyKey: exitGuideKey(data.exit_id, data.quote_id),
            language: data.language,
            origin: partyOfWarehouse(warehouse),
            data: shipmentData(exit, data),
          });
          return {
            shipment_id: shipment.id,
            tracking_number: shipment.tracking_number,
            total: shipment.charges.total,
          };
        },
        refusal: (error) => error instanceof AppError && error.code !== 'PURCHASE_IN_PROGRESS',
        // Asked again after a crash, the purchase answers the guide its key bought.
        answerWithNext: true,
      },
      {
        name: 'ship',
        kind: 'db',
        // The run owns the exit since `start` (a cancel is refused), so what `start` read
        // still holds: the exit is processing with these lines reserved.
        run: async (tx, run) => {
          const { data } = run;
          const exit = data.exit!;
          const shipmentId = data.shipment_id!;
          await deps.stock.ship(
            exit.organization_id,
            {
              cause: { type: EXIT_CAUSE_TYPE, id: data.exit_id },
              location: exit.warehouse_id,
              actorId: data.actor_id,
              lines: exit.lines.map(({ variant_id, quantity }) => ({ variant_id, quantity })),
            },
            tx,
          );
          const now = deps.clock.now();
          const shipped = await repository.updateExit(tx, data.exit_id, {
            status: 'shipped',
            shipmentId,
            trackingNumber: data.tracking_number ?? null,
            shippedAt: now,
            updatedAt: now,
          });
          await deps.audit.record(tx, {
            actorId: data.actor_id,
            action: 'exit.ship',
            subjectType: 'exit',
            subjectId: data.exit_id,
            organizationId: exit.organization_id,
            before: { status: 'processing' },
            after: { status: 'shipped', shipment_id: shipmentId },
          });
          // Staff spent the merchant's balance: the merchant hears of it, with the guide.
          await deps.notifications.notify(
            exit.organization_id,
            {
              kind: 'NOTIFICATION',
              content: {
                code: 'exit_guide_purchased',
                params: {
                  number: exit.number,
                  tracking_number: data.tracking_number ?? shipmentId,
                  total: data.total ?? 0,
                },
              },
              link: `/app/shippings/${shipmentId}`,
            },
            tx,
          );
          deps.shippedHere.set(data.exit_id, shipped);
        },
      },
    ],
  };
}
