import {
  errorMessage,
  missingToPublish,
  productImageUrl,
  skuKey,
  type ErrorCode,
  type Language,
  type PageMeta,
  type ProductBulkInput,
  type ProductBulkResult,
  type ProductData,
  type ProductListItem,
  type ProductsQuery,
  type ProductView,
  type TariffStatus,
} from '@despacho/domain';
import { randomUUID } from 'node:crypto';
import type { DbOrTx } from '../../platform/db';
import { deleteUnlessReferenced, isUniqueViolation } from '../../platform/db-errors';
import { AppError, notFound } from '../../platform/errors';
import { searchWords } from '../../platform/search';
import type { ProductMedia } from './product-media.service';
import {
  DATASHEET_PURPOSE,
  findProblems,
  problemError,
  type ProblemDeps,
  type ProductProblem,
} from './products.problems';
import * as listRepository from './products.list.repository';
import * as repository from './products.repository';
import { handleFor } from './products.search';
import {
  byProduct,
  productValues,
  productView,
  tariffStatusAfter,
  variantValues,
  type ProductParts,
} from './products.view';

export type { ProductProblem } from './products.problems';

type ExportFilters = Omit<ProductsQuery, 'page' | 'pageSize' | 'sort'>;

/**
 * The list's filters. A search of one word that is exactly a SKU or barcode finds those products
 * alone (the index on SKUs answers it); any other search matches every word in the name, handle,
 * tags, SKUs and barcodes.
 */
async function filtersOf(
  db: DbOrTx,
  organizationId: string,
  query: ExportFilters,
): Promise<listRepository.ProductFilters> {
  const words = searchWords(query.search);
  const term = query.search?.trim();
  const exactIds =
    term && words.length === 1
      ? await listRepository.productsWithCode(db, organizationId, term)
      : [];
  return {
    ...(exactIds.length > 0 ? { words: [], exactIds } : { words }),
    status: query.status,
    vendorId: query.vendor_id,
    collectionId: query.collection_id,
    tag: query.tag,
    tariffStatus: query.tariff_status,
  };
}

/** A handle's n-th candidate: "playera", "playera-2", "playera-3"… */
const candidate = (base: string, n: number) => (n === 1 ? base : `${base}-${n}`);
/** Candidates checked per round for a name the organization already uses. */
const HANDLE_WINDOW = 20;

/** The SKU key a unique violation names (`Key (organization_id, lower(sku))=(…, abc-1)`). */
function violatedSku(error: unknown): string {
  for (let cause = error; cause instanceof Error; cause = cause.cause) {
    const detail = (cause as { detail?: string }).detail;
    const match = detail && /=\([^,]+, (.*)\) already exists/.exec(detail);
    if (match) return match[1]!;
  }
  return '';
}

const EXPORT_BATCH = 500;

/**
 * The product catalogue (`products`), always scoped by the caller's organization: another
 * organization's id is NOT_FOUND. A SKU is the organization's once, whatever its case; the
 * unique index decides between saves at the same instant (PRODUCT_ALREADY_REGISTERED).
 */
/** What the list reads of inventory: the units available of each product. */
interface StockRead {
  availableByProduct(
    organizationId: string,
    productIds: readonly string[],
  ): Promise<Map<string, number>>;
}

export class ProductsService {
  constructor(private readonly deps: ProblemDeps & { media: ProductMedia }) {}

  /** The list's "Stock" (issue 15): inventory's read, handed over by inventory's builder. */
  private stock?: StockRead;

  /** Inventory depends on products' variants, so it hands its read over once it is built. */
  showStockFrom(stock: StockRead): void {
    this.stock = stock;
  }

  private stockRead(): StockRead {
    if (!this.stock) throw new Error('products: inventory has not handed over its stock read');
    return this.stock;
  }

  /** Every problem of these products against the database (see `findProblems`). */
  findProblems(
    organizationId: string,
    products: ProductData[],
    ownIds: readonly (string | undefined)[] = [],
  ): Promise<ProductProblem[]> {
    return findProblems(this.deps, organizationId, products, ownIds);
  }

