import {
  CM_PER_INCH,
  collectionSchema,
  KG_PER_POUND,
  packageUnitFor,
  productSchema,
  variantCombinations,
  vendorsQuerySchema,
  type PackageUnit,
  type ProductInput,
} from '@despacho/domain';
import type { Services } from '../modules/services';
import { searchKey } from '../platform/search';
import {
  DEMO_COLLECTIONS,
  DEMO_PRODUCTS,
  type DemoCollection,
  type DemoPicture,
  type DemoProduct,
} from './demo-catalogue';
import { renderDemoImage } from './demo-product-images';

/** A variant's SKU: the stem and a code per value ("Gris jaspe" → "GRI", "1 m" → "1M"). */
export function variantSku(stem: string, values: readonly string[]): string {
  const code = (value: string) =>
    searchKey(value)
      .replace(/[^a-z0-9]/g, '')
      .slice(0, 3)
      .toUpperCase();
  return [stem, ...values.map(code)].join('-');
}

/** The catalogue's kg and cm in the organization's unit, at the forms' precision. */
function measures(product: DemoProduct, unit: PackageUnit) {
  const inches = unit === 'in_lb';
  const round = (value: number, decimals: number) => Number(value.toFixed(decimals));
  const [length, width, height] = (product.box ?? []).map((cm) =>
    round(inches ? cm / CM_PER_INCH : cm, 2),
  );
  const weight =
    product.weight && round(inches ? product.weight / KG_PER_POUND : product.weight, 3);
  return { unit, weight, length, width, height };
}

/** What the product form would send for a demo product, its images and collections saved. */
export function demoProductInput(
  product: DemoProduct,
  saved: {
    unit: PackageUnit;
    vendorIds: ReadonlyMap<string, string>;
    collectionIds: Readonly<Record<DemoCollection, string>>;
    imageIds: string[];
  },
): ProductInput {
  const {
    picture: _picture,
    collections = [],
    options = [],
    vendor,
    sku,
    barcode,
    price,
    cost,
    box: _box,
    weight: _weight,
    ...fields
  } = product;
  return {
    ...fields,
    ...measures(product, saved.unit),
    vendor_id: vendor ? saved.vendorIds.get(vendor) : undefined,
    options,
    variants: variantCombinations(options).map((values) => ({
      option_values: values,
      sku: variantSku(sku, values),
      barcode: values.length ? undefined : barcode,
      price,
      cost,
    })),
    image_ids: saved.imageIds,
    collection_ids: collections.map((key) => saved.collectionIds[key]),
  };
}

/**
 * The demo organization's catalogue, written through the products and collections services like
 * the screens write it: pictures drawn locally and uploaded as a merchant uploads photos, the
 * two collections, then the products in them a minute apart (the newest-first list shows them
 * in the catalogue's order, the last on top).
 */
export async function seedDemoProducts(
  services: Services,
  organizationId: string,
  seedClock: { backdateMs: number },
): Promise<void> {
  const { products, productMedia, collections, vendors, accountDetails } = services;
  const upload = async (picture: DemoPicture, name: string, index: number) => {
    const png = await renderDemoImage(picture.shape, picture.color, name, index);
    return (await productMedia.uploadImage(organizationId, png)).id;
  };

  const organization = await accountDetails.organization(organizationId);
  const unit = packageUnitFor(organization.default_unit);
  const { data: enabled } = await vendors.list(
    organizationId,
    vendorsQuerySchema.parse({ status: 'enabled' }),
  );
  const vendorIds = new Map(enabled.map((vendor) => [vendor.code, vendor.id]));

  const collectionIds = {} as Record<DemoCollection, string>;
  for (const [key, { picture, ...fields }] of Object.entries(DEMO_COLLECTIONS)) {
    const input = collectionSchema.parse({
      ...fields,
      image_id: await upload(picture, fields.name, 0),
    });
    collectionIds[key as DemoCollection] = (
      await collections.create(organizationId, input, 'es')
    ).id;
  }

  for (const [index, product] of DEMO_PRODUCTS.entries()) {
    const { shape, colors } = product.picture;
    const imageIds = [];
    for (const [position, color] of colors.entries()) {
      imageIds.push(await upload({ shape, color }, product.name, position));
    }
    seedClock.backdateMs = (DEMO_PRODUCTS.length - 1 - index) * 60_000;
    const input = demoProductInput(product, { unit, vendorIds, collectionIds, imageIds });
    await products.create(organizationId, productSchema.parse(input));
  }
  seedClock.backdateMs = 0;
}
