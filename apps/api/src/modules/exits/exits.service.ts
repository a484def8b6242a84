import {
  exitGuideKey,
  EXIT_CAUSE_TYPE,
  linesToProcess,
  type ExitCreateData,
  type ExitProcessData,
  type ExitQuoteData,
  type ExitShipData,
  type ExitsQuery,
  type ExitView,
  type Language,
  type PageMeta,
  type QuoteView,
  type ShipmentCreateData,
  type ShipmentParty,
  type StaffExitDetail,
  type StaffExitsQuery,
  type StaffExitView,
  type WarehouseView,
} from '@despacho/domain';
import type { AuditLog } from '../../platform/audit';
import type { Clock } from '../../platform/clock';
import type { Db, DbOrTx } from '../../platform/db';
import { AppError, notFound } from '../../platform/errors';
import type { AccountsService } from '../accounts';
import type { LocationsService } from '../addresses';
import type { CustomersService } from '../customers';
import type { InventoryService, StockLedger, WarehousesService } from '../inventory';
import type { PackagesService } from '../packages';
import type { ProductVariantsService } from '../products';
import type { PurchaseData, PurchaseService, QuotesService } from '../shipments';
import * as repository from './exits.repository';
import type { ExitLineRow, ExitRow } from './exits.repository';

export interface ExitsDeps {
  db: Db;
  clock: Clock;
  audit: AuditLog;
  stock: StockLedger;
  inventory: Pick<InventoryService, 'availableAt'>;
  warehouses: Pick<WarehousesService, 'list'>;
  customers: Pick<CustomersService, 'get'>;
  locations: Pick<LocationsService, 'get'>;
  packages: Pick<PackagesService, 'list'>;
  productVariants: Pick<ProductVariantsService, 'byIds'>;
  accounts: Pick<AccountsService, 'organizationNames'>;
  quotes: Pick<QuotesService, 'create'>;
  purchase: Pick<PurchaseService, 'purchase'>;
}

/** Who creates an exit: a merchant's user, or (later) an order's fulfilment without one. */
export interface ExitCaller {
  userId: string | null;
}