  async create(
    organizationId: string,
    data: ProductData,
    language: Language = 'es',
  ): Promise<ProductView> {
    const [id] = await this.createMany(organizationId, [data], language);
    return this.get(organizationId, id!);
  }

  /**
   * Creates the products in one transaction with multi-row inserts (products, variants, image
   * claims, collection links), under the rules of `create`; answers their ids in order.
   */
  async createMany(
    organizationId: string,
    products: ProductData[],
    language: Language = 'es',
  ): Promise<string[]> {
    const [problem] = await this.findProblems(organizationId, products);
    if (problem) throw problemError(problem, language);
    const now = this.deps.clock.now();
    const ids = products.map(() => randomUUID());
    const catalogueLoaded = await this.deps.tariffFractions.catalogueLoaded();
    await this.write(products, language, async (tx) => {
      await this.insertWithHandles(tx, organizationId, products, ids, now, catalogueLoaded);
      await repository.insertVariants(
        tx,
        products.flatMap((product, index) =>
          product.variants.map((variant, position) => ({
            ...variantValues(variant, position),
            organizationId,
            productId: ids[index]!,
            createdAt: now,
            updatedAt: now,
          })),
        ),
      );
      await this.claimImages(tx, organizationId, products, ids);
      await repository.linkCollections(
        tx,
        organizationId,
        products.flatMap((product, index) =>
          product.collection_ids.map((collectionId) => ({ collectionId, productId: ids[index]! })),
        ),
        now,
      );
    });
    return ids;
  }

  /**
   * Inserts the products, each with the first free handle its name suggests: taken handles are
   * looked up a window at a time, and a handle another save takes meanwhile sends its product
   * to the next round.
   */
  private async insertWithHandles(
    tx: DbOrTx,
    organizationId: string,
    products: ProductData[],
    ids: string[],
    now: Date,
    catalogueLoaded: boolean,
  ): Promise<void> {
    const bases = products.map((product) => product.handle ?? handleFor(product.name));
    const next = bases.map(() => 1);
    let pending = products.map((_, index) => index);
    while (pending.length > 0) {
      const taken = await repository.takenHandles(
        tx,
        organizationId,
        pending.flatMap((index) =>
          Array.from({ length: HANDLE_WINDOW }, (_, n) =>
            candidate(bases[index]!, next[index]! + n),
          ),
        ),
      );
      const rows: repository.ProductInsert[] = [];
      for (const index of pending) {
        const limit = next[index]! + HANDLE_WINDOW;
        let n = next[index]!;
        while (n < limit && taken.has(candidate(bases[index]!, n))) n += 1;
        next[index] = n === limit ? n : n + 1;
        if (n === limit) continue;
        const handle = candidate(bases[index]!, n);
        // Products of one batch with the same name take consecutive handles.
        taken.add(handle);
        const product = products[index]!;
        rows.push({
          ...productValues(product, handle),
          organizationId,
          id: ids[index]!,
          handle,
          tariffStatus: tariffStatusAfter(product, catalogueLoaded),
          createdAt: now,
          updatedAt: now,
        });
      }
      const inserted = await repository.insertProducts(tx, rows);
      pending = pending.filter((index) => !inserted.has(ids[index]!));
    }
  }

  /** Claims each product's images in order (the first is the cover); a lost race is refused. */
  private async claimImages(
    tx: DbOrTx,
    organizationId: string,
    products: readonly ProductData[],
    ids: readonly string[],
  ): Promise<void> {
    const claims = products.flatMap((product, index) =>
      product.image_ids.map((id, position) => ({ id, productId: ids[index]!, position })),
    );
    const claimed = await repository.claimImages(tx, organizationId, claims);
    if (claimed < claims.length) throw new AppError('PRODUCT_IMAGE_NOT_FOUND');
  }

