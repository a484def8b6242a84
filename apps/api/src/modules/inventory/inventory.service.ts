import {
  errorMessage,
  type AdjustmentData,
  type AdjustmentView,
  type InventoryQuery,
  type InventoryRow,
  type Language,
  type MovementView,
  type PageMeta,
  type PaginationQuery,
  type StockLocationView,
} from '@despacho/domain';
import { z } from 'zod';
import type { Clock } from '../../platform/clock';
import type { Db, DbOrTx } from '../../platform/db';
import { isForeignKeyViolation } from '../../platform/db-errors';
import { AppError, notFound } from '../../platform/errors';
import type { AccountsService } from '../accounts';
import type { LocationsService } from '../addresses';
import type { ProductVariantsService } from '../products';
import * as inventory from './inventory.repository';
import { joinedLocationView, stockLocationView } from './stock-location-view';
import * as locations from './stock-locations.repository';
import type { StockLedger } from './stock-ledger';

/**
 * Applies the adjustment: a variant or location deleted since it was checked is NOT_FOUND (the
 * database's foreign key says so); INSUFFICIENT_STOCK is also put under the line that went short.
 */
async function applyingLines<T>(
  lines: AdjustmentData['lines'],
  language: Language,
  apply: () => Promise<T>,
): Promise<T> {
  try {
    return await apply();
  } catch (error) {
    if (isForeignKeyViolation(error)) throw notFound();
    if (error instanceof AppError && error.code === 'INSUFFICIENT_STOCK') {
      const index = lines.findIndex((line) => line.variant_id === error.params.variant_id);
      const field = (lines[index]?.on_hand_delta ?? 0) < 0 ? 'on_hand_delta' : 'not_sellable_delta';
      throw new AppError(error.code, error.params, {
        [`lines.${index}.${field}`]: errorMessage(error.code, language),
      });
    }
    throw error;
  }
}

/** Who adjusts, under which Idempotency-Key, and whether as the merchant or as platform staff. */
export interface AdjustmentCall {
  actorId: string;
  idempotencyKey: string;
  cause: 'adjustment' | 'staff_adjustment';
  language: Language;
}

/**
 * The inventory screen (`products/inventory`): stock per variant and location, movement history,
 * adjustments and which address-book locations keep stock. Always scoped by the caller's
 * organization: another organization's variant or location is NOT_FOUND. Stock changes only
 * through the `StockLedger`.
 */
const isUuid = (id: string) => z.uuid().safeParse(id).success;

/** What the movement history shows for causes of one type: a label per cause id ("3", a tracking number). */
export type CauseLabels = (organizationId: string, ids: string[]) => Promise<Map<string, string>>;

export class InventoryService {
  /**
   * Registered by the composition root for the domains that move stock (entries, exits,
   * shipments), which depend on this module: it cannot ask them itself.
   */
  private readonly causeLabels = new Map<string, CauseLabels>();

  constructor(
    private readonly deps: {
      db: Db;
      clock: Clock;
      stock: StockLedger;
      locations: LocationsService;
      accounts: AccountsService;
      productVariants: ProductVariantsService;
    },
  ) {}

  /** Names the causes of `types` in the movement history with `labels`. */
  labelCauses(types: readonly string[], labels: CauseLabels) {
    for (const type of types) this.causeLabels.set(type, labels);
  }

  async locations(organizationId: string): Promise<StockLocationView[]> {
    const views = (await locations.findUsableLocations(this.deps.db, organizationId)).map(
      stockLocationView,
    );
    const named = await this.currentNames(organizationId, views);
    return views.map(named);
  }

  /** Own locations are named by their address-book alias as it is now (it may have changed). */
  private async currentNames(organizationId: string, views: StockLocationView[]) {
    const ids = views.flatMap((view) => (view.location_id ? [view.location_id] : []));
    const aliases = await this.deps.locations.aliases(organizationId, ids);
    return (view: StockLocationView): StockLocationView => ({
      ...view,
      name: (view.location_id && aliases.get(view.location_id)) || view.name,
    });
  }

