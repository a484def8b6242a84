import { and, asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db';
import { isForeignKeyViolation, isUniqueViolation } from '../../platform/db-errors';
import type { addressValues } from '../addresses';
import { stockLocations } from './stock.tables';
import { warehouseAddresses } from './warehouses.tables';

export type StockLocationRow = typeof stockLocations.$inferSelect;
export type WarehouseRow = StockLocationRow & { address: typeof warehouseAddresses.$inferSelect };

type WarehouseValues = {
  name: string;
  code: string;
  address: ReturnType<typeof addressValues>;
  contactPhone: string;
  contactEmail: string | null;
};

const CODE_UNIQUE = 'stock_locations_code_unique';

/** The platform's active warehouses and the organization's active own locations. */
export function findUsableLocations(db: DbOrTx, organizationId: string) {
  return db
    .select()
    .from(stockLocations)
    .where(
      and(
        eq(stockLocations.active, true),
        sql`(${stockLocations.kind} = 'warehouse' or ${stockLocations.organizationId} = ${organizationId})`,
      ),
    )
    .orderBy(asc(stockLocations.kind), asc(stockLocations.name), asc(stockLocations.id));
}

/** A warehouse, or one of the organization's own locations (active or not). */
export async function findStockLocation(
  db: DbOrTx,
  organizationId: string,
  id: string,
): Promise<StockLocationRow | undefined> {
  const [row] = await db
    .select()
    .from(stockLocations)
    .where(
      and(
        eq(stockLocations.id, id),
        sql`(${stockLocations.kind} = 'warehouse' or ${stockLocations.organizationId} = ${organizationId})`,
      ),
    );
  return row;
}

/** The own stock location of an address-book location, locked for the caller's transaction. */
export async function lockOwnLocation(db: DbOrTx, organizationId: string, locationId: string) {
  const [row] = await db
    .select()
    .from(stockLocations)
    .where(
      and(
        eq(stockLocations.organizationId, organizationId),
        eq(stockLocations.locationId, locationId),
      ),
    )
    .for('update');
  return row;
}

/** Creates the own stock location of an address-book location, or reactivates it. */
export async function upsertOwnLocation(
  db: DbOrTx,
  organizationId: string,
  locationId: string,
  name: string,
  now: Date,
): Promise<StockLocationRow> {
  const [row] = await db
    .insert(stockLocations)
    .values({ kind: 'own', organizationId, locationId, name, createdAt: now })
    .onConflictDoUpdate({ target: stockLocations.locationId, set: { active: true, name } })
    .returning();
  return row!;
}

export async function setActive(db: DbOrTx, id: string, active: boolean) {
  const [row] = await db
    .update(stockLocations)
    .set({ active })
    .where(eq(stockLocations.id, id))
    .returning();
  return row!;
}

/** Whether anything was ever kept at the location (a balance row exists, even at zero). */
export async function everUsed(db: DbOrTx, id: string): Promise<boolean> {
  const result = await db.execute(
    sql`select 1 from stock_balances where location_id = ${id} limit 1`,
  );
  return result.rows.length > 0;
}

/**
 * Deletes a stock location nothing was ever kept at (its address may then be deleted too);
 * false when a first balance there won the race, and the location must stay.
 */
export async function deleteUnused(db: DbOrTx, id: string): Promise<boolean> {
  try {
    await db.transaction((savepoint) =>
      savepoint.delete(stockLocations).where(eq(stockLocations.id, id)),
    );
    return true;
  } catch (error) {
    if (isForeignKeyViolation(error)) return false;
    throw error;
  }
}

/**
 * Whether any organization keeps something at the location. The balances there are locked
 * first, so an operation already changing one finishes before the answer is read.
 */
export async function holdsStock(db: DbOrTx, id: string): Promise<boolean> {
  const result = await db.execute<{ holds: boolean }>(sql`
    select coalesce(bool_or(on_hand + reserved + incoming + not_sellable > 0), false) as holds
    from (select * from stock_balances where location_id = ${id} for update) b`);
  return result.rows[0]!.holds;
}

// Platform warehouses

export async function findWarehouses(db: DbOrTx, id?: string): Promise<WarehouseRow[]> {
  const rows = await db
    .select()
    .from(stockLocations)
    .innerJoin(warehouseAddresses, eq(warehouseAddresses.stockLocationId, stockLocations.id))
    .where(and(eq(stockLocations.kind, 'warehouse'), id ? eq(stockLocations.id, id) : undefined))
    .orderBy(asc(stockLocations.name), asc(stockLocations.id));
  return rows.map((row) => ({ ...row.stock_locations, address: row.warehouse_addresses }));
}

/** Locks a warehouse for the caller's transaction. */
export async function lockWarehouse(db: DbOrTx, id: string) {
  const [row] = await db
    .select()
    .from(stockLocations)
    .where(and(eq(stockLocations.id, id), eq(stockLocations.kind, 'warehouse')))
    .for('update');
  return row;
}

/** Runs a write, answering `'code_taken'` when another warehouse holds the code. */
export async function unlessCodeTaken<T>(write: () => Promise<T>): Promise<T | 'code_taken'> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error, CODE_UNIQUE)) return 'code_taken';
    throw error;
  }
}

const contactValues = (values: WarehouseValues) => ({
  ...values.address,
  contactPhone: values.contactPhone,
  contactEmail: values.contactEmail,
});

export async function insertWarehouse(
  db: DbOrTx,
  values: WarehouseValues,
  now: Date,
): Promise<string> {
  const [row] = await db
    .insert(stockLocations)
    .values({ kind: 'warehouse', name: values.name, code: values.code, createdAt: now })
    .returning({ id: stockLocations.id });
  await db
    .insert(warehouseAddresses)
    .values({ stockLocationId: row!.id, ...contactValues(values), updatedAt: now });
  return row!.id;
}

export async function updateWarehouse(
  db: DbOrTx,
  id: string,
  values: WarehouseValues,
  now: Date,
): Promise<void> {
  await db
    .update(stockLocations)
    .set({ name: values.name, code: values.code })
    .where(eq(stockLocations.id, id));
  await db
    .update(warehouseAddresses)
    .set({ ...contactValues(values), updatedAt: now })
    .where(eq(warehouseAddresses.stockLocationId, id));
}
