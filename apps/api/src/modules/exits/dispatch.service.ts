import {
  EXIT_CAUSE_TYPE,
  GUIDE_CANCELLED_SHOWN_DAYS,
  type ExitQuoteData,
  type ExitShipData,
  type Language,
  type PageMeta,
  type QuoteView,
  type StaffExitDetail,
  type StaffExitsQuery,
  type StaffExitView,
} from '@despacho/domain';
import type { DbOrTx } from '../../platform/db';
import { AppError, notFound } from '../../platform/errors';
import type { FlowDefinition, Flows } from '../../platform/flows';
import type { PackagesService } from '../packages';
import type { QuotesService } from '../shipments';
import {
  DISPATCH_FLOW,
  dispatchFlow,
  warehouseOf,
  type DispatchData,
  type DispatchFlowDeps,
  type InFlightDispatch,
} from './dispatch.flow';
import * as repository from './exits.repository';
import type { ExitRow } from './exits.repository';
import type { ExitViews } from './exits.view';

export interface DispatchDeps extends Omit<DispatchFlowDeps, 'inFlight'> {
  flows: Pick<Flows, 'activeRun' | 'define' | 'run' | 'drive'>;
  views: ExitViews;
  packages: Pick<PackagesService, 'list'>;
  quotes: Pick<QuotesService, 'create'>;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** A guide that the carrier confirmed cancelled, as the cancellation tells its followers. */
export interface CancelledGuide {
  id: string;
  organizationId: string;
  trackingNumber: string | null;
}

/**
 * Staff's dispatch console (`/staff/exits`): the queue of processing exits, the pick list, the
 * quote, and the dispatch itself as a flow (dispatch.flow.ts). Also what happens to a shipped
 * exit whose guide the merchant cancelled, and its list for staff.
 */
export class DispatchService {
  private readonly flow: FlowDefinition<DispatchData>;
  /** The dispatches this process's requests drive, until they answer (dispatch.flow.ts). */
  private readonly inFlight = new Map<string, InFlightDispatch>();

  constructor(private readonly deps: DispatchDeps) {
    this.flow = deps.flows.define(dispatchFlow({ ...deps, inFlight: this.inFlight }));
  }

  /**
   * The dispatch screen's lists: the processing exits, oldest first; or the exits whose guide
   * the merchant cancelled in the last days, newest first, for staff to unpack their parcel
   * (the units are back on hand already: `guideCancelled`).
   */
  async queue(query: StaffExitsQuery): Promise<{ data: StaffExitView[]; meta: PageMeta }> {
    const guideCancelled = query.view === 'guide_cancelled';
    const since = new Date(this.deps.clock.now().getTime() - GUIDE_CANCELLED_SHOWN_DAYS * DAY_MS);
    const { rows, total } = await repository.listExits(
      this.deps.db,
      null,
      guideCancelled
        ? { ...query, guideCancelledSince: since }
        : { ...query, status: 'processing' },
      guideCancelled ? 'newest_cancelled' : 'oldest_processing',
    );
    const views = await this.deps.views.many(this.deps.db, rows);
    return {
      data: await Promise.all(views.map((view, i) => this.deps.views.staffOf(rows[i]!, view))),
      meta: { page: query.page, pageSize: query.pageSize, total },
    };
  }

  async get(id: string): Promise<StaffExitDetail> {
    const row = await repository.findExit(this.deps.db, null, id);
    if (!row) throw notFound();
    const [view, packages] = await Promise.all([
      this.deps.views.staff(this.deps.db, row),
      this.deps.packages.list(row.organizationId, { page: 1, pageSize: 100 }),
    ]);
    return {
      ...view,
      packages: packages.data.map((pkg) => ({
        id: pkg.id,
        name: pkg.name,
        length: pkg.length,
        width: pkg.width,
        height: pkg.height,
        weight: pkg.weight,
        unit: pkg.unit,
      })),
    };
  }

