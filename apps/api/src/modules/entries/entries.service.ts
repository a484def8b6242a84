import {
  missingProductData,
  type EntriesQuery,
  type EntryData,
  type EntryListItem,
  type EntryView,
  type PageMeta,
} from '@despacho/domain';
import type { Clock } from '../../platform/clock';
import type { Db } from '../../platform/db';
import { AppError, notFound } from '../../platform/errors';
import type { FileStore } from '../../platform/files';
import type { InventoryService, StockLedger, WarehousesService } from '../inventory';
import type { ProductVariantsService } from '../products';
import * as repository from './entries.repository';
import { ENTRY_CAUSE, entryPhoto, readEntryView } from './entry-records';
import { listItem } from './entry-view';

type Deps = {
  db: Db;
  clock: Clock;
  files: FileStore;
  stock: StockLedger;
  inventory: Pick<InventoryService, 'locations'>;
  warehouses: Pick<WarehousesService, 'list'>;
  productVariants: Pick<ProductVariantsService, 'byIds'>;
};

/**
 * Warehouse entries (issue 15), the merchant's side: goods announced to a platform warehouse
 * (incoming up), followed, cancelled while nothing arrived, incidents answered. The warehouse's
 * side — counting, incidents, closing — is `ReceivingService`.
 */
export class EntriesService {
  constructor(private readonly deps: Deps) {}

  /** The active platform warehouses, as the entry form offers them. */
  async warehouses(organizationId: string) {
    const locations = await this.deps.inventory.locations(organizationId);
    return locations
      .filter((location) => location.kind === 'warehouse' && location.active)
      .map((location) => ({ id: location.id, name: location.name, code: location.code ?? '' }));
  }

  async list(
    organizationId: string,
    query: EntriesQuery,
  ): Promise<{ data: EntryListItem[]; meta: PageMeta }> {
    const [{ rows, total }, warehouses] = await Promise.all([
      repository.listEntries(this.deps.db, organizationId, query),
      this.deps.warehouses.list(),
    ]);
    return {
      data: rows.map((row) => listItem(row, warehouses)),
      meta: { page: query.page, pageSize: query.pageSize, total },
    };
  }

  /**
   * Numbered under the organization's counter row, announced to the ledger (incoming up) in the
   * same transaction. Lines whose product lacks what a warehouse needs are refused all at once,
   * each with what it lacks (spec §8: missing product data must be filled in).
   */
  async create(organizationId: string, input: EntryData, actorId: string): Promise<EntryView> {
    const locations = await this.deps.inventory.locations(organizationId);
    const warehouse = locations.find(
      (location) => location.id === input.warehouse_id && location.kind === 'warehouse',
    );
    if (!warehouse) throw notFound();
    const ids = input.lines.map((line) => line.variant_id);
    const variants = await this.deps.productVariants.byIds(organizationId, ids);
    if (variants.length !== ids.length) throw notFound();
    const missing = input.lines.flatMap((line, index) => {
      const lacking = missingProductData(variants.find((v) => v.id === line.variant_id)!);
      return lacking.length > 0 ? [{ index, variant_id: line.variant_id, missing: lacking }] : [];
    });
    if (missing.length > 0) throw new AppError('ENTRY_PRODUCT_DATA_MISSING', { lines: missing });
    const now = this.deps.clock.now();
    const id = await this.deps.db.transaction(async (tx) => {
      const entry = await repository.insertEntry(tx, {
        organizationId,
        number: await repository.nextNumber(tx, organizationId),
        reference: input.reference ?? null,
        warehouseId: warehouse.id,
        expectedDate: input.expected_date,
        carrier: input.carrier ?? null,
        trackingNumber: input.tracking_number ?? null,
        status: 'pending',
        createdBy: actorId,
        createdAt: now,
        updatedAt: now,
      });
      await repository.insertLines(
        tx,
        input.lines.map((line, position) => ({
          organizationId,
          entryId: entry.id,
          variantId: line.variant_id,
          position,
          expected: line.expected_quantity,
        })),
      );
      await this.deps.stock.announce(
        organizationId,
        {
          cause: { type: ENTRY_CAUSE, id: entry.id },
          location: warehouse.id,
          actorId,
          lines: input.lines.map((line) => ({
            variant_id: line.variant_id,
            quantity: line.expected_quantity,
          })),
        },
        tx,
      );
      return entry.id;
    });
    return this.get(organizationId, id);
  }

  /** The movement history's label of entries: their numbers, by id. */
  numbersOf(organizationId: string, ids: string[]): Promise<Map<string, string>> {
    return repository.findNumbers(this.deps.db, organizationId, ids);
  }

  async get(organizationId: string, id: string): Promise<EntryView> {
    const entry = await repository.findEntry(this.deps.db, organizationId, id);
    if (!entry) throw notFound();
    return readEntryView(this.deps, this.deps.db, entry);
  }

  /** Only while nothing was received: the announced incoming is released once. */
  async cancel(organizationId: string, id: string, actorId: string): Promise<EntryView> {
    await this.deps.db.transaction(async (tx) => {
      const entry = await repository.findEntry(tx, organizationId, id, true);
      if (!entry) throw notFound();
      if (entry.status !== 'pending') throw new AppError('ENTRY_NOT_CANCELLABLE');
      const lines = await repository.linesOf(tx, id);
      if (lines.some((line) => line.received > 0)) throw new AppError('ENTRY_NOT_CANCELLABLE');
      await this.deps.stock.announceCancel(
        organizationId,
        {
          cause: { type: ENTRY_CAUSE, id },
          ending: 'cancel',
          location: entry.warehouseId,
          actorId,
          lines: lines.map((line) => ({ variant_id: line.variantId, quantity: line.expected })),
        },
        tx,
      );
      await repository.setStatus(tx, id, { status: 'cancelled' }, this.deps.clock.now());
    });
    return this.get(organizationId, id);
  }

  /** The merchant's answer to an incident; a later answer replaces it. */
  async answerIncident(
    organizationId: string,
    id: string,
    incidentId: string,
    answer: string,
    userId: string,
  ): Promise<EntryView> {
    await this.deps.db.transaction(async (tx) => {
      const entry = await repository.findEntry(tx, organizationId, id, true);
      if (!entry) throw notFound();
      const incident = await repository.findIncident(tx, id, incidentId);
      if (!incident) throw notFound();
      await repository.updateIncident(tx, incidentId, {
        answer,
        answeredAt: this.deps.clock.now(),
        answeredBy: userId,
      });
    });
    return this.get(organizationId, id);
  }

  /** A photo of one of the entry's incidents. */
  photo(organizationId: string, id: string, photoId: string, size: 'large' | 'thumbnail') {
    return entryPhoto(this.deps, organizationId, id, photoId, size);
  }
}
