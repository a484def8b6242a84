import { randomUUID } from 'node:crypto';
import type { Db } from '../../platform/db';
import { productSearchText } from './products.search';
import { productImages, products, productVariants } from './products.tables';

/**
 * Catalogue rows written straight to the tables, for the tests of what reads the catalogue
 * (collections, the variant picker, shipments) without going through the products API.
 */
export interface TestVariant {
  sku?: string;
  barcode?: string;
  optionValues?: string[];
  price?: number;
  weight?: number;
}

export async function insertTestProduct(
  db: Db,
  organizationId: string,
  product: {
    name: string;
    status?: 'ACTIVE' | 'DRAFT' | 'ARCHIVED';
    variants?: TestVariant[];
    withImage?: boolean;
  },
) {
  const now = new Date('2026-03-02T12:00:00Z');
  const variants = product.variants ?? [{}];
  const handle = `${product.name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${randomUUID().slice(0, 8)}`;
  const [row] = await db
    .insert(products)
    .values({
      organizationId,
      handle,
      name: product.name,
      status: product.status ?? 'ACTIVE',
      unit: 'cm_kg',
      weight: 1.5,
      length: 30,
      width: 20,
      height: 10,
      satProductCode: '24112700',
      satUnitCode: 'H87',
      searchText: productSearchText({ name: product.name, handle, tags: [], variants }),
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: products.id });
  const variantRows = await db
    .insert(productVariants)
    .values(
      variants.map((variant, position) => ({
        organizationId,
        productId: row!.id,
        position,
        optionValues: variant.optionValues ?? [],
        sku: variant.sku ?? null,
        barcode: variant.barcode ?? null,
        priceCentavos: variant.price ?? null,
        weight: variant.weight ?? null,
        createdAt: now,
        updatedAt: now,
      })),
    )
    .returning({ id: productVariants.id });
  const image = product.withImage
    ? await insertTestImage(db, organizationId, { productId: row!.id, position: 0 })
    : null;
  return { id: row!.id, variantIds: variantRows.map((variant) => variant.id), imageId: image };
}

/** An uploaded image's row (no stored file): unclaimed unless a product is given. */
export async function insertTestImage(
  db: Db,
  organizationId: string,
  claim: { productId: string; position: number } | null = null,
): Promise<string> {
  const [image] = await db
    .insert(productImages)
    .values({
      organizationId,
      productId: claim?.productId ?? null,
      position: claim?.position ?? null,
      fileId: randomUUID(),
      thumbnailFileId: randomUUID(),
      width: 1200,
      height: 800,
      createdAt: new Date('2026-03-02T12:00:00Z'),
    })
    .returning({ id: productImages.id });
  return image!.id;
}
