import { CUSTOMER_SORTS, type CustomerSort } from '@despacho/domain';
import {
  and,
  asc,
  desc,
  eq,
  getTableColumns,
  like,
  notInArray,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { preparedPerHandle, type DbOrTx } from '../../platform/db';
import { customerAddresses, customerCounts, customers } from './customers.tables';
import { likePattern, searchWords } from '../../platform/search';

export type CustomerRow = typeof customers.$inferSelect;
export type CustomerValues = Omit<
  typeof customers.$inferInsert,
  'organizationId' | 'id' | 'isFavorite' | 'createdAt' | 'updatedAt'
>;
export type CustomerAddressRow = typeof customerAddresses.$inferSelect;
export type CustomerAddressValues = Omit<
  typeof customerAddresses.$inferInsert,
  'customerId' | 'organizationId' | 'id' | 'position' | 'isDefault'
>;
/** An address as the customer's form lists it: its values, place and whether it is the default. */
export interface PlacedAddress {
  values: CustomerAddressValues;
  position: number;
  isDefault: boolean;
}

/** `%`, `_` and `\` typed into the search box are matched as themselves. */

// Names and companies sort as Spanish readers expect (accents ignored, ñ after n). Each order
// is exactly an index of customers.tables.ts, read forwards or backwards.
const spanish = (column: AnyPgColumn) => sql`${column} collate "es-x-icu"`;
const ORDER: Record<CustomerSort, SQL[]> = {
  name: [asc(spanish(customers.name)), asc(spanish(customers.lastName)), asc(customers.id)],
  '-name': [desc(spanish(customers.name)), desc(spanish(customers.lastName)), desc(customers.id)],
  company: [sql`${spanish(customers.company)} asc nulls last`, asc(customers.id)],
  '-company': [sql`${spanish(customers.company)} desc nulls last`, desc(customers.id)],
  created_at: [asc(customers.createdAt), asc(customers.id)],
  '-created_at': [desc(customers.createdAt), desc(customers.id)],
};

function filters(organizationId: string, words: string[], favorites: boolean) {
  const conditions: SQL[] = [eq(customers.organizationId, organizationId)];
  if (favorites) conditions.push(eq(customers.isFavorite, true));
  // Every word must appear somewhere in the search text; the trigram index finds the rows.
  for (const word of words) conditions.push(like(customers.searchText, likePattern(word)));
  return and(...conditions);
}

export interface CustomerPageQuery {
  /** Already normalized (searchKey). */
  words: string[];
  favorites: boolean;
  sort: CustomerSort;
  page: number;
  pageSize: number;
}

/**
 * The ids of one page of the organization's customers, in order, and how many match.
 *
 * - Without a filter, the ids come from an index-only scan of the index of the sort (a deep
 *   page skips index entries, not table rows) and the total from `customer_counts`.
 * - With a search or the favorites, one query finds every match (through the trigram index,
 *   or the favorites' partial index), counts them with `count(*) over ()` and keeps the page.
 *   Needing every match, PostgreSQL never walks a sort index hoping to meet 20 matches early,
 *   which reads the whole index when they sit at its far end (a name search sorted by name).
 */
export async function findCustomerPage(
  db: DbOrTx,
  organizationId: string,
  query: CustomerPageQuery,
): Promise<{ ids: string[]; total: number }> {
  const offset = (query.page - 1) * query.pageSize;
  if (query.words.length === 0 && !query.favorites) {
    const { page, count } = statementsOf(db);
    const [rows, [counted]] = await Promise.all([
      page[query.sort].execute({ organizationId, limit: query.pageSize, offset }),
      count.execute({ organizationId }),
    ]);
    return { ids: rows.map((row) => row.id), total: counted?.total ?? 0 };
  }
  const where = filters(organizationId, query.words, query.favorites);
  const rows = await db
    .select({ id: customers.id, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(customers)
    .where(where)
    .orderBy(...ORDER[query.sort])
    .limit(query.pageSize)
    .offset(offset);
  if (rows.length > 0) return { ids: rows.map((row) => row.id), total: rows[0]!.total };
  // Past the last page there is no row to carry the total.
  return { ids: [], total: offset === 0 ? 0 : await db.$count(customers, where) };
}

/**
 * The list rows of these customers of the organization, in the order of `ids`: each with its
 * default address and how many addresses it has.
 */
export async function findListItems(db: DbOrTx, organizationId: string, ids: string[]) {
  if (ids.length === 0) return [];
  const rows = await statementsOf(db).items.execute({ organizationId, ids });
  const byId = new Map(rows.map((row) => [row.customer.id, row]));
  // A customer deleted while the page was read is simply not there.
  return ids.flatMap((id) => byId.get(id) ?? []);
}

// The list's fixed queries run on every page: prepared once per handle, planned once per
// connection, instead of building the SQL and planning it on every call.
const anyId = (column: AnyPgColumn) => sql`${column} = any(${sql.placeholder('ids')}::uuid[])`;
const inOrganization = (column: AnyPgColumn) => eq(column, sql.placeholder('organizationId'));

function preparePage(db: DbOrTx, sort: CustomerSort) {
  return db
    .select({ id: customers.id })
    .from(customers)
    .where(inOrganization(customers.organizationId))
    .orderBy(...ORDER[sort])
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .prepare(`customers_page_${sort.replace('-', 'desc_')}`);
}

function prepareStatements(db: DbOrTx) {
  const page = Object.fromEntries(
    CUSTOMER_SORTS.map((sort) => [sort, preparePage(db, sort)]),
  ) as Record<CustomerSort, ReturnType<typeof preparePage>>;
  const count = db
    .select({ total: customerCounts.total })
    .from(customerCounts)
    .where(inOrganization(customerCounts.organizationId))
    .prepare('customers_count');
  const counted = db
    .select({
      customerId: customerAddresses.customerId,
      count: sql<number>`count(*)::int`.as('count'),
    })
    .from(customerAddresses)
    .where(anyId(customerAddresses.customerId))
    .groupBy(customerAddresses.customerId)
    .as('counted');
  const { searchText: _searchText, ...listed } = getTableColumns(customers);
  const items = db
    .select({ customer: listed, address: customerAddresses, count: counted.count })
    .from(customers)
    .innerJoin(
      customerAddresses,
      and(eq(customerAddresses.customerId, customers.id), eq(customerAddresses.isDefault, true)),
    )
    .innerJoin(counted, eq(counted.customerId, customers.id))
    .where(and(inOrganization(customers.organizationId), anyId(customers.id)))
    .prepare('customers_list_items');
  return { page, count, items };
}

const statementsOf = preparedPerHandle(prepareStatements);

/** Transaction-scoped locks on contact keys, always taken in one order (never a circle). */
export async function lockContacts(db: DbOrTx, organizationId: string, keys: string[]) {
  for (const key of [...keys].sort()) {
    const lock = `customers:${organizationId}:${key}`;
    await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${lock}, 0))`);
  }
}

/**
 * The organization's oldest customer with this email (any case) or phone, the email's first:
 * the trigram index narrows the rows, the equality decides.
 */
export async function findByContact(
  db: DbOrTx,
  organizationId: string,
  contact: { email?: string; phone?: string },
): Promise<CustomerRow | undefined> {
  const matches: SQL[] = [];
  const wordsOf = (term: string) =>
    searchWords(term).map((word) => like(customers.searchText, likePattern(word)));
  if (contact.email) {
    matches.push(
      and(...wordsOf(contact.email), sql`lower(${customers.email}) = ${contact.email}`)!,
    );
  }
  if (contact.phone) {
    matches.push(and(...wordsOf(contact.phone), eq(customers.phone, contact.phone))!);
  }
  if (matches.length === 0) return undefined;
  const rows = await db
    .select()
    .from(customers)
    .where(and(eq(customers.organizationId, organizationId), or(...matches)))
    .orderBy(asc(customers.createdAt), asc(customers.id))
    .limit(5);
  return rows.find((row) => row.email.toLowerCase() === contact.email) ?? rows[0];
}

export async function findCustomer(
  db: DbOrTx,
  organizationId: string,
  id: string,
  lock = false,
): Promise<CustomerRow | undefined> {
  const query = db
    .select()
    .from(customers)
    .where(and(eq(customers.organizationId, organizationId), eq(customers.id, id)));
  const [row] = await (lock ? query.for('update') : query);
  return row;
}

/** A customer's addresses, the default first, then in the order they were entered. */
export async function findAddresses(db: DbOrTx, customerId: string) {
  return db
    .select()
    .from(customerAddresses)
    .where(eq(customerAddresses.customerId, customerId))
    .orderBy(desc(customerAddresses.isDefault), asc(customerAddresses.position));
}

export async function findAddressIds(db: DbOrTx, customerId: string): Promise<Set<string>> {
  const rows = await db
    .select({ id: customerAddresses.id })
    .from(customerAddresses)
    .where(eq(customerAddresses.customerId, customerId));
  return new Set(rows.map((row) => row.id));
}

export async function insertCustomer(
  db: DbOrTx,
  organizationId: string,
  values: CustomerValues,
  isFavorite: boolean,
  now: Date,
): Promise<CustomerRow> {
  const [row] = await db
    .insert(customers)
    .values({ ...values, organizationId, isFavorite, createdAt: now, updatedAt: now })
    .returning();
  return row!;
}

export async function updateCustomer(
  db: DbOrTx,
  organizationId: string,
  id: string,
  changes: Partial<CustomerValues> & { isFavorite?: boolean },
  now: Date,
): Promise<CustomerRow | undefined> {
  const [row] = await db
    .update(customers)
    .set({ ...changes, updatedAt: now })
    .where(and(eq(customers.organizationId, organizationId), eq(customers.id, id)))
    .returning();
  return row;
}

export async function deleteCustomer(
  db: DbOrTx,
  organizationId: string,
  id: string,
): Promise<boolean> {
  const deleted = await db
    .delete(customers)
    .where(and(eq(customers.organizationId, organizationId), eq(customers.id, id)))
    .returning({ id: customers.id });
  return deleted.length > 0;
}

export async function insertAddresses(
  db: DbOrTx,
  organizationId: string,
  customerId: string,
  addresses: PlacedAddress[],
): Promise<void> {
  if (addresses.length === 0) return;
  await db.insert(customerAddresses).values(
    addresses.map(({ values, position, isDefault }) => ({
      ...values,
      organizationId,
      customerId,
      position,
      isDefault,
    })),
  );
}

export async function updateAddress(
  db: DbOrTx,
  customerId: string,
  id: string,
  { values, position, isDefault }: PlacedAddress,
): Promise<void> {
  await db
    .update(customerAddresses)
    .set({ ...values, position, isDefault })
    .where(and(eq(customerAddresses.customerId, customerId), eq(customerAddresses.id, id)));
}

/** Deletes the customer's addresses other than `keep`. */
export async function deleteAddressesExcept(
  db: DbOrTx,
  customerId: string,
  keep: string[],
): Promise<void> {
  const conditions = [eq(customerAddresses.customerId, customerId)];
  if (keep.length > 0) conditions.push(notInArray(customerAddresses.id, keep));
  await db.delete(customerAddresses).where(and(...conditions));
}

/** Clears the customer's default, so another address can take it without breaking the index. */
export async function clearDefault(db: DbOrTx, customerId: string): Promise<void> {
  await db
    .update(customerAddresses)
    .set({ isDefault: false })
    .where(
      and(eq(customerAddresses.customerId, customerId), eq(customerAddresses.isDefault, true)),
    );
}

/** Marks one of the customer's addresses as the default; false when it is not theirs. */
export async function markDefault(db: DbOrTx, customerId: string, id: string): Promise<boolean> {
  const marked = await db
    .update(customerAddresses)
    .set({ isDefault: true })
    .where(and(eq(customerAddresses.customerId, customerId), eq(customerAddresses.id, id)))
    .returning({ id: customerAddresses.id });
  return marked.length > 0;
}
