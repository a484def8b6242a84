import { and, asc, eq, ilike, inArray, isNull, ne, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db';
import { isUniqueViolation } from '../../platform/db-errors';
import { likePattern } from '../../platform/search';
import { collectionProducts, collections, productImages, products } from './products.tables';

export type CollectionValues = Pick<
  typeof collections.$inferInsert,
  'name' | 'description' | 'imageId'
>;

/** The index that keeps a name once per organization, whatever its case. */
const NAME_UNIQUE = 'collections_organization_name_unique';

const productsCount = sql<number>`(select count(*)::int from ${collectionProducts} where ${collectionProducts.collectionId} = ${collections.id})`;

/** A collection with what its view shows: the image's size and how many products it holds. */
const listed = {
  id: collections.id,
  name: collections.name,
  description: collections.description,
  imageId: collections.imageId,
  imageWidth: productImages.width,
  imageHeight: productImages.height,
  productsCount,
  createdAt: collections.createdAt,
  updatedAt: collections.updatedAt,
};
export interface CollectionRow {
  id: string;
  name: string;
  description: string | null;
  imageId: string | null;
  imageWidth: number | null;
  imageHeight: number | null;
  productsCount: number;
  createdAt: Date;
  updatedAt: Date;
}

const selectListed = (db: DbOrTx) =>
  db
    .select(listed)
    .from(collections)
    .leftJoin(productImages, eq(productImages.id, collections.imageId));

const ofOrganization = (organizationId: string, id: string) =>
  and(eq(collections.organizationId, organizationId), eq(collections.id, id));

/** One page of the organization's collections by name, as a Spanish reader sorts them. */
export async function findCollections(
  db: DbOrTx,
  organizationId: string,
  query: { search?: string | undefined; page: number; pageSize: number },
): Promise<{ rows: CollectionRow[]; total: number }> {
  const conditions: SQL[] = [eq(collections.organizationId, organizationId)];
  if (query.search) conditions.push(ilike(collections.name, likePattern(query.search)));
  const where = and(...conditions);
  const [rows, total] = await Promise.all([
    selectListed(db)
      .where(where)
      .orderBy(asc(sql`${collections.name} collate "es-x-icu"`), asc(collections.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.$count(collections, where),
  ]);
  return { rows: rows as CollectionRow[], total };
}

export async function findCollection(
  db: DbOrTx,
  organizationId: string,
  id: string,
): Promise<CollectionRow | undefined> {
  const [row] = await selectListed(db).where(ofOrganization(organizationId, id));
  return row as CollectionRow | undefined;
}

/**
 * Whether the organization may give the image to the collection (`collectionId` null for a
 * new one): an upload no product claimed and no other collection shows, or the collection's
 * own. The row is locked, so two saves naming one upload at once do not both take it.
 */
export async function imageClaimable(
  tx: DbOrTx,
  organizationId: string,
  imageId: string,
  collectionId: string | null,
): Promise<boolean> {
  const [image] = await tx
    .select({ id: productImages.id })
    .from(productImages)
    .where(
      and(
        eq(productImages.organizationId, organizationId),
        eq(productImages.id, imageId),
        isNull(productImages.productId),
      ),
    )
    .for('update');
  if (!image) return false;
  const others = await tx.$count(
    collections,
    and(
      eq(collections.imageId, imageId),
      collectionId ? ne(collections.id, collectionId) : undefined,
    ),
  );
  return others === 0;
}

/** Runs a write, answering `'name_taken'` when the organization already has the name. */
async function unlessNameTaken<T>(write: () => Promise<T>): Promise<T | 'name_taken'> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error, NAME_UNIQUE)) return 'name_taken';
    throw error;
  }
}

export async function insertCollection(
  tx: DbOrTx,
  organizationId: string,
  values: CollectionValues,
  now: Date,
): Promise<string | 'name_taken'> {
  return unlessNameTaken(async () => {
    const [row] = await tx
      .insert(collections)
      .values({ ...values, organizationId, createdAt: now, updatedAt: now })
      .returning({ id: collections.id });
    return row!.id;
  });
}

/** Answers whether the organization had the collection, or `'name_taken'`. */
export async function updateCollection(
  tx: DbOrTx,
  organizationId: string,
  id: string,
  values: CollectionValues,
  now: Date,
): Promise<boolean | 'name_taken'> {
  return unlessNameTaken(async () => {
    const rows = await tx
      .update(collections)
      .set({ ...values, updatedAt: now })
      .where(ofOrganization(organizationId, id))
      .returning({ id: collections.id });
    return rows.length > 0;
  });
}

/** Marks the collection changed; answers whether the organization has it (locking its row). */
export async function touchCollection(
  tx: DbOrTx,
  organizationId: string,
  id: string,
  now: Date,
): Promise<boolean> {
  const rows = await tx
    .update(collections)
    .set({ updatedAt: now })
    .where(ofOrganization(organizationId, id))
    .returning({ id: collections.id });
  return rows.length > 0;
}

export async function deleteCollection(
  db: DbOrTx,
  organizationId: string,
  id: string,
): Promise<boolean> {
  const rows = await db
    .delete(collections)
    .where(ofOrganization(organizationId, id))
    .returning({ id: collections.id });
  return rows.length > 0;
}

/** How many of the (distinct) ids are products of the organization. */
export async function countOwnProducts(
  db: DbOrTx,
  organizationId: string,
  ids: string[],
): Promise<number> {
  return db.$count(
    products,
    and(eq(products.organizationId, organizationId), inArray(products.id, ids)),
  );
}

export async function deleteCollectionProducts(
  tx: DbOrTx,
  organizationId: string,
  collectionId: string,
  productIds: string[],
): Promise<void> {
  await tx
    .delete(collectionProducts)
    .where(
      and(
        eq(collectionProducts.organizationId, organizationId),
        eq(collectionProducts.collectionId, collectionId),
        inArray(collectionProducts.productId, productIds),
      ),
    );
}