  /**
   * Marks an address-book location as keeping stock (its own stock location is created or
   * reactivated) or not (deactivated, or deleted when nothing was ever kept there;
   * STOCK_LOCATION_HOLDS_STOCK while anything is kept there). Answers null once there is none.
   */
  async setKeepsStock(
    organizationId: string,
    locationId: string,
    keepsStock: boolean,
  ): Promise<StockLocationView | null> {
    const { alias } = await this.deps.locations.get(organizationId, locationId);
    return this.deps.db.transaction(async (tx) => {
      const current = await locations.lockOwnLocation(tx, organizationId, locationId);
      if (keepsStock) {
        const row = await locations.upsertOwnLocation(
          tx,
          organizationId,
          locationId,
          alias,
          this.deps.clock.now(),
        );
        return stockLocationView(row);
      }
      if (!current) return null;
      if (!current.active) return stockLocationView(current);
      if (await locations.holdsStock(tx, current.id)) {
        throw new AppError('STOCK_LOCATION_HOLDS_STOCK');
      }
      // Never used: gone, so the address-book location can be deleted. Used: its history stays.
      if (
        !(await locations.everUsed(tx, current.id)) &&
        (await locations.deleteUnused(tx, current.id))
      ) {
        return null;
      }
      return stockLocationView(await locations.setActive(tx, current.id, false));
    });
  }

  /** The stock location of an address-book location while it keeps stock; null otherwise. */
  stockLocationOf(
    organizationId: string,
    locationId: string,
    db: DbOrTx = this.deps.db,
  ): Promise<string | null> {
    return inventory.findOwnStockLocationId(db, organizationId, locationId);
  }

  /** Available units per variant at a stock location (these variants, or all it has a balance of). */
  availableAt(
    organizationId: string,
    stockLocationId: string,
    variantIds?: readonly string[],
  ): Promise<Map<string, number>> {
    return inventory.findAvailableAt(this.deps.db, organizationId, stockLocationId, variantIds);
  }

  /**
   * What the shipment wizard may take from an address-book location: available units per variant,
   * or null when the location keeps no stock (its picker is not limited).
   */
  async availableAtLocation(
    organizationId: string,
    locationId: string,
  ): Promise<Map<string, number> | null> {
    const stockLocationId = await this.stockLocationOf(organizationId, locationId);
    return stockLocationId ? this.availableAt(organizationId, stockLocationId) : null;
  }

  /** The products list's "Stock": available units per product; a product never stocked is absent. */
  availableByProduct(organizationId: string, productIds: readonly string[]) {
    return inventory.findAvailableByProduct(this.deps.db, organizationId, productIds);
  }

  async list(
    organizationId: string,
    query: InventoryQuery,
  ): Promise<{ data: InventoryRow[]; meta: PageMeta }> {
    const { rows, total } = await inventory.findInventory(this.deps.db, organizationId, query);
    const named = await this.currentNames(organizationId, rows.map(joinedLocationView));
    return {
      data: rows.map((row) => ({
        variant_id: row.variant_id,
        product_id: row.product_id,
        product_name: row.product_name,
        variant_title: row.option_values.join(' / '),
        sku: row.sku,
        location: named(joinedLocationView(row)),
        on_hand: row.on_hand,
        reserved: row.reserved,
        available: row.available,
        incoming: row.incoming,
        not_sellable: row.not_sellable,
      })),
      meta: { page: query.page, pageSize: query.pageSize, total },
    };
  }

