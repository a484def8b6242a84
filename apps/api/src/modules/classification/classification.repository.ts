import {
  CLASSIFICATION_OPEN_STATUSES,
  type ClassificationRequestsQuery,
  type StaffClassificationQueueQuery,
} from '@despacho/domain';
import {
  and,
  asc,
  count,
  desc,
  eq,
  exists,
  inArray,
  isNull,
  ne,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db';
import { likePattern, searchWords } from '../../platform/search';
import { wordRanking } from '../../platform/word-ranking';
import {
  classificationItems,
  classificationRequests,
  classificationResults,
  classificationTransitions,
} from './classification.tables';

export type RequestRow = typeof classificationRequests.$inferSelect;
export type ItemRow = typeof classificationItems.$inferSelect;
export type ResultRow = typeof classificationResults.$inferSelect;
export type TransitionRow = typeof classificationTransitions.$inferSelect;
export type NewItem = Omit<typeof classificationItems.$inferInsert, 'id'>;
export type NewResult = typeof classificationResults.$inferInsert;
export type NewTransition = Omit<typeof classificationTransitions.$inferInsert, 'id'>;

const itemKey = (organizationId: string, id: string) =>
  and(eq(classificationItems.organizationId, organizationId), eq(classificationItems.id, id));

export async function insertRequest(
  db: DbOrTx,
  values: Omit<typeof classificationRequests.$inferInsert, 'number'>,
): Promise<RequestRow> {
  const [row] = await db.insert(classificationRequests).values(values).returning();
  return row!;
}

export async function insertItems(db: DbOrTx, values: NewItem[]): Promise<ItemRow[]> {
  return db.insert(classificationItems).values(values).returning();
}

export async function findRequest(db: DbOrTx, organizationId: string, id: string) {
  const [row] = await db
    .select()
    .from(classificationRequests)
    .where(
      and(
        eq(classificationRequests.organizationId, organizationId),
        eq(classificationRequests.id, id),
      ),
    );
  return row;
}

export async function findRequests(db: DbOrTx, organizationId: string, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(classificationRequests)
    .where(
      and(
        eq(classificationRequests.organizationId, organizationId),
        inArray(classificationRequests.id, ids),
      ),
    );
}

/** The organization's requests, newest first; by a product's status or words of its name. */
export async function listRequests(
  db: DbOrTx,
  organizationId: string,
  query: ClassificationRequestsQuery,
): Promise<{ rows: RequestRow[]; total: number }> {
  const itemFilters: SQL[] = [];
  if (query.status) itemFilters.push(eq(classificationItems.status, query.status));
  for (const word of searchWords(query.search)) {
    itemFilters.push(sql`${classificationItems.searchText} like ${likePattern(word)}`);
  }
  const where = and(
    eq(classificationRequests.organizationId, organizationId),
    itemFilters.length === 0
      ? undefined
      : exists(
          db
            .select({ one: sql`1` })
            .from(classificationItems)
            .where(
              and(
                eq(classificationItems.organizationId, classificationRequests.organizationId),
                eq(classificationItems.requestId, classificationRequests.id),
                ...itemFilters,
              ),
            ),
        ),
  );
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(classificationRequests)
      .where(where)
      .orderBy(desc(classificationRequests.createdAt), desc(classificationRequests.number))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ total: count() }).from(classificationRequests).where(where),
  ]);
  return { rows, total: counted?.total ?? 0 };
}

export async function itemsOfRequests(db: DbOrTx, organizationId: string, requestIds: string[]) {
  if (requestIds.length === 0) return [];
  return db
    .select()
    .from(classificationItems)
    .where(
      and(
        eq(classificationItems.organizationId, organizationId),
        inArray(classificationItems.requestId, requestIds),
      ),
    )
    .orderBy(asc(classificationItems.createdAt), asc(classificationItems.productName));
}

/** The item of the organization (foreign = absent); with `lock`, held until the transaction ends. */
export async function findItem(db: DbOrTx, organizationId: string, id: string, lock = false) {
  const query = db.select().from(classificationItems).where(itemKey(organizationId, id));
  const [row] = await (lock ? query.for('update') : query);
  return row;
}

/** Staff only: an item of any organization. */
export async function findItemAnywhere(db: DbOrTx, id: string, lock = false) {
  const query = db.select().from(classificationItems).where(eq(classificationItems.id, id));
  const [row] = await (lock ? query.for('update') : query);
  return row;
}

export async function updateItem(
  db: DbOrTx,
  row: Pick<ItemRow, 'organizationId' | 'id'>,
  values: Partial<NewItem>,
): Promise<ItemRow> {
  const [updated] = await db
    .update(classificationItems)
    .set(values)
    .where(itemKey(row.organizationId, row.id))
    .returning();
  return updated!;
}

/** Of these products, those with an item that is not NOT_CLASSIFIABLE, and its status. */
export async function openItemsOf(db: DbOrTx, organizationId: string, productIds: string[]) {
  if (productIds.length === 0) return [];
  return db
    .select({ productId: classificationItems.productId, status: classificationItems.status })
    .from(classificationItems)
    .where(
      and(
        eq(classificationItems.organizationId, organizationId),
        inArray(classificationItems.productId, productIds),
        ne(classificationItems.status, 'NOT_CLASSIFIABLE'),
      ),
    );
}

export async function insertTransitions(db: DbOrTx, values: NewTransition[]) {
  if (values.length > 0) await db.insert(classificationTransitions).values(values);
}