  /**
   * A transaction saving `products`: a SKU another save took meanwhile (the unique index decides)
   * answers PRODUCT_ALREADY_REGISTERED under that variant's field, as `findProblems` would have.
   */
  private async write<T>(
    products: readonly ProductData[],
    language: Language,
    work: (tx: DbOrTx) => Promise<T>,
  ): Promise<T> {
    try {
      return await this.deps.db.transaction(work);
    } catch (error) {
      if (!isUniqueViolation(error, repository.SKU_UNIQUE)) throw error;
      const key = violatedSku(error);
      const [problem] = products.flatMap((product, index) =>
        product.variants.flatMap((variant, position) =>
          variant.sku && skuKey(variant.sku) === key
            ? [
                {
                  index,
                  path: ['variants', position, 'sku'],
                  code: 'PRODUCT_ALREADY_REGISTERED',
                  params: { sku: variant.sku },
                },
              ]
            : [],
        ),
      );
      throw problemError(
        problem ?? { index: 0, path: [], code: 'PRODUCT_ALREADY_REGISTERED', params: { sku: key } },
        language,
      );
    }
  }

  /**
   * Replaces the product: variants sent with their id are updated (another product's id is
   * NOT_FOUND), new ones inserted, those left out deleted (RECORD_IN_USE when referenced);
   * images left out are deleted, and the handle stays.
   */
  async update(
    organizationId: string,
    id: string,
    data: ProductData,
    language: Language = 'es',
  ): Promise<ProductView> {
    const [problem] = await findProblems(this.deps, organizationId, [data], [id]);
    if (problem) throw problemError(problem, language);
    const now = this.deps.clock.now();
    const catalogueLoaded = await this.deps.tariffFractions.catalogueLoaded();
    const leftOut = await this.write([data], language, async (tx) => {
      const row = await repository.lockProduct(tx, organizationId, id);
      if (!row) throw notFound();
      const existing = new Map(
        (await repository.findVariants(tx, organizationId, [id])).map((v) => [v.id, v]),
      );
      if (data.variants.some((variant) => variant.id && !existing.has(variant.id))) {
        throw notFound();
      }
      const kept = new Set(data.variants.flatMap((variant) => variant.id ?? []));
      const removed = [...existing.keys()].filter((variantId) => !kept.has(variantId));
      await deleteUnlessReferenced(() => repository.deleteVariants(tx, organizationId, removed));
      // Kept variants may swap SKUs: theirs are cleared first, so no step meets the other's.
      await repository.clearSkus(tx, organizationId, [...kept]);
      const inserts: repository.VariantInsert[] = [];
      for (const [position, variant] of data.variants.entries()) {
        const values = { ...variantValues(variant, position), updatedAt: now };
        if (variant.id) await repository.updateVariant(tx, organizationId, variant.id, values);
        else inserts.push({ ...values, organizationId, productId: id, createdAt: now });
      }
      await repository.insertVariants(tx, inserts);
      await repository.updateProductRow(tx, organizationId, id, {
        ...productValues(data, row.handle),
        tariffStatus: tariffStatusAfter(data, catalogueLoaded, row.tariffStatus),
        updatedAt: now,
      });
      const images = await repository.imagesLeftOut(tx, organizationId, id, data.image_ids);
      await repository.deleteImages(
        tx,
        images.map((image) => image.id),
      );
      await this.claimImages(tx, organizationId, [data], [id]);
      await repository.unlinkCollections(tx, organizationId, id, data.collection_ids);
      await repository.linkCollections(
        tx,
        organizationId,
        data.collection_ids.map((collectionId) => ({ collectionId, productId: id })),
        now,
      );
      return images;
    });
    await this.deps.media.forget(organizationId, leftOut);
    return this.get(organizationId, id);
  }

  /**
   * The classification service's one write of products (issue 24): the tariff status of the
   * organization's products and, when a result is published, their code (fracción and NICO). In
   * the caller's transaction; answers the ids it changed (another organization's are not).
   */
  async setTariff(
    tx: DbOrTx,
    organizationId: string,
    productIds: readonly string[],
    change: { status: TariffStatus; code?: { fraction: string; nico: string } },
  ): Promise<string[]> {
    return repository.setTariff(tx, organizationId, productIds, {
      tariffStatus: change.status,
      ...(change.code ? { tariffFraction: change.code.fraction, tariffNico: change.code.nico } : {}),
      updatedAt: this.deps.clock.now(),
    });
  }

