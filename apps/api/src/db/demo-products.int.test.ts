import { variantCombinations } from '@despacho/domain';
import { isNotNull } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/test-app';
import {
  collectionProducts,
  collections,
  productImages,
  products,
  productVariants,
} from '../modules/products/products.tables';
import { DEMO_PRODUCTS } from './demo-catalogue';
import { renderDemoImage } from './demo-product-images';
import { variantSku } from './demo-products';
import { DEMO_LOGINS, seedDemo } from './seed';

let ctx: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  ctx = await createTestApp();
  expect(await seedDemo(ctx.db, ctx.clock)).toBe(true);
});
afterAll(() => ctx.close());

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

/** The demo owner's list of products, as the screen asks for it. */
async function list(query: string) {
  const [owner] = DEMO_LOGINS;
  const login = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    payload: { email: owner.email, password: owner.password },
  });
  const token = login.json().data.access_token as string;
  const response = await ctx.app.inject({
    method: 'GET',
    url: `/api/v1/products?${query}`,
    headers: { authorization: `Bearer ${token}` },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as {
    data: { name: string; sku: string | null }[];
    meta: { total: number };
  };
}

describe('the demo catalogue', () => {
  it('writes every demo product with its variants once, seeding twice adds none', async () => {
    expect(await seedDemo(ctx.db, ctx.clock)).toBe(false);
    const rows = await ctx.db.select().from(products);
    expect(rows).toHaveLength(DEMO_PRODUCTS.length);
    expect(rows.length).toBeGreaterThanOrEqual(28);
    expect(rows.map((row) => row.name).sort()).toEqual(
      DEMO_PRODUCTS.map((product) => product.name).sort(),
    );
    const withStatus = (status: string) => rows.filter((row) => row.status === status).length;
    expect(withStatus('ARCHIVED')).toBe(1);
    expect(withStatus('DRAFT')).toBeGreaterThanOrEqual(3);
    expect(await ctx.db.$count(productVariants)).toBe(
      sum(DEMO_PRODUCTS.map((product) => variantCombinations(product.options ?? []).length)),
    );
    expect(rows.every((row) => row.unit === 'cm_kg')).toBe(true);
  });

  it('has clothes in tallas and colours, tenis in 24–28, one product without options', async () => {
    const rows = await ctx.db.select().from(products);
    const byName = new Map(rows.map((row) => [row.name, row]));
    expect(byName.get('Playera Básica de Algodón')!.options).toEqual([
      { name: 'Talla', values: ['CH', 'M', 'G', 'EG'] },
      { name: 'Color', values: ['Negro', 'Blanco', 'Gris jaspe'] },
    ]);
    expect(byName.get('Tenis Urbano Blanco')!.options).toEqual([
      { name: 'Talla', values: ['24', '25', '26', '27', '28'] },
    ]);
    expect(rows.filter((row) => row.options.length === 0).length).toBeGreaterThanOrEqual(1);
    const variants = await ctx.db.select().from(productVariants);
    expect(variants.map((variant) => variant.sku)).toContain('PLY-BAS-EG-GRI');
    expect(variants.every((variant) => variant.sku !== null)).toBe(true);
  });

  it('gives the imported electronics a 10-digit tariff code and China as origin', async () => {
    const imported = (await ctx.db.select().from(products)).filter(
      (row) => row.tariffNico !== null,
    );
    expect(imported.map((row) => row.name)).toContain('Bocina Bluetooth Portátil');
    expect(imported.length).toBeGreaterThanOrEqual(5);
    const bocina = imported.find((row) => row.name === 'Bocina Bluetooth Portátil')!;
    expect(bocina).toMatchObject({
      tariffFraction: '85182202',
      tariffNico: '02',
      originCountry: 'CHN',
      satProductCode: '52161512',
      satUnitCode: 'H87',
    });
  });

  it('puts the products in their two collections, each collection with a picture', async () => {
    const saved = await ctx.db.select().from(collections);
    expect(saved.map((collection) => collection.name).sort()).toEqual([
      'Más vendidos',
      'Temporada de invierno',
    ]);
    expect(saved.every((collection) => collection.imageId !== null)).toBe(true);
    const inCollections = sum(DEMO_PRODUCTS.map((product) => product.collections?.length ?? 0));
    expect(inCollections).toBeGreaterThanOrEqual(10);
    expect(await ctx.db.$count(collectionProducts)).toBe(inCollections);
    const winter = await list(`collection_id=${saved.find((c) => c.name.startsWith('Temp'))!.id}`);
    expect(winter.data.map((row) => row.name)).toContain('Sudadera con Capucha Invierno');
  });

  it('uploads one to three pictures per product, all claimed, in order', async () => {
    const claimed = await ctx.db
      .select()
      .from(productImages)
      .where(isNotNull(productImages.productId));
    expect(claimed).toHaveLength(
      sum(DEMO_PRODUCTS.map((product) => product.picture.colors.length)),
    );
    const productIds = new Set(claimed.map((image) => image.productId));
    expect(productIds.size).toBe(DEMO_PRODUCTS.length);
    for (const id of productIds) {
      const positions = claimed.filter((image) => image.productId === id).map((i) => i.position);
      expect(positions.length).toBeGreaterThanOrEqual(1);
      expect(positions.length).toBeLessThanOrEqual(3);
      expect(positions.sort()).toEqual(positions.map((_, i) => i));
    }
    // The other two are the collections': none waits unclaimed.
    expect(await ctx.db.$count(productImages)).toBe(claimed.length + 2);
  });

  it('is found by the list: a SKU, a name without accents, a status', async () => {
    const bySku = await list(`search=${variantSku('PLY-BAS', ['M', 'Negro'])}`);
    expect(bySku.data.map((row) => row.name)).toEqual(['Playera Básica de Algodón']);
    const byName = await list('search=lampara');
    expect(byName.data.map((row) => row.name)).toEqual(['Lámpara de Escritorio LED']);
    const drafts = await list('status=DRAFT');
    expect(drafts.meta.total).toBe(
      DEMO_PRODUCTS.filter((product) => product.status === 'DRAFT').length,
    );
  });
});

describe('renderDemoImage', () => {
  it('draws a 600 px PNG whose centre is the product colour', async () => {
    const png = await renderDemoImage('bocina', '#e53935', 'Bocina Bluetooth Portátil');
    const image = sharp(png);
    expect(await image.metadata()).toMatchObject({ format: 'png', width: 600, height: 600 });
    const { data } = await image
      .extract({ left: 220, top: 120, width: 1, height: 1 })
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect([...data.subarray(0, 3)]).toEqual([0xe5, 0x39, 0x35]);
  });
});

describe('variantSku', () => {
  it('adds a code of each value to the stem, without accents or spaces', () => {
    expect(variantSku('PLY-BAS', ['Gris jaspe', 'EG'])).toBe('PLY-BAS-GRI-EG');
    expect(variantSku('CAB-USBC', ['1 m'])).toBe('CAB-USBC-1M');
    expect(variantSku('CAF-OLL', [])).toBe('CAF-OLL');
    expect(variantSku('SUD-POL', ['Café'])).toBe('SUD-POL-CAF');
  });
});
