import {
  PACKAGE_UNITS,
  PRODUCT_IMPORT_STATUSES,
  type ProductImportRow,
  PRODUCT_STATUSES,
  TARIFF_STATUSES,
} from '@despacho/domain';
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  foreignKey,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { organizations } from '../accounts/accounts.tables';
import { vendors } from '../vendors/vendors.tables';

const inList = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '));
const money = () => bigint({ mode: 'number' });
const dimension = () => numeric({ precision: 10, scale: 2, mode: 'number' });
const weight = () => numeric({ precision: 10, scale: 3, mode: 'number' });
const created = () => timestamp({ withTimezone: true }).notNull();

/**
 * The catalogue (`products`). Prices, costs and comparison prices are integer centavos;
 * dimensions and weight numeric in the product's `unit` (cm/kg or in/lb), as packages are.
 *
 * `search_text` is what the list search reads (decision 011): name, handle, tags, and every
 * variant's SKU and barcode, lower case and without accents (`productSearchText`), rewritten by
 * the service on every save; a GIN trigram index answers `LIKE '%word%'` on it. The tariff code
 * is stored as the 8-digit fracción and the 2-digit NICO apart (the NICO only once classified).
 */
export const products = pgTable(
  'products',
  {
    organizationId: uuid()
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    id: uuid().primaryKey().defaultRandom(),
    /** URL-style key unique per organization ("playera-basica"): the CSV groups rows by it. */
    handle: text().notNull(),
    name: text().notNull(),
    /** Sanitized HTML. */
    description: text(),
    status: text({ enum: PRODUCT_STATUSES }).notNull(),
    tariffStatus: text({ enum: TARIFF_STATUSES }).notNull().default('UNCLASSIFIED'),
    vendorId: uuid(),
    tags: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    costCentavos: money(),
    compareAtCentavos: money(),
    unit: text({ enum: PACKAGE_UNITS }).notNull(),
    weight: weight(),
    length: dimension(),
    width: dimension(),
    height: dimension(),
    brand: text(),
    model: text(),
    size: text(),
    use: text(),
    materials: text(),
    satUnitCode: text(),
    satProductCode: text(),
    originCountry: text(),
    manufactureCountry: text(),
    website: text(),
    datasheetFileId: uuid(),
    tariffFraction: text(),
    tariffNico: text(),
    /** [{ name, values: [...] }], at most 3, in the order the merchant gave. */
    /**
     * The collections the product is in, a copy of `collection_products` kept by its triggers
     * (collection-products.functions.sql): a GIN index answers the list's collection filter
     * the way it answers tags, without fetching every product of a large collection.
     */
    collectionIds: uuid()
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    options: jsonb().$type<{ name: string; values: string[] }[]>().notNull().default([]),
    searchText: text().notNull(),
    createdAt: created(),
    updatedAt: created(),
  },
  (table) => [
    uniqueIndex('products_organization_handle_unique').on(table.organizationId, table.handle),
    // The organization's vendor, never another's; deleting a vendor in use answers RECORD_IN_USE
    // (NO ACTION, not RESTRICT, so deleting the organization cascades through both).
    foreignKey({
      columns: [table.organizationId, table.vendorId],
      foreignColumns: [vendors.organizationId, vendors.id],
      name: 'products_vendor_fk',
    }),
    index('products_search_trgm').using('gin', sql`${table.searchText} gin_trgm_ops`),
    index('products_organization_updated').on(table.organizationId, table.updatedAt.desc()),
    index('products_organization_created').on(table.organizationId, table.createdAt.desc()),
    index('products_organization_name').on(table.organizationId, table.name),
    index('products_organization_status').on(
      table.organizationId,
      table.status,
      table.updatedAt.desc(),
    ),
    index('products_tags').using('gin', table.tags),
    index('products_collections').using('gin', table.collectionIds),
    check('products_status_check', sql`${table.status} in (${inList(PRODUCT_STATUSES)})`),
    check(
      'products_tariff_status_check',
      sql`${table.tariffStatus} in (${inList(TARIFF_STATUSES)})`,
    ),
    check('products_unit_check', sql`${table.unit} in (${inList(PACKAGE_UNITS)})`),
    check(
      'products_tariff_code_check',
      sql`(${table.tariffFraction} is null and ${table.tariffNico} is null) or (${table.tariffFraction} ~ '^[0-9]{8}$' and (${table.tariffNico} is null or ${table.tariffNico} ~ '^[0-9]{2}$'))`,
    ),
    check(
      'products_money_check',
      sql`coalesce(${table.costCentavos}, 0) >= 0 and coalesce(${table.compareAtCentavos}, 0) >= 0`,
    ),
    check('products_options_check', sql`jsonb_array_length(${table.options}) <= 3`),
  ],
);

/**
 * How many products each organization has, so the unfiltered list answers its total without
 * counting 100,000 index entries on every page. Kept by statement-level triggers on `products`
 * (migration `product-counts-triggers`, functions in product-counts.functions.sql), so every
 * insert and delete counts, whoever runs it: the service, the CSV import, a cascade.
 */
export const productCounts = pgTable('product_counts', {
  organizationId: uuid()
    .primaryKey()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  total: integer().notNull().default(0),
});

