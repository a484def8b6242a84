import {
  EXIT_CAUSE_TYPE,
  linesToProcess,
  type ExitCreateData,
  type ExitProcessData,
  type ExitsQuery,
  type ExitView,
  type PageMeta,
  type ShipmentParty,
} from '@despacho/domain';
import type { Clock } from '../../platform/clock';
import type { Db, DbOrTx } from '../../platform/db';
import { AppError, notFound } from '../../platform/errors';
import type { Flows } from '../../platform/flows';
import type { LocationsService } from '../addresses';
import type { CustomersService } from '../customers';
import type {
  InventoryService,
  StockCall,
  StockLedger,
  StockUnits,
  WarehousesService,
} from '../inventory';
import type { ProductVariantsService } from '../products';
import { DISPATCH_FLOW } from './dispatch.flow';
import * as repository from './exits.repository';
import type { ExitRow } from './exits.repository';
import type { ExitViews } from './exits.view';

/** An exit's units at its warehouse, under its cause, as inventory's verbs take them. */
function exitUnits(
  row: ExitRow,
  actorId: string | null,
  lines: readonly { variantId: string; quantity: number }[],
): StockCall & { lines: StockUnits[] } {
  return {
    cause: { type: EXIT_CAUSE_TYPE, id: row.id },
    location: row.warehouseId,
    actorId,
    lines: lines.map((line) => ({ variant_id: line.variantId, quantity: line.quantity })),
  };
}

export interface ExitsDeps {
  db: Db;
  clock: Clock;
  stock: StockLedger;
  flows: Pick<Flows, 'activeRun'>;
  views: ExitViews;
  inventory: Pick<InventoryService, 'availableAt'>;
  warehouses: Pick<WarehousesService, 'list'>;
  customers: Pick<CustomersService, 'get'>;
  locations: Pick<LocationsService, 'get'>;
  productVariants: Pick<ProductVariantsService, 'byIds'>;
}

/** Who creates an exit: a merchant's user, or (later) an order's fulfilment without one. */
export interface ExitCaller {
  userId: string | null;
}

/**
 * The merchant's warehouse exits (`products/outs`); staff dispatch them (dispatch.service.ts).
 * Stock changes only through the ledger, in the transaction of the status change, under the
 * exit's row lock and with the exit's keys (`exit:<id>:reserve|release`), so a double submit or
 * a race moves stock once.
 */
export class ExitsService {
  constructor(private readonly deps: ExitsDeps) {}

  /** Creates an exit `created`: independent of HTTP, so an order's fulfilment may call it. */
  async create(
    organizationId: string,
    input: ExitCreateData,
    caller: ExitCaller,
  ): Promise<ExitView> {
    const warehouse = (await this.deps.warehouses.list()).find((w) => w.id === input.warehouse_id);
    if (!warehouse) throw notFound();
    if (!warehouse.active) throw new AppError('EXIT_WAREHOUSE_ONLY');
    const destination = await this.destinationOf(organizationId, input.destination);
    const variantIds = input.lines.map((line) => line.variant_id);
    const picks = new Map(
      (await this.deps.productVariants.byIds(organizationId, variantIds)).map((p) => [p.id, p]),
    );
    if (picks.size !== new Set(variantIds).size) throw notFound();
    const now = this.deps.clock.now();
    const row = await this.deps.db.transaction((tx) =>
      repository.insertExit(
        tx,
        {
          organizationId,
          warehouseId: warehouse.id,
          destinationKind: input.destination.kind,
          destinationRef: destination.ref,
          destinationName: destination.name,
          destination: destination.party,
          reference: input.reference ?? null,
          notes: input.notes ?? null,
          createdBy: caller.userId,
          createdAt: now,
          updatedAt: now,
        },
        input.lines.map((line, position) => {
          const pick = picks.get(line.variant_id)!;
          return {
            variantId: line.variant_id,
            position,
            quantity: line.quantity,
            productName: pick.product_name,
            variantTitle: pick.title,
            sku: pick.sku,
            barcode: pick.barcode,
            satProductCode: pick.sat_product_code,
            satUnitCode: pick.sat_unit_code,
            unitValue: pick.price ?? 0,
          };
        }),
      ),
    );
    return this.view(this.deps.db, row);
  }

  async list(
    organizationId: string,
    query: ExitsQuery,
  ): Promise<{ data: ExitView[]; meta: PageMeta }> {
    const { rows, total } = await repository.listExits(this.deps.db, organizationId, query);
    return {
      data: await this.deps.views.many(this.deps.db, rows),
      meta: { page: query.page, pageSize: query.pageSize, total },
    };
  }

  /** The movement history's label of exits: their numbers, by id. */
  numbersOf(organizationId: string, ids: string[]): Promise<Map<string, string>> {
    return repository.findNumbers(this.deps.db, organizationId, ids);
  }

  async get(organizationId: string, id: string): Promise<ExitView> {
    const row = await repository.findExit(this.deps.db, organizationId, id);
    if (!row) throw notFound();
    return this.view(this.deps.db, row);
  }