  async get(organizationId: string, id: string): Promise<ProductView> {
    const [view] = await this.getMany(organizationId, [id]);
    if (!view) throw notFound();
    return view;
  }

  /** The views of these products of the organization, in the order of `ids`. */
  async getMany(organizationId: string, ids: readonly string[]): Promise<ProductView[]> {
    const { db } = this.deps;
    const rows = await repository.findProducts(db, organizationId, ids);
    if (rows.length === 0) return [];
    const found = rows.map((row) => row.id);
    const [variants, images, collections, vendorNames, datasheets] = await Promise.all([
      repository.findVariants(db, organizationId, found),
      repository.findImagesOf(db, organizationId, found),
      repository.findCollectionsOf(db, organizationId, found),
      this.deps.vendors.names(
        organizationId,
        rows.flatMap((row) => row.vendorId ?? []),
      ),
      this.deps.files.findMany(
        organizationId,
        rows.flatMap((row) => row.datasheetFileId ?? []),
        DATASHEET_PURPOSE,
      ),
    ]);
    const variantsOf = byProduct(variants);
    const imagesOf = byProduct(images);
    const collectionsOf = byProduct(collections);
    const datasheetById = new Map(datasheets.map((file) => [file.id, file]));
    const byId = new Map(
      rows.map((row) => {
        const parts: ProductParts = {
          variants: variantsOf.get(row.id) ?? [],
          images: imagesOf.get(row.id) ?? [],
          collections: (collectionsOf.get(row.id) ?? []).map(({ id, name }) => ({ id, name })),
          vendorName: row.vendorId ? (vendorNames.get(row.vendorId) ?? null) : null,
          datasheet: row.datasheetFileId ? (datasheetById.get(row.datasheetFileId) ?? null) : null,
        };
        return [row.id, productView(row, parts)];
      }),
    );
    return ids.flatMap((id) => byId.get(id) ?? []);
  }

  async list(
    organizationId: string,
    query: ProductsQuery,
  ): Promise<{ data: ProductListItem[]; meta: PageMeta }> {
    const { db } = this.deps;
    const { ids, total, capped } = await listRepository.findPage(db, organizationId, {
      ...(await filtersOf(db, organizationId, query)),
      sort: query.sort,
      page: query.page,
      pageSize: query.pageSize,
    });
    const rows = await listRepository.findListItems(db, organizationId, ids);
    const [vendorNames, stock] = await Promise.all([
      this.deps.vendors.names(
        organizationId,
        rows.flatMap((row) => row.vendorId ?? []),
      ),
      this.stockRead().availableByProduct(organizationId, ids),
    ]);
    return {
      data: rows.map((row) => ({
        id: row.id,
        name: row.name,
        status: row.status,
        tariff_status: row.tariffStatus,
        vendor: row.vendorId
          ? { id: row.vendorId, name: vendorNames.get(row.vendorId) ?? '' }
          : null,
        tags: row.tags,
        variants_count: row.variantsCount,
        price_min: row.priceMin,
        price_max: row.priceMax,
        sku: row.sku,
        stock: stock.get(row.id) ?? null,
        thumbnail_url: row.coverId ? productImageUrl(row.coverId, 'thumbnail') : null,
        updated_at: row.updatedAt.toISOString(),
      })),
      meta: { page: query.page, pageSize: query.pageSize, total, ...(capped ? { capped } : {}) },
    };
  }

  /** The products the filters select, in batches of about 500 in a stable order (the CSV). */
  async *forExport(organizationId: string, filters: ExportFilters): AsyncIterable<ProductView[]> {
    const query = await filtersOf(this.deps.db, organizationId, filters);
    let after: string | null = null;
    for (;;) {
      const ids = await listRepository.findIdsAfter(
        this.deps.db,
        organizationId,
        query,
        after,
        EXPORT_BATCH,
      );
      if (ids.length === 0) return;
      yield await this.getMany(organizationId, ids);
      after = ids.at(-1)!;
    }
  }