const iso = (date: Date | null) => (date ? date.toISOString() : null);

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
 * Warehouse exits (`products/outs`, `/staff/exits`). Stock changes only through the ledger, in
 * the transaction of the status change, under the exit's row lock and with the exit's keys
 * (`exit:<id>:reserve|release|ship`), so a double submit or a race moves stock once.
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
      data: await this.views(this.deps.db, rows),
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
        await this.deps.stock.reserve(
          organizationId,
          {
            cause: { type: EXIT_CAUSE_TYPE, id },
            location: row.warehouseId,
            actorId: caller.userId,
            lines: kept.map((line) => ({ variant_id: line.variantId, quantity: line.quantity })),
          },
          tx,
        );
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
   * Cancelling a cancelled exit answers it unchanged.
   */
  async cancel(organizationId: string, id: string, caller: ExitCaller): Promise<ExitView> {
    const cancelled = await this.deps.db.transaction(async (tx) => {
      const row = await repository.findExit(tx, organizationId, id, true);
      if (!row) throw notFound();
      if (row.status === 'cancelled') return row;
      if (row.status === 'shipped') throw new AppError('EXIT_STATUS_CONFLICT');
      if (row.status === 'processing') {
        const lines = (await repository.findLines(tx, [id])).filter((line) => line.quantity > 0);
        await this.deps.stock.release(
          organizationId,
          {
            cause: { type: EXIT_CAUSE_TYPE, id },
            location: row.warehouseId,
            actorId: caller.userId,
            lines: lines.map((line) => ({ variant_id: line.variantId, quantity: line.quantity })),
          },
          tx,
        );
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

  // Staff dispatch

  async queue(query: StaffExitsQuery): Promise<{ data: StaffExitView[]; meta: PageMeta }> {
    const { rows, total } = await repository.listExits(
      this.deps.db,
      null,
      { ...query, status: 'processing' },
      'oldest_processing',
    );
    const views = await this.views(this.deps.db, rows);
    return {
      data: await Promise.all(views.map((view, i) => this.staffView(rows[i]!, view))),
      meta: { page: query.page, pageSize: query.pageSize, total },
    };
  }

  async staffGet(id: string): Promise<StaffExitDetail> {
    const row = await repository.findExit(this.deps.db, null, id);
    if (!row) throw notFound();
    const [view, packages] = await Promise.all([
      this.view(this.deps.db, row),
      this.deps.packages.list(row.organizationId, { page: 1, pageSize: 100 }),
    ]);
    return {
      ...(await this.staffView(row, view)),
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
    const row = await this.processing(id);
    const warehouse = await this.warehouseOf(row.warehouseId);
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
   * Buys the guide through the one purchase path (paid from the merchant's balance, with the
   * warehouse as origin), then ships: the reserved units leave on hand (`exit:<id>:ship`) in the
   * transaction that marks the exit shipped with its guide, audited. That transaction holds the
   * exit's row lock while the guide is bought (the purchase runs on its own connections and
   * never touches exits), so a cancel sent meanwhile waits and then finds the exit shipped: no
   * guide is ever bought for a cancelled exit. A failed purchase throws as the purchase does and
   * leaves the exit processing with its reservation; after a crash between the purchase and the
   * commit, the same quote buys nothing new (its Idempotency-Key answers the guide bought).
   */
  async ship(
    id: string,
    input: ExitShipData,
    actorId: string,
    language: Language,
  ): Promise<StaffExitView> {
    const shipped = await this.deps.db.transaction(async (tx) => {
      const current = await repository.findExit(tx, null, id, true);
      if (!current) throw notFound();
      // A double submit after the exit shipped answers it as it is: nothing is bought again.
      if (current.status === 'shipped') return current;
      if (current.status !== 'processing') throw new AppError('EXIT_STATUS_CONFLICT');
      const warehouse = await this.warehouseOf(current.warehouseId);
      const lines = (await repository.findLines(tx, [id])).filter((l) => l.quantity > 0);
      const { shipment } = await this.deps.purchase.purchase({
        organizationId: current.organizationId,
        userId: actorId,
        idempotencyKey: exitGuideKey(id, input.quote_id),
        language,
        origin: partyOfWarehouse(warehouse),
        data: this.shipmentData(current, lines, input),
      });
      await this.deps.stock.ship(
        current.organizationId,
        {
          cause: { type: EXIT_CAUSE_TYPE, id },
          location: current.warehouseId,
          actorId,
          lines: lines.map((line) => ({ variant_id: line.variantId, quantity: line.quantity })),
        },
        tx,
      );
      const now = this.deps.clock.now();
      const updated = await repository.updateExit(tx, id, {
        status: 'shipped',
        shipmentId: shipment.id,
        trackingNumber: shipment.tracking_number,
        shippedAt: now,
        updatedAt: now,
      });
      await this.deps.audit.record(tx, {
        actorId,
        action: 'exit.ship',
        subjectType: 'exit',
        subjectId: id,
        organizationId: current.organizationId,
        before: { status: current.status },
        after: { status: 'shipped', shipment_id: shipment.id },
      });
      return updated;
    });
    return this.staffView(shipped, await this.view(this.deps.db, shipped));
  }

  /**
   * The purchase's request: the exit's destination as typed, its lines as the waybill's
   * products (declared on the first parcel, with their variants).
   */
  private shipmentData(row: ExitRow, lines: ExitLineRow[], input: ExitShipData): PurchaseData {
    const party = row.destination;
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
      packages: input.parcels.map((parcel, index) => ({
        ...parcel,
        name: undefined,
        products:
          index === 0
            ? lines.map((line) => ({
                description: line.productName.slice(0, 100),
                quantity: line.quantity,
                sat_product_code: line.satProductCode ?? '',
                sat_unit_code: line.satUnitCode ?? '',
                unit_value: line.unitValue,
                variant_id: line.variantId,
              }))
            : [],
      })),
      insurance: null,
      quote_id: input.quote_id,
      rate_id: input.rate_id,
      reference: `Salida ${row.number}`,
      pickup_time_range: null,
    };
  }

  private async processing(id: string): Promise<ExitRow> {
    const row = await repository.findExit(this.deps.db, null, id);
    if (!row) throw notFound();
    if (row.status !== 'processing') throw new AppError('EXIT_STATUS_CONFLICT');
    return row;
  }

  private async warehouseOf(id: string): Promise<WarehouseView> {
    const warehouse = (await this.deps.warehouses.list()).find((w) => w.id === id);
    if (!warehouse) throw notFound();
    return warehouse;
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

  private async staffView(row: ExitRow, view: ExitView): Promise<StaffExitView> {
    const names = await this.deps.accounts.organizationNames([row.organizationId]);
    return {
      ...view,
      organization: { id: row.organizationId, name: names.get(row.organizationId) ?? '' },
    };
  }

  private async view(db: DbOrTx, row: ExitRow): Promise<ExitView> {
    const [view] = await this.views(db, [row]);
    return view!;
  }

  private async views(db: DbOrTx, rows: ExitRow[]): Promise<ExitView[]> {
    const [lines, warehouses] = await Promise.all([
      repository.findLines(
        db,
        rows.map((row) => row.id),
      ),
      this.deps.warehouses.list(),
    ]);
    return rows.map((row) => {
      const warehouse = warehouses.find((w) => w.id === row.warehouseId);
      const party = row.destination;
      return {
        id: row.id,
        number: row.number,
        status: row.status,
        warehouse: {
          id: row.warehouseId,
          name: warehouse?.name ?? '',
          code: warehouse?.code ?? null,
        },
        destination: {
          kind: row.destinationKind,
          name: row.destinationName,
          address: {
            street: party.street,
            external_number: party.external_number,
            internal_number: party.internal_number,
            reference: party.reference,
            neighborhood: party.neighborhood,
            city: party.city,
            municipality: party.municipality,
            state: party.state,
            zip: party.zip,
            country: party.country,
          },
        },
        reference: row.reference,
        notes: row.notes,
        lines: lines
          .filter((line) => line.exitId === row.id && line.quantity > 0)
          .map((line) => ({
            variant_id: line.variantId,
            product_name: line.productName,
            variant_title: line.variantTitle,
            sku: line.sku,
            barcode: line.barcode,
            quantity: line.quantity,
          })),
        guide: row.shipmentId
          ? { shipment_id: row.shipmentId, tracking_number: row.trackingNumber }
          : null,
        created_at: row.createdAt.toISOString(),
        processing_at: iso(row.processingAt),
        shipped_at: iso(row.shippedAt),
        cancelled_at: iso(row.cancelledAt),
      };
    });
  }
}