export async function transitionsOf(db: DbOrTx, organizationId: string, itemId: string) {
  return db
    .select()
    .from(classificationTransitions)
    .where(
      and(
        eq(classificationTransitions.organizationId, organizationId),
        eq(classificationTransitions.itemId, itemId),
      ),
    )
    .orderBy(asc(classificationTransitions.createdAt));
}

export async function upsertResult(db: DbOrTx, values: NewResult) {
  const { organizationId: _organization, itemId: _item, ...changes } = values;
  await db
    .insert(classificationResults)
    .values(values)
    .onConflictDoUpdate({
      target: [classificationResults.organizationId, classificationResults.itemId],
      set: changes,
    });
}

export async function setResultPublished(
  db: DbOrTx,
  organizationId: string,
  itemId: string,
  values: Pick<ResultRow, 'publishedAt' | 'validatedOn'>,
) {
  await db
    .update(classificationResults)
    .set(values)
    .where(
      and(
        eq(classificationResults.organizationId, organizationId),
        eq(classificationResults.itemId, itemId),
      ),
    );
}

export async function resultsOf(db: DbOrTx, organizationId: string, itemIds: string[]) {
  if (itemIds.length === 0) return [];
  return db
    .select()
    .from(classificationResults)
    .where(
      and(
        eq(classificationResults.organizationId, organizationId),
        inArray(classificationResults.itemId, itemIds),
      ),
    );
}

/** The staff queue: open items (or one status) of every organization, nearest due date first. */
export async function queue(
  db: DbOrTx,
  query: StaffClassificationQueueQuery,
  staffUserId: string,
  today: string,
): Promise<{ rows: ItemRow[]; total: number }> {
  const filters: (SQL | undefined)[] = [
    query.status
      ? eq(classificationItems.status, query.status)
      : inArray(classificationItems.status, [...CLASSIFICATION_OPEN_STATUSES]),
  ];
  if (query.assignee === 'me') {
    filters.push(
      or(
        eq(classificationItems.classifierId, staffUserId),
        eq(classificationItems.reviewerId, staffUserId),
      ),
    );
  }
  if (query.assignee === 'unassigned') filters.push(isNull(classificationItems.classifierId));
  if (query.late) filters.push(sql`${classificationItems.dueDate} < ${today}`);
  for (const word of searchWords(query.search)) {
    filters.push(sql`${classificationItems.searchText} like ${likePattern(word)}`);
  }
  const where = and(...filters);
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(classificationItems)
      .where(where)
      .orderBy(asc(classificationItems.dueDate), asc(classificationItems.createdAt))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ total: count() }).from(classificationItems).where(where),
  ]);
  return { rows, total: counted?.total ?? 0 };
}

export type ClassifiedMatch = {
  itemId: string;
  productId: string;
  productName: string;
  fraction: string;
  nico: string;
  description: string;
  matchedWords: string[];
  similarity: number;
  score: number;
};

/**
 * The organization's classified products whose inputs `wordRanking` matches, best first: what
 * it already classified proposes its code again.
 */
export async function classifiedLike(
  db: DbOrTx,
  organizationId: string,
  text: string,
  words: string[],
  exceptItemId: string,
  limit: number,
): Promise<ClassifiedMatch[]> {
  const ranking = wordRanking(classificationItems.searchText, text, words);
  const rows = await db
    .select({
      itemId: classificationItems.id,
      productId: classificationItems.productId,
      productName: classificationItems.productName,
      fraction: classificationResults.fraction,
      nico: classificationResults.nico,
      description: sql<string>`${classificationResults.chain} -> 'nico' ->> 'description'`,
      matchedWords: ranking.matched,
      similarity: ranking.similarity,
      score: ranking.score,
    })
    .from(classificationItems)
    .innerJoin(
      classificationResults,
      and(
        eq(classificationResults.organizationId, classificationItems.organizationId),
        eq(classificationResults.itemId, classificationItems.id),
      ),
    )
    .where(
      and(
        eq(classificationItems.organizationId, organizationId),
        eq(classificationItems.status, 'CLASSIFIED'),
        ne(classificationItems.id, exceptItemId),
        ranking.matches,
      ),
    )
    .orderBy(desc(ranking.score), desc(classificationItems.updatedAt))
    .limit(limit);
  return rows.map((row) => ({
    ...row,
    similarity: Number(row.similarity),
    score: Number(row.score),
  }));
}

/** Published items whose code is one of these (a catalogue import retired them). */
export async function classifiedWithCodes(db: DbOrTx, codes: string[]) {
  if (codes.length === 0) return [];
  return db
    .select({
      organizationId: classificationItems.organizationId,
      id: classificationItems.id,
    })
    .from(classificationItems)
    .innerJoin(
      classificationResults,
      and(
        eq(classificationResults.organizationId, classificationItems.organizationId),
        eq(classificationResults.itemId, classificationItems.id),
      ),
    )
    .where(
      and(
        eq(classificationItems.status, 'CLASSIFIED'),
        inArray(sql`${classificationResults.fraction} || ${classificationResults.nico}`, codes),
      ),
    );
}

/** Every published code (10 digits), once: what a catalogue import is checked against. */
export async function publishedCodes(db: DbOrTx): Promise<string[]> {
  const rows = await db
    .selectDistinct({
      code: sql<string>`${classificationResults.fraction} || ${classificationResults.nico}`,
    })
    .from(classificationResults)
    .innerJoin(
      classificationItems,
      and(
        eq(classificationItems.organizationId, classificationResults.organizationId),
        eq(classificationItems.id, classificationResults.itemId),
      ),
    )
    .where(eq(classificationItems.status, 'CLASSIFIED'));
  return rows.map((row) => row.code);
}