  /** Deletes the product with its variants and images; RECORD_IN_USE when something references it. */
  async remove(organizationId: string, id: string): Promise<void> {
    const images = await this.removeOne(organizationId, id);
    if (!images) throw notFound();
    await this.deps.media.forget(organizationId, images);
  }

  /** Deletes one product in its own transaction; answers its images, or null when absent. */
  private async removeOne(organizationId: string, id: string) {
    return this.deps.db.transaction(async (tx) => {
      const images = await repository.findImagesOf(tx, organizationId, [id]);
      const deleted = await deleteUnlessReferenced(() =>
        repository.deleteProduct(tx, organizationId, id),
      );
      return deleted ? images : null;
    });
  }

  /**
   * Archives, publishes, adds to a collection or deletes each product on its own: the answer
   * lists those done and those refused with their code. A collection that is not the
   * organization's refuses the whole request (NOT_FOUND).
   */
  async bulk(
    organizationId: string,
    input: ProductBulkInput,
    language: Language = 'es',
  ): Promise<ProductBulkResult> {
    const { db } = this.deps;
    const now = this.deps.clock.now();
    if (input.action === 'add_to_collection') {
      const collectionId = input.collection_id!;
      const known = await repository.collectionIdsOf(db, organizationId, [collectionId]);
      if (!known.has(collectionId)) throw notFound();
    }
    const ids = [...new Set(input.ids)];
    const rows = await repository.findProducts(db, organizationId, ids);
    const byId = new Map(rows.map((row) => [row.id, row]));
    const done: string[] = [];
    const refused: ProductBulkResult['refused'] = [];
    const refuse = (id: string, code: ErrorCode) =>
      refused.push({
        id,
        name: byId.get(id)?.name ?? '',
        code,
        message: errorMessage(code, language),
      });
    for (const id of ids) if (!byId.has(id)) refuse(id, 'NOT_FOUND');
    // The request's order, whatever order the rows came in.
    const found = ids.filter((id) => byId.has(id));

    switch (input.action) {
      case 'archive':
        await repository.setStatus(db, organizationId, found, 'ARCHIVED', now);
        done.push(...found);
        break;
      case 'publish': {
        const variantsOf = byProduct(await repository.findVariants(db, organizationId, found));
        const ready = found
          .map((id) => byId.get(id)!)
          .filter((row) => {
            const variants = (variantsOf.get(row.id) ?? []).map((variant) => ({
              sku: variant.sku,
              price: variant.priceCentavos,
              weight: variant.weight,
              length: variant.length,
              width: variant.width,
              height: variant.height,
            }));
            const missing = missingToPublish({
              ...row,
              sat_product_code: row.satProductCode,
              sat_unit_code: row.satUnitCode,
              variants,
            });
            if (missing.length > 0) refuse(row.id, 'PRODUCT_INCOMPLETE');
            return missing.length === 0;
          });
        await repository.setStatus(
          db,
          organizationId,
          ready.map((row) => row.id),
          'ACTIVE',
          now,
        );
        done.push(...ready.map((row) => row.id));
        break;
      }
      case 'add_to_collection':
        await repository.linkCollections(
          db,
          organizationId,
          found.map((productId) => ({ collectionId: input.collection_id!, productId })),
          now,
        );
        done.push(...found);
        break;
      case 'delete':
        for (const row of found.map((id) => byId.get(id)!)) {
          if (row.status !== 'DRAFT') {
            refuse(row.id, 'PRODUCT_NOT_DRAFT');
            continue;
          }
          try {
            const images = await this.removeOne(organizationId, row.id);
            if (images) await this.deps.media.forget(organizationId, images);
            done.push(row.id);
          } catch (error) {
            if (!(error instanceof AppError)) throw error;
            refuse(row.id, error.code);
          }
        }
        break;
    }
    return { done, refused };
  }
}