  /** Rates for the packed parcels, from the warehouse to the destination, as the merchant's quote. */
  async quote(
    id: string,
    input: ExitQuoteData,
    actorId: string,
    language: Language,
  ): Promise<QuoteView> {
    const row = await repository.findExit(this.deps.db, null, id);
    if (!row) throw notFound();
    if (row.status !== 'processing') throw new AppError('EXIT_STATUS_CONFLICT');
    const warehouse = await warehouseOf(this.deps.warehouses, row.warehouseId);
    return this.deps.quotes.create(
      row.organizationId,
      actorId,
      {
        origin_zip: warehouse.address.zip,
        destination_zip: row.destination.zip,
        parcels: input.parcels,
      },
      language,
    );
  }

  /**
   * Buys the guide and ships the exit: the dispatch flow, driven here to its end. A refusal of
   * the purchase is thrown as the purchase raised it, once the run is compensated (the exit
   * processing with its reservation). The same request again (same quote) while its run is
   * under way drives that run too; another quote meanwhile is 409 EXIT_DISPATCHING. A double
   * submit after the exit shipped answers it as it is: nothing is bought again.
   */
  async ship(
    id: string,
    input: ExitShipData,
    actorId: string,
    language: Language,
  ): Promise<StaffExitView> {
    let shipped: ExitRow | undefined;
    try {
      const outcome = await this.deps.flows
        .run(this.flow, {
          // The exit's, written by the start from the exit it locks (dispatch.flow.ts).
          organizationId: null,
          subjectId: id,
          data: {
            exit_id: id,
            actor_id: actorId,
            language,
            quote_id: input.quote_id,
            rate_id: input.rate_id,
            parcels: input.parcels,
          },
        })
        .catch((error: unknown) => this.driveUnderWay(id, input, error));
      if (outcome.refusal) throw outcome.refusal;
      shipped = this.inFlight.get(id)?.shipped;
    } catch (error) {
      // A double submit after the exit shipped: answered as it is, nothing bought again.
      const found = this.inFlight.get(id)?.started?.exit;
      if (found?.status !== 'shipped') throw error;
      shipped = found;
    } finally {
      this.inFlight.delete(id);
    }
    shipped ??= (await repository.findExit(this.deps.db, null, id))!;
    return this.deps.views.staff(this.deps.db, shipped);
  }

  /** A dispatch owns the exit already: this request drives it when it is the same request. */
  private async driveUnderWay(id: string, input: ExitShipData, error: unknown) {
    if (!(error instanceof AppError && error.code === 'EXIT_DISPATCHING')) throw error;
    const underWay = await this.deps.flows.activeRun<DispatchData>(this.deps.db, DISPATCH_FLOW, id);
    if (underWay?.data.quote_id !== input.quote_id) throw error;
    return this.deps.flows.drive<DispatchData>(underWay.id);
  }

  /**
   * The carrier confirmed the cancellation of a shipped exit's guide (the merchant asked for it;
   * decision 028), in the confirmation's transaction: the goods never left the warehouse, so the
   * exit is cancelled, the units its reservation shipped are back on hand (inventory's `return`
   * following the exit's reservation, once), the exit keeps the cancelled guide as its history,
   * and the merchant is told. A guide of no exit, or of an exit not shipped, changes nothing.
   */
  readonly guideCancelled = async (tx: DbOrTx, guide: CancelledGuide): Promise<void> => {
    const row = await repository.findExitOfGuide(tx, guide.organizationId, guide.id);
    if (row?.status !== 'shipped') return;
    const exit = { type: EXIT_CAUSE_TYPE, id: row.id } as const;
    await this.deps.stock.followReservation(
      row.organizationId,
      'return',
      { reservedBy: exit, cause: exit },
      tx,
    );
    const now = this.deps.clock.now();
    await repository.updateExit(tx, row.id, {
      status: 'cancelled',
      cancelledAt: now,
      updatedAt: now,
    });
    await this.deps.notifications.notify(
      row.organizationId,
      {
        kind: 'NOTIFICATION',
        content: {
          code: 'exit_guide_cancelled',
          params: { number: row.number, tracking_number: row.trackingNumber ?? guide.id },
        },
        link: '/app/products/outs',
      },
      tx,
    );
  };
}