  async movements(
    organizationId: string,
    variantId: string,
    query: PaginationQuery,
  ): Promise<{ data: MovementView[]; meta: PageMeta }> {
    await this.deps.productVariants.assertVariants(organizationId, [variantId]);
    const { rows, total } = await inventory.findMovements(
      this.deps.db,
      organizationId,
      variantId,
      query,
    );
    const actorIds = rows.flatMap((row) => (row.actor_id ? [row.actor_id] : []));
    const names = await this.deps.accounts.userNames([...new Set(actorIds)]);
    const [named, labels] = await Promise.all([
      this.currentNames(organizationId, rows.map(joinedLocationView)),
      this.labelsOf(organizationId, rows),
    ]);
    return {
      data: rows.map((row) => ({
        id: row.id,
        operation_id: row.operation_id,
        kind: row.kind,
        location: named(joinedLocationView(row)),
        on_hand: row.on_hand,
        reserved: row.reserved,
        incoming: row.incoming,
        not_sellable: row.not_sellable,
        reason: row.reason,
        cause: {
          type: row.cause_type,
          id: row.cause_id,
          label: labels.get(`${row.cause_type}:${row.cause_id}`) ?? null,
        },
        actor: row.actor_id ? { id: row.actor_id, name: names.get(row.actor_id) ?? '' } : null,
        created_at: new Date(row.created_at).toISOString(),
      })),
      meta: { page: query.page, pageSize: query.pageSize, total },
    };
  }

  /** The registered labels of the rows' causes, by `type:id`, one call per type. */
  private async labelsOf(
    organizationId: string,
    rows: { cause_type: string; cause_id: string }[],
  ): Promise<Map<string, string>> {
    const idsByType = new Map<string, Set<string>>();
    for (const row of rows) {
      // Records are named by uuid; a cause of another kind (a bench's, say) has no label.
      if (!this.causeLabels.has(row.cause_type) || !isUuid(row.cause_id)) continue;
      idsByType.set(row.cause_type, (idsByType.get(row.cause_type) ?? new Set()).add(row.cause_id));
    }
    const labelled = await Promise.all(
      [...idsByType].map(async ([type, ids]) => {
        const labels = await this.causeLabels.get(type)!(organizationId, [...ids]);
        return [...labels].map(([id, label]) => [`${type}:${id}`, label] as const);
      }),
    );
    return new Map(labelled.flat());
  }

  /**
   * A count or damage at one of the organization's own locations (spec: never at platform
   * warehouses, WAREHOUSE_ADJUSTED_BY_STAFF). The same key with the same lines is applied once.
   */
  async adjust(
    organizationId: string,
    input: AdjustmentData,
    call: AdjustmentCall,
  ): Promise<AdjustmentView> {
    const location = await locations.findStockLocation(
      this.deps.db,
      organizationId,
      input.location_id,
    );
    if (!location) throw notFound();
    if (location.kind === 'warehouse') throw new AppError('WAREHOUSE_ADJUSTED_BY_STAFF');
    return this.applyAdjustment(this.deps.db, organizationId, input, call);
  }

  /**
   * Applies an adjustment's lines through the ledger, in `db` (the staff path's audited
   * transaction). Every variant must be the organization's (NOT_FOUND otherwise).
   */
  async applyAdjustment(
    db: DbOrTx,
    organizationId: string,
    input: AdjustmentData,
    call: AdjustmentCall,
  ): Promise<AdjustmentView> {
    await this.deps.productVariants.assertVariants(
      organizationId,
      input.lines.map((line) => line.variant_id),
      db,
    );
    const location = await locations.findStockLocation(db, organizationId, input.location_id);
    // An inactive warehouse is refused by the ledger (404); an own one says how to turn it on.
    if (location?.kind === 'own' && !location.active) throw new AppError('STOCK_LOCATION_INACTIVE');
    const { operationId, replayed } = await applyingLines(input.lines, call.language, () =>
      this.deps.stock.adjust(
        organizationId,
        {
          // The request's key: its own operation, apart from entries' and exits'.
          cause: { type: call.cause, id: call.idempotencyKey },
          location: input.location_id,
          reason: input.reason,
          actorId: call.actorId,
          lines: input.lines.map((line) => ({
            variant_id: line.variant_id,
            on_hand: line.on_hand_delta,
            not_sellable: line.not_sellable_delta,
          })),
        },
        db,
      ),
    );
    return { operation_id: operationId, replayed };
  }
}