  /**
   * created → processing: the lines (with the quantities given; 0 drops a line) are reserved at
   * the warehouse in the transaction of the status change. Short lines answer 409
   * EXIT_OUT_OF_STOCK naming each with what is available, and nothing is reserved.
   */
  async process(
    organizationId: string,
    id: string,
    input: ExitProcessData,
    caller: ExitCaller,
  ): Promise<ExitView> {
    let updated: ExitRow;
    try {
      // The view is read after the commit: inside, it would wait for a second connection.
      updated = await this.deps.db.transaction(async (tx) => {
        const row = await repository.findExit(tx, organizationId, id, true);
        if (!row) throw notFound();
        if (row.status !== 'created') throw new AppError('EXIT_STATUS_CONFLICT');
        const lines = await repository.findLines(tx, [id]);
        const known = new Set(lines.map((line) => line.variantId));
        if (input.quantities.some((line) => !known.has(line.variant_id))) throw notFound();
        const kept = linesToProcess(
          lines.map((line) => ({ ...line, variant_id: line.variantId })),
          input.quantities,
        );
        if (kept.length === 0) throw new AppError('EXIT_EMPTY');
        await repository.setQuantities(
          tx,
          id,
          lines.map((line) => ({
            variantId: line.variantId,
            quantity: kept.find((k) => k.variantId === line.variantId)?.quantity ?? 0,
          })),
        );
        await this.deps.stock.reserve(organizationId, exitUnits(row, caller.userId, kept), tx);
        const now = this.deps.clock.now();
        return repository.updateExit(tx, id, {
          status: 'processing',
          processingAt: now,
          updatedAt: now,
        });
      });
    } catch (error) {
      if (error instanceof AppError && error.code === 'INSUFFICIENT_STOCK') {
        throw await this.outOfStock(organizationId, id, input);
      }
      throw error;
    }
    return this.view(this.deps.db, updated);
  }

  /** Each line the warehouse cannot cover, with what is available there now. */
  private async outOfStock(organizationId: string, id: string, input: ExitProcessData) {
    const row = (await repository.findExit(this.deps.db, organizationId, id))!;
    const lines = linesToProcess(
      (await repository.findLines(this.deps.db, [id])).map((line) => ({
        ...line,
        variant_id: line.variantId,
      })),
      input.quantities,
    );
    const available = await this.deps.inventory.availableAt(
      organizationId,
      row.warehouseId,
      lines.map((line) => line.variantId),
    );
    const short = lines
      .filter((line) => line.quantity > (available.get(line.variantId) ?? 0))
      .map((line) => ({
        variant_id: line.variantId,
        sku: line.sku,
        product_name: line.productName,
        requested: line.quantity,
        available: available.get(line.variantId) ?? 0,
      }));
    return new AppError('EXIT_OUT_OF_STOCK', { lines: short });
  }

  /**
   * created or processing → cancelled; a reservation is released once (`exit:<id>:release`).
   * Cancelling a cancelled exit answers it unchanged. While staff dispatch it (a dispatch run
   * owns it, read under the exit's lock, which the run's start and end also take) it is 409
   * EXIT_DISPATCHING: the guide may be bought already. Once the dispatch is refused, it may go.
   */
  async cancel(organizationId: string, id: string, caller: ExitCaller): Promise<ExitView> {
    const cancelled = await this.deps.db.transaction(async (tx) => {
      const row = await repository.findExit(tx, organizationId, id, true);
      if (!row) throw notFound();
      if (row.status === 'cancelled') return row;
      if (row.status === 'shipped') throw new AppError('EXIT_STATUS_CONFLICT');
      if (await this.deps.flows.activeRun(tx, DISPATCH_FLOW, id)) {
        throw new AppError('EXIT_DISPATCHING');
      }
      if (row.status === 'processing') {
        const lines = (await repository.findLines(tx, [id])).filter((line) => line.quantity > 0);
        await this.deps.stock.release(organizationId, exitUnits(row, caller.userId, lines), tx);
      }
      const now = this.deps.clock.now();
      return repository.updateExit(tx, id, {
        status: 'cancelled',
        cancelledAt: now,
        updatedAt: now,
      });
    });
    return this.view(this.deps.db, cancelled);
  }

  private async destinationOf(
    organizationId: string,
    destination: ExitCreateData['destination'],
  ): Promise<{ party: ShipmentParty; name: string; ref: Record<string, string> }> {
    if (destination.kind === 'location') {
      const location = await this.deps.locations.get(organizationId, destination.location_id);
      return {
        party: {
          ...location,
          internal_number: location.internal_number,
          contact_name: location.contact_name,
          company: location.company,
          email: location.contact_email,
          phone: location.contact_phone,
        },
        name: location.alias,
        ref: { location_id: location.id },
      };
    }
    const customer = await this.deps.customers.get(organizationId, destination.customer_id);
    const address = customer.addresses.find((known) => known.id === destination.address_id);
    if (!address) throw notFound();
    return {
      party: {
        street: address.street,
        external_number: address.external_number,
        internal_number: address.internal_number,
        reference: address.reference,
        neighborhood: address.neighborhood,
        city: address.city,
        municipality: address.municipality,
        state: address.state,
        zip: address.zip,
        country: address.country,
        contact_name: address.contact_name,
        company: address.company ?? customer.company,
        email: address.contact_email ?? customer.email,
        phone: address.contact_phone,
      },
      name: [customer.name, customer.last_name].filter(Boolean).join(' '),
      ref: { customer_id: customer.id, address_id: address.id },
    };
  }

  private view(db: DbOrTx, row: ExitRow): Promise<ExitView> {
    return this.deps.views.one(db, row);
  }
}
