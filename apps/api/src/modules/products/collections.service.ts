import {
  errorMessage,
  productImageUrl,
  type CollectionData,
  type CollectionsQuery,
  type CollectionView,
  type Language,
  type PageMeta,
} from '@despacho/domain';
import type { Clock } from '../../platform/clock';
import type { Db, DbOrTx } from '../../platform/db';
import { AppError, notFound } from '../../platform/errors';
import * as repository from './collections.repository';
import { linkCollections } from './products.repository';

function collectionView(row: repository.CollectionRow): CollectionView {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    image:
      row.imageId === null
        ? null
        : {
            id: row.imageId,
            width: row.imageWidth ?? 0,
            height: row.imageHeight ?? 0,
            url: productImageUrl(row.imageId),
            thumbnail_url: productImageUrl(row.imageId, 'thumbnail'),
          },
    products_count: row.productsCount,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** COLLECTION_NAME_TAKEN (409), with its message under the name field of the form. */
const nameTaken = (language: Language) =>
  new AppError(
    'COLLECTION_NAME_TAKEN',
    {},
    { name: errorMessage('COLLECTION_NAME_TAKEN', language) },
  );

/**
 * Manual collections (`products/collections`), scoped by the caller's organization: another
 * organization's collection or product answers NOT_FOUND. The name is the organization's once,
 * whatever its case; the unique index decides, so two saves at once cannot both take it.
 */
export class CollectionsService {
  constructor(private readonly deps: { db: Db; clock: Clock }) {}

  async list(
    organizationId: string,
    query: CollectionsQuery,
  ): Promise<{ data: CollectionView[]; meta: PageMeta }> {
    const { rows, total } = await repository.findCollections(this.deps.db, organizationId, query);
    return {
      data: rows.map(collectionView),
      meta: { page: query.page, pageSize: query.pageSize, total },
    };
  }

  async get(organizationId: string, id: string): Promise<CollectionView> {
    return this.read(this.deps.db, organizationId, id);
  }

  async create(
    organizationId: string,
    input: CollectionData,
    language: Language,
  ): Promise<CollectionView> {
    return this.deps.db.transaction(async (tx) => {
      await this.assertImage(tx, organizationId, input.image_id, null);
      const id = await repository.insertCollection(
        tx,
        organizationId,
        values(input),
        this.deps.clock.now(),
      );
      if (id === 'name_taken') throw nameTaken(language);
      return this.read(tx, organizationId, id);
    });
  }

  async update(
    organizationId: string,
    id: string,
    input: CollectionData,
    language: Language,
  ): Promise<CollectionView> {
    return this.deps.db.transaction(async (tx) => {
      if (!(await repository.findCollection(tx, organizationId, id))) throw notFound();
      await this.assertImage(tx, organizationId, input.image_id, id);
      const updated = await repository.updateCollection(
        tx,
        organizationId,
        id,
        values(input),
        this.deps.clock.now(),
      );
      if (updated === 'name_taken') throw nameTaken(language);
      if (!updated) throw notFound();
      return this.read(tx, organizationId, id);
    });
  }

  /** The collection goes; its products and its image upload stay (the upload is swept later). */
  async remove(organizationId: string, id: string): Promise<void> {
    if (!(await repository.deleteCollection(this.deps.db, organizationId, id))) throw notFound();
  }

  /** Every id must be one of the organization's products, or nothing is added (NOT_FOUND). */
  async addProducts(
    organizationId: string,
    id: string,
    productIds: string[],
  ): Promise<CollectionView> {
    const ids = [...new Set(productIds)];
    return this.deps.db.transaction(async (tx) => {
      if (!(await repository.touchCollection(tx, organizationId, id, this.deps.clock.now())))
        throw notFound();
      if ((await repository.countOwnProducts(tx, organizationId, ids)) !== ids.length)
        throw notFound();
      await linkCollections(
        tx,
        organizationId,
        ids.map((productId) => ({ collectionId: id, productId })),
        this.deps.clock.now(),
      );
      return this.read(tx, organizationId, id);
    });
  }

  async removeProducts(
    organizationId: string,
    id: string,
    productIds: string[],
  ): Promise<CollectionView> {
    return this.deps.db.transaction(async (tx) => {
      if (!(await repository.touchCollection(tx, organizationId, id, this.deps.clock.now())))
        throw notFound();
      await repository.deleteCollectionProducts(tx, organizationId, id, productIds);
      return this.read(tx, organizationId, id);
    });
  }

  private async read(db: DbOrTx, organizationId: string, id: string): Promise<CollectionView> {
    const row = await repository.findCollection(db, organizationId, id);
    if (!row) throw notFound();
    return collectionView(row);
  }

  /** PRODUCT_IMAGE_NOT_FOUND (400) unless the image is an upload the collection may show. */
  private async assertImage(
    tx: DbOrTx,
    organizationId: string,
    imageId: string | undefined,
    collectionId: string | null,
  ): Promise<void> {
    if (imageId === undefined) return;
    if (!(await repository.imageClaimable(tx, organizationId, imageId, collectionId)))
      throw new AppError('PRODUCT_IMAGE_NOT_FOUND');
  }
}

function values(input: CollectionData): repository.CollectionValues {
  return {
    name: input.name,
    description: input.description ?? null,
    imageId: input.image_id ?? null,
  };
}
