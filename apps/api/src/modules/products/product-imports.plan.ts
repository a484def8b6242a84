import {
  PRODUCT_IMPORT_MESSAGES,
  skuKey,
  type ProductData,
  type ProductImportError,
  type ProductImportOutcome,
  type ProductView,
} from '@despacho/domain';
import { isDeepStrictEqual } from 'node:util';
import { CSV_BOM } from '../../platform/csv';
import { errorAt, ProductCsvReader, type ReadContext, type ReadFile } from './products.csv.read';
import { ProductCsvWriter, productCsvHeaderLine } from './products.csv.write';

/**
 * What an import does with each product of a file, decided before anything is written (the
 * upload's preview and, again, the job that applies it). A product of the file is the
 * organization's product with its handle, else the one holding its SKUs; found, it is updated,
 * or left unchanged when the file says what it already is; not found, it is created. A product
 * with any error in its rows, or whose SKUs belong to different products, is refused alone.
 */

/** One product of the file and what applying it does. */
export interface PlannedProduct {
  /** Its first row in the file. */
  row: number;
  handle: string;
  name: string;
  outcome: ProductImportOutcome;
  /** To create, or the update's whole product (what the file lacks kept from the stored one). */
  data?: ProductData;
  /** The stored product it updates or leaves unchanged. */
  productId?: string;
}

/** What the plan needs of the database, passed in so that it stays testable. */
export interface PlanLookups {
  /** Product ids by handle, of those `handles`. */
  productsByHandle(handles: string[]): Promise<Map<string, string>>;
  /** Product id by SKU key, of those `skuKeys`. */
  productsBySku(skuKeys: string[]): Promise<Map<string, string>>;
  /** The stored products, to compare and to merge into. */
  views(ids: string[]): Promise<ProductView[]>;
  /** The database's problems of products to save, `ownIds[i]` the one each replaces. */
  problems(
    products: ProductData[],
    ownIds: (string | undefined)[],
  ): Promise<{ index: number; path: readonly PropertyKey[]; message: string }[]>;
}

/** A product's data as the file would carry it: what the export writes, read back. */
function asFileReads(views: ProductView[], context: ReadContext): Map<string, ProductData> {
  if (views.length === 0) return new Map();
  const writer = new ProductCsvWriter(context.language);
  const text =
    CSV_BOM +
    productCsvHeaderLine(context.language) +
    views.map((view) => writer.lines(view)).join('');
  const read = ProductCsvReader.read(Buffer.from(text), context);
  const byHandle = new Map(
    read.products.flatMap((product) => (product.data ? [[product.data.handle, product.data]] : [])),
  );
  return new Map(
    views.flatMap((view) => {
      const data = byHandle.get(view.handle);
      return data ? [[view.id, data]] : [];
    }),
  );
}

/** Without the handle: a product found by its SKUs keeps its own. */
const comparable = (data: ProductData) => ({ ...data, handle: undefined });

/**
 * The update of `view` by the file's `data`: the file has no images, collections, data sheet or
 * product-level cost and measures, so those stay; a variant is the stored one with its SKU (else
 * with its option values), and a measure or cost the file repeats from the product stays the
 * product's.
 */
function merged(view: ProductView, data: ProductData): ProductData {
  const stored = [...view.variants];
  const take = (found: number) => (found < 0 ? undefined : stored.splice(found, 1)[0]);
  const variants = data.variants.map((variant) => {
    const same = take(
      variant.sku
        ? stored.findIndex((v) => v.sku !== null && skuKey(v.sku) === skuKey(variant.sku!))
        : stored.findIndex(
            (v) => !v.sku && isDeepStrictEqual(v.option_values, variant.option_values),
          ),
    );
    if (!same) return variant;
    const inherited = (field: 'cost' | 'weight' | 'length' | 'width' | 'height') =>
      same[field] === null && variant[field] === (view[field] ?? undefined)
        ? undefined
        : variant[field];
    return {
      ...variant,
      id: same.id,
      cost: inherited('cost'),
      weight: inherited('weight'),
      length: inherited('length'),
      width: inherited('width'),
      height: inherited('height'),
    };
  });
  return {
    ...data,
    cost: view.cost ?? undefined,
    weight: view.weight ?? undefined,
    length: view.length ?? undefined,
    width: view.width ?? undefined,
    height: view.height ?? undefined,
    datasheet_file_id: view.datasheet?.file_id,
    image_ids: view.images.map((image) => image.id),
    collection_ids: view.collections.map((collection) => collection.id),
    variants,
  };
}

