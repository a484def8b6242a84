import type {
  DutyRatesQuery,
  RestrictionsQuery,
  T1Direction,
  PaginationQuery,
} from '@despacho/domain';
import { and, asc, desc, eq, gte, inArray, isNull, like, lte, or, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db';
import { isUniqueViolation } from '../../platform/db-errors';
import { t1DutyRates, t1ExchangeRates, t1Restrictions } from './international.tables';

export type DutyRateRow = typeof t1DutyRates.$inferSelect;
export type ExchangeRateRow = typeof t1ExchangeRates.$inferSelect;
export type RestrictionRow = typeof t1Restrictions.$inferSelect;
type DutyRateValues = Omit<typeof t1DutyRates.$inferInsert, 'id' | 'createdAt'>;
type ExchangeRateValues = Omit<typeof t1ExchangeRates.$inferInsert, 'id' | 'createdAt'>;
type RestrictionValues = Omit<typeof t1Restrictions.$inferInsert, 'id' | 'createdAt'>;

/** Rows of a table with effective dates in force on `day` (YYYY-MM-DD). */
const inForce = (table: typeof t1DutyRates | typeof t1Restrictions, day: string): SQL | undefined =>
  and(lte(table.effectiveFrom, day), or(isNull(table.effectiveTo), gte(table.effectiveTo, day)));

/** The written row; null when it collides with another row's unique version key. */
async function unlessDuplicate<Row>(write: () => Promise<Row[]>): Promise<Row | null | undefined> {
  try {
    return (await write())[0];
  } catch (error) {
    if (isUniqueViolation(error)) return null;
    throw error;
  }
}

const page = (query: PaginationQuery) => ({
  limit: query.pageSize,
  offset: (query.page - 1) * query.pageSize,
});

// ——— Duty rates ———

export async function findDutyRates(db: DbOrTx, query: DutyRatesQuery) {
  const where = and(
    query.direction ? eq(t1DutyRates.direction, query.direction) : undefined,
    query.country ? eq(t1DutyRates.country, query.country) : undefined,
    query.on ? inForce(t1DutyRates, query.on) : undefined,
  );
  const { limit, offset } = page(query);
  const [rows, total] = await Promise.all([
    db
      .select()
      .from(t1DutyRates)
      .where(where)
      .orderBy(
        asc(t1DutyRates.direction),
        asc(t1DutyRates.country),
        asc(t1DutyRates.minValueUsdCents),
        desc(t1DutyRates.effectiveFrom),
      )
      .limit(limit)
      .offset(offset),
    db.$count(t1DutyRates, where),
  ]);
  return { rows, total };
}

/** The bands of a direction in force on `day`, for the country and for any country. */
export function dutyBandsOn(db: DbOrTx, direction: T1Direction, country: string, day: string) {
  return db
    .select()
    .from(t1DutyRates)
    .where(
      and(
        eq(t1DutyRates.direction, direction),
        inArray(t1DutyRates.country, [country, '*']),
        inForce(t1DutyRates, day),
      ),
    );
}

/** Inserts or updates a band; null when another row has its direction, country, floor and day. */
export function saveDutyRate(
  db: DbOrTx,
  values: DutyRateValues,
  id?: string,
): Promise<DutyRateRow | null | undefined> {
  return unlessDuplicate(() =>
    id
      ? db.update(t1DutyRates).set(values).where(eq(t1DutyRates.id, id)).returning()
      : db.insert(t1DutyRates).values(values).returning(),
  );
}

// ——— Exchange rates ———

export async function findExchangeRates(db: DbOrTx, query: PaginationQuery) {
  const { limit, offset } = page(query);
  const [rows, total] = await Promise.all([
    db
      .select()
      .from(t1ExchangeRates)
      .orderBy(desc(t1ExchangeRates.effectiveFrom))
      .limit(limit)
      .offset(offset),
    db.$count(t1ExchangeRates),
  ]);
  return { rows, total };
}

/** The rate in force on `day`: the latest that starts on or before it. */
export async function exchangeRateOn(db: DbOrTx, day: string) {
  const [row] = await db
    .select()
    .from(t1ExchangeRates)
    .where(lte(t1ExchangeRates.effectiveFrom, day))
    .orderBy(desc(t1ExchangeRates.effectiveFrom))
    .limit(1);
  return row;
}

export function saveExchangeRate(
  db: DbOrTx,
  values: ExchangeRateValues,
  id?: string,
): Promise<ExchangeRateRow | null | undefined> {
  return unlessDuplicate(() =>
    id
      ? db.update(t1ExchangeRates).set(values).where(eq(t1ExchangeRates.id, id)).returning()
      : db.insert(t1ExchangeRates).values(values).returning(),
  );
}

// ——— Restrictions ———

export async function findRestrictions(db: DbOrTx, query: RestrictionsQuery) {
  const where = and(
    query.fraction ? like(t1Restrictions.fraction, `${query.fraction}%`) : undefined,
    query.authority ? eq(t1Restrictions.authority, query.authority) : undefined,
    query.on ? inForce(t1Restrictions, query.on) : undefined,
  );
  const { limit, offset } = page(query);
  const [rows, total] = await Promise.all([
    db
      .select()
      .from(t1Restrictions)
      .where(where)
      .orderBy(asc(t1Restrictions.fraction), desc(t1Restrictions.effectiveFrom))
      .limit(limit)
      .offset(offset),
    db.$count(t1Restrictions, where),
  ]);
  return { rows, total };
}

/** The restrictions in force on `day` of these fracciones that stop the direction. */
export function restrictionsOn(
  db: DbOrTx,
  fractions: string[],
  direction: T1Direction,
  day: string,
) {
  return db
    .select()
    .from(t1Restrictions)
    .where(
      and(
        inArray(t1Restrictions.fraction, fractions),
        inArray(t1Restrictions.scope, [direction, 'both']),
        inForce(t1Restrictions, day),
      ),
    );
}

export function saveRestriction(
  db: DbOrTx,
  values: RestrictionValues,
  id?: string,
): Promise<RestrictionRow | null | undefined> {
  return unlessDuplicate(() =>
    id
      ? db.update(t1Restrictions).set(values).where(eq(t1Restrictions.id, id)).returning()
      : db.insert(t1Restrictions).values(values).returning(),
  );
}

const STAFF_TABLES = {
  duty_rate: t1DutyRates,
  exchange_rate: t1ExchangeRates,
  restriction: t1Restrictions,
};
export type StaffTable = keyof typeof STAFF_TABLES;

/** A staff table's row, locked while a change to it and its audit entry commit. */
export async function lockedRow(
  db: DbOrTx,
  kind: StaffTable,
  id: string,
): Promise<Record<string, unknown> | undefined> {
  const table = STAFF_TABLES[kind];
  const [row] = await db.select().from(table).where(eq(table.id, id)).for('update');
  return row;
}