/**
 * A product's variants: the option combinations the merchant keeps (one default variant when
 * the product has no options). The SKU is unique per organization regardless of case, decided by
 * the unique index even for saves at the same instant. Measures left null use the product's.
 * Other domains (stock, orders, shipments) reference a variant with ON DELETE RESTRICT: deleting
 * it then answers RECORD_IN_USE.
 */
export const productVariants = pgTable(
  'product_variants',
  {
    organizationId: uuid().notNull(),
    id: uuid().notNull().defaultRandom(),
    productId: uuid().notNull(),
    position: integer().notNull(),
    optionValues: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    sku: text(),
    barcode: text(),
    priceCentavos: money(),
    costCentavos: money(),
    weight: weight(),
    length: dimension(),
    width: dimension(),
    height: dimension(),
    createdAt: created(),
    updatedAt: created(),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.id] }),
    uniqueIndex('product_variants_id_unique').on(table.id),
    foreignKey({
      columns: [table.productId],
      foreignColumns: [products.id],
      name: 'product_variants_product_fk',
    }).onDelete('cascade'),
    uniqueIndex('product_variants_sku_unique')
      .on(table.organizationId, sql`lower(${table.sku})`)
      .where(sql`${table.sku} is not null`),
    index('product_variants_barcode').on(table.organizationId, table.barcode),
    index('product_variants_product').on(table.productId, table.position),
    check(
      'product_variants_money_check',
      sql`coalesce(${table.priceCentavos}, 0) >= 0 and coalesce(${table.costCentavos}, 0) >= 0`,
    ),
    check(
      'product_variants_option_values_check',
      sql`coalesce(array_length(${table.optionValues}, 1), 0) <= 3`,
    ),
  ],
);

/**
 * Uploaded images (sharp re-encoded, metadata stripped): the 1200 px version and the 320 px
 * thumbnail are two stored files. An upload waits with no product or collection; saving one
 * claims it (`product_id` and `position`, or a collection's `image_id`). Unclaimed uploads older
 * than a day are deleted.
 */
export const productImages = pgTable(
  'product_images',
  {
    organizationId: uuid()
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    id: uuid().primaryKey().defaultRandom(),
    productId: uuid().references(() => products.id, { onDelete: 'cascade' }),
    position: integer(),
    fileId: uuid().notNull(),
    thumbnailFileId: uuid().notNull(),
    width: integer().notNull(),
    height: integer().notNull(),
    createdAt: created(),
  },
  (table) => [
    index('product_images_product').on(table.productId, table.position),
    index('product_images_unclaimed')
      .on(table.createdAt)
      .where(sql`${table.productId} is null`),
  ],
);

/** Manual collections; the name is unique per organization regardless of case. */
export const collections = pgTable(
  'collections',
  {
    organizationId: uuid()
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    id: uuid().primaryKey().defaultRandom(),
    name: text().notNull(),
    description: text(),
    imageId: uuid().references(() => productImages.id, { onDelete: 'set null' }),
    createdAt: created(),
    updatedAt: created(),
  },
  (table) => [
    uniqueIndex('collections_organization_name_unique').on(
      table.organizationId,
      sql`lower(${table.name})`,
    ),
  ],
);

export const collectionProducts = pgTable(
  'collection_products',
  {
    organizationId: uuid().notNull(),
    collectionId: uuid()
      .notNull()
      .references(() => collections.id, { onDelete: 'cascade' }),
    productId: uuid()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    addedAt: created(),
  },
  (table) => [
    primaryKey({ columns: [table.collectionId, table.productId] }),
    index('collection_products_product').on(table.productId),
  ],
);

/**
 * CSV imports: checked whole when uploaded (`invalid` with its errors, nothing written) or
 * `queued` for the one job that creates the products, counting `products_done` as it goes.
 */
export const productImports = pgTable(
  'product_imports',
  {
    organizationId: uuid()
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    id: uuid().primaryKey().defaultRandom(),
    status: text({ enum: PRODUCT_IMPORT_STATUSES }).notNull(),
    fileId: uuid(),
    fileName: text().notNull(),
    language: text().notNull(),
    rowsTotal: integer().notNull(),
    productsTotal: integer().notNull(),
    productsDone: integer().notNull().default(0),
    errors: jsonb()
      .$type<{ row: number; column: string | null; message: string }[]>()
      .notNull()
      .default([]),
    errorsMore: integer().notNull().default(0),
    /** Each product of the file with what the import does with it, in the file's order. */
    results: jsonb().$type<ProductImportRow[]>().notNull().default([]),
    createdBy: uuid(),
    createdAt: created(),
    finishedAt: timestamp({ withTimezone: true }),
  },
  (table) => [
    index('product_imports_organization').on(table.organizationId, table.createdAt.desc()),
    check(
      'product_imports_status_check',
      sql`${table.status} in (${inList(PRODUCT_IMPORT_STATUSES)})`,
    ),
    check(
      'product_imports_progress_check',
      sql`${table.productsDone} >= 0 and ${table.productsDone} <= ${table.productsTotal}`,
    ),
  ],
);