/** The rows of the file where `errors` fall, by the product each row belongs to. */
function refusedByErrors(file: ReadFile, errors: ProductImportError[]): Set<number> {
  const rows = new Set(errors.map((error) => error.row));
  const refused = new Set<number>();
  file.products.forEach((product, index) => {
    if (!product.data || product.rows.some((row) => rows.has(row))) refused.add(index);
  });
  return refused;
}

/**
 * Plans a read file: each product's outcome, and the errors (the file's and the database's),
 * the errors of the products refused by the database placed at their rows and columns.
 */
export async function planImport(
  file: ReadFile,
  context: ReadContext,
  lookups: PlanLookups,
): Promise<{ products: PlannedProduct[]; errors: ProductImportError[] }> {
  const errors = [...file.errors];
  const refused = refusedByErrors(file, errors);
  const valid = file.products.flatMap((product, index) =>
    product.data && !refused.has(index) ? [{ index, data: product.data }] : [],
  );
  const [byHandle, bySku] = await Promise.all([
    lookups.productsByHandle(valid.flatMap(({ data }) => data.handle ?? [])),
    lookups.productsBySku(
      valid.flatMap(({ data }) => data.variants.flatMap((v) => (v.sku ? skuKey(v.sku) : []))),
    ),
  ]);

  // Each file product's stored product; a stored product is the file's once (the first).
  const targets = new Map<number, string>();
  const claimed = new Set<string>();
  for (const { index, data } of valid) {
    const owners = new Set(
      data.variants.flatMap((v) => (v.sku ? (bySku.get(skuKey(v.sku)) ?? []) : [])),
    );
    const target = (data.handle && byHandle.get(data.handle)) ?? [...owners][0];
    if (!data.handle || !byHandle.has(data.handle)) {
      if (owners.size > 1) {
        errors.push(
          errorAt(
            file.headers,
            file.products[index]!,
            [],
            PRODUCT_IMPORT_MESSAGES.sku_elsewhere[context.language],
          ),
        );
        refused.add(index);
        continue;
      }
    }
    if (target && !claimed.has(target)) {
      targets.set(index, target);
      claimed.add(target);
    }
  }

  const views = new Map(
    (await lookups.views([...targets.values()])).map((view) => [view.id, view]),
  );
  const asRead = asFileReads([...views.values()], context);
  const planned = new Map<number, PlannedProduct>();
  const toSave: { index: number; data: ProductData; productId?: string }[] = [];
  for (const { index, data } of valid) {
    if (refused.has(index)) continue;
    const productId = targets.get(index);
    const view = productId ? views.get(productId) : undefined;
    const base = {
      row: file.products[index]!.rows[0]!,
      handle: data.handle ?? '',
      name: data.name,
    };
    if (!view) {
      toSave.push({ index, data });
      planned.set(index, { ...base, outcome: 'created', data });
      continue;
    }
    const now = asRead.get(view.id);
    if (now && isDeepStrictEqual(comparable(now), comparable(data))) {
      planned.set(index, { ...base, outcome: 'unchanged', productId: view.id });
      continue;
    }
    const update = merged(view, data);
    toSave.push({ index, data: update, productId: view.id });
    planned.set(index, { ...base, outcome: 'updated', data: update, productId: view.id });
  }

  const problems = await lookups.problems(
    toSave.map((save) => save.data),
    toSave.map((save) => save.productId),
  );
  for (const problem of problems) {
    const { index } = toSave[problem.index]!;
    errors.push(errorAt(file.headers, file.products[index]!, problem.path, problem.message));
    refused.add(index);
  }

  const products = file.products.map((product, index): PlannedProduct => {
    const plan = planned.get(index);
    if (plan && !refused.has(index)) return plan;
    return {
      row: product.rows[0]!,
      handle: product.handle,
      name: product.name,
      outcome: 'refused',
    };
  });
  return { products, errors };
}
