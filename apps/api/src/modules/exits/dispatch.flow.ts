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
import { FlowRunMoved, type FlowDefinition } from '../../platform/flows';
import { applied, type AppliedRow, type StockLedger, type WarehousesService } from '../inventory';
import type { NotificationsService } from '../notifications';
import type { PurchaseData, PurchaseService } from '../shipments';
import * as repository from './exits.repository';
import type { DispatchLine, ExitRow } from './exits.repository';

/** The flow kind of an exit's dispatch; the merchant's cancel reads whether one owns the exit. */
export const DISPATCH_FLOW = 'exit.dispatch';

/** The exit as the dispatch needs it: its row and its lines to send (fixed since processed). */
interface DispatchedExit {
  exit: ExitRow;
  lines: DispatchLine[];
}

/**
 * What the process driving a dispatch keeps of it, by exit, while its request drives it: the
 * exit as `start` locked it (so `buy` and `ship` read nothing again), then the exit as `ship`
 * wrote it (the request answers from it). A run resumed elsewhere reads the exit instead.
 */
export interface InFlightDispatch {
  started?: DispatchedExit;
  shipped?: ExitRow;
}

/**
 * What a dispatch run carries: staff's request, then the guide its purchase bought (answered
 * to `ship` in memory: that step's checkpoint keeps the run's data as saved).
 */
export interface DispatchData extends Record<string, unknown> {
  exit_id: string;
  actor_id: string;
  language: Language;
  quote_id: string;
  rate_id: string;
  parcels: ExitShipData['parcels'];
  shipment_id?: string;
  tracking_number?: string | null;
  total?: number;
}

export interface DispatchFlowDeps {
  db: Db;
  clock: Clock;
  audit: AuditLog;
  stock: Pick<StockLedger, 'followReservation'>;
  warehouses: Pick<WarehousesService, 'list'>;
  purchase: Pick<PurchaseService, 'purchase'>;
  notifications: Pick<NotificationsService, 'notify'>;
  /** The dispatches this process's requests drive, by exit (InFlightDispatch). */
  inFlight: Map<string, InFlightDispatch>;
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
function shipmentData({ exit, lines }: DispatchedExit, data: DispatchData): PurchaseData {
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
          ? lines.map((line) => ({
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

/** The exit as `start` locked it, or read again (a run resumed without it). */
async function dispatched(deps: DispatchFlowDeps, exitId: string): Promise<DispatchedExit> {
  const started = deps.inFlight.get(exitId)?.started;
  if (started) return started;
  const found = await repository.findExitToDispatch(deps.db, exitId);
  if (!found) throw notFound();
  return found;
}

/**
 * An exit's dispatch as a flow (decision 028):
 *
 * 1. `start` — one statement (`in-statement`): under the exit's row lock, the exit must be
 *    processing; the run's row, inserted there, then owns it (its unique index refuses a second
 *    dispatch: EXIT_DISPATCHING; the merchant's cancel answers the same). The exit and its
 *    lines, as locked, stay with the request for the steps after it. Compensated by taking the
 *    exit's lock again, so the run ends under it: a cancel waiting there sees the exit free.
 * 2. `buy` — the guide through the one purchase path, with no transaction of ours open (the
 *    purchase's own transactions are short). Idempotent by `exit:<id>:guide:<quote>`: after a
 *    crash the same key answers the guide bought. A refusal (balance, carrier, quote) ends the
 *    run compensated: the exit stays processing with its reservation, for another quote.
 *    PURCHASE_IN_PROGRESS is not a refusal: the purchase's recovery settles it, and the run
 *    asks again. What it answers is consumed by the next step.
 * 3. `ship` — one transaction: `exit_dispatch_ship` (dispatch.functions.sql) moves the run past
 *    it (`in-statement`), ships the reserved units (inventory's `ship` verb) and the exit with
 *    its guide; then the dispatch is audited and the merchant told their balance paid the
 *    guide. It has no refusal: once the guide is bought the run only goes forward (retried by
 *    its job; after the last retry it is failed, for staff to see in `/staff/flows`).
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
        // One statement locks the exit and inserts the run when the exit is processing.
        checkpoint: 'in-statement',
        run: async (db, run, checkpoint) => {
          const found = await repository.startDispatch(db, run.data.exit_id, checkpoint);
          if (!found) throw notFound();
          // Kept whatever its status: the request answers an exit already shipped as it is.
          deps.inFlight.set(run.data.exit_id, { started: found });
          if (found.exit.status !== 'processing') throw new AppError('EXIT_STATUS_CONFLICT');
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
          const started = await dispatched(deps, data.exit_id);
          const warehouse = await warehouseOf(deps.warehouses, started.exit.warehouseId);
          const { shipment } = await deps.purchase.purchase({
            organizationId: started.exit.organizationId,
            userId: data.actor_id,
            idempotencyKey: exitGuideKey(data.exit_id, data.quote_id),
            language: data.language,
            origin: partyOfWarehouse(warehouse),
            data: shipmentData(started, data),
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
        checkpoint: 'in-statement',
        // The run owns the exit since `start` (a cancel is refused), so it is still processing
        // with these lines reserved.
        run: async (_db, run, checkpoint) => {
          const { data } = run;
          const { exit, lines } = await dispatched(deps, data.exit_id);
          const shipmentId = data.shipment_id!;
          const trackingNumber = data.tracking_number ?? null;
          const now = deps.clock.now();
          await deps.db.transaction(async (tx) => {
            await applied(
              repository
                .shipDispatched(tx, {
                  checkpoint,
                  organizationId: exit.organizationId,
                  exitId: exit.id,
                  causeType: EXIT_CAUSE_TYPE,
                  actorId: data.actor_id,
                  lines: lines.map(({ variant_id, quantity }) => ({
                    variant_id,
                    quantity,
                    location_id: exit.warehouseId,
                  })),
                  shipmentId,
                  trackingNumber,
                  now,
                })
                .then((rows) => {
                  if (rows[0]!.outcome === 'run_moved') throw new FlowRunMoved();
                  return rows as AppliedRow[];
                }),
            );
            await deps.audit.record(tx, {
              actorId: data.actor_id,
              action: 'exit.ship',
              subjectType: 'exit',
              subjectId: exit.id,
              organizationId: exit.organizationId,
              before: { status: 'processing' },
              after: { status: 'shipped', shipment_id: shipmentId },
            });
            // Staff spent the merchant's balance: the merchant hears of it, with the guide.
            await deps.notifications.notify(
              exit.organizationId,
              {
                kind: 'NOTIFICATION',
                content: {
                  code: 'exit_guide_purchased',
                  params: {
                    number: exit.number,
                    tracking_number: trackingNumber ?? shipmentId,
                    total: data.total ?? 0,
                  },
                },
                link: `/app/shippings/${shipmentId}`,
              },
              tx,
            );
          });
          const inFlight = deps.inFlight.get(data.exit_id);
          if (inFlight) {
            inFlight.shipped = {
              ...exit,
              status: 'shipped',
              shipmentId,
              trackingNumber,
              shippedAt: now,
              updatedAt: now,
            };
          }
        },
      },
    ],
  };
}
