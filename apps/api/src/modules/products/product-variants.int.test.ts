import { productImageUrl } from '@despacho/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectEachForbidden } from '../../../test/expect-each';
import { createTestApp } from '../../../test/test-app';
import {
  callAs,
  type CallArgs,
  createOwnerAndOther,
  createTestMerchant,
  createTestUser,
  type TestUser,
} from '../../../test/users';
import {
  buyGuide,
  createLocation,
  fund,
  guideProduct,
  requestGuide,
} from '../shipments/guides.test-support';
import { shipmentProducts, shipments } from '../shipments/shipments.tables';
import { createProduct, productBody, samplePng, uploadAs } from './products.test-support';
import { productVariants } from './products.tables';

describe('the variant picker', () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  let owner: TestUser;
  let other: TestUser;
  let organizationId: string;

  const call = (...args: CallArgs) => callAs(ctx.app, ...args);
  const picks = async (user: TestUser, query: string) => {
    const response = await call(user, 'GET', `/product-variants?${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data as { id: string; sku: string | null; title: string | null }[];
  };

  beforeAll(async () => {
    ctx = await createTestApp();
    ({ organizationId, owner, other } = await createOwnerAndOther(ctx));
  });
  afterAll(() => ctx.close());

  it('finds variants of active products by exact SKU or barcode, or by name words', async () => {
    const image = await uploadAs(ctx.app, owner, '/product-images', {
      name: 'foto.png',
      content: await samplePng(64, 64),
    });
    const imageId = image.json().data.id as string;
    const shirt = await createProduct(
      ctx.app,
      owner,
      productBody({
        name: 'Playera Básica Niño',
        image_ids: [imageId],
        options: [
          { name: 'Color', values: ['Rojo'] },
          { name: 'Talla', values: ['M', 'G'] },
        ],
        variants: [
          {
            option_values: ['Rojo', 'M'],
            sku: 'PLY-ROJ-M',
            barcode: '7501234567890',
            price: '199.00',
          },
          { option_values: ['Rojo', 'G'], sku: 'PLY-ROJ-G', price: '219.00', weight: 0.4 },
        ],
      }),
    );
    await createProduct(
      ctx.app,
      owner,
      productBody({ name: 'Playera Borrador', status: 'DRAFT', variants: [{ sku: 'PLY-BOR' }] }),
    );
    await createProduct(
      ctx.app,
      owner,
      productBody({ name: 'Taza', variants: [{ sku: 'TAZA-1', price: '99' }] }),
    );
    await createProduct(
      ctx.app,
      other,
      productBody({ name: 'Playera Ajena', variants: [{ sku: 'PLY-AJENA', price: '1' }] }),
    );

    const bySku = await picks(owner, 'search=ply-roj-g');
    expect(bySku[0]).toEqual({
      id: shirt.variants[1]!.id,
      product_id: shirt.id,
      product_name: 'Playera Básica Niño',
      title: 'Rojo / G',
      sku: 'PLY-ROJ-G',
      barcode: null,
      price: 21900,
      sat_product_code: '53103000',
      sat_unit_code: 'H87',
      unit: 'cm_kg',
      weight: 0.4,
      length: 30,
      width: 20,
      height: 2,
      thumbnail_url: productImageUrl(imageId, 'thumbnail'),
    });
    const byBarcode = await picks(owner, 'search=7501234567890');
    expect(byBarcode.map((pick) => pick.sku)).toEqual(['PLY-ROJ-M', 'PLY-ROJ-G']);
    expect(byBarcode[0]).toMatchObject({ title: 'Rojo / M', weight: 0.2, price: 19900 });
    // Name words, accents and case aside; drafts and other organizations never show.
    expect((await picks(owner, 'search=NINO%20basica')).map((pick) => pick.sku)).toEqual([
      'PLY-ROJ-M',
      'PLY-ROJ-G',
    ]);
    expect((await picks(owner, 'search=playera')).map((pick) => pick.sku)).toEqual([
      'PLY-ROJ-M',
      'PLY-ROJ-G',
    ]);
    expect(await picks(owner, 'search=ply-bor')).toEqual([]);
    expect(await picks(owner, 'search=ajena')).toEqual([]);
    expect(await picks(owner, 'search=100%25')).toEqual([]);
    const all = await picks(owner, 'limit=2');
    expect(all.map((pick) => pick.sku)).toEqual(['PLY-ROJ-M', 'PLY-ROJ-G']);
    expect((await picks(owner, '')).map((pick) => pick.sku)).toContain('TAZA-1');
    const tooMany = await call(owner, 'GET', '/product-variants?limit=51');
    expect(tooMany.statusCode).toBe(400);
  });

  it('answers with the products or the create-shipment permission, and 403 without either', async () => {
    const shipper = await createTestUser(ctx, {
      organizationId,
      permissions: ['shipments.create_shipment'],
    });
    expect((await call(shipper, 'GET', '/product-variants')).statusCode).toBe(200);
    const clerk = await createTestUser(ctx, { organizationId, permissions: ['dashboard'] });
    await expectEachForbidden(call, clerk, [['GET', '/product-variants?search=ply']]);
  });

  describe('a shipment line picked from a variant', () => {
    it('stores the variant, refuses a foreign one and keeps a used variant from deletion', async () => {
      const { user, organization } = await createTestMerchant(ctx, 'Envíos con catálogo');
      await fund(ctx, organization.id, 500_000);
      const locationId = await createLocation(ctx, user);
      const mug = await createProduct(
        ctx.app,
        user,
        productBody({ name: 'Taza de barro', variants: [{ sku: 'BARRO-1', price: '150' }] }),
      );
      const variantId = mug.variants[0]!.id;

      const { detail } = await buyGuide(ctx, user, {
        locationId,
        product: { ...guideProduct, variant_id: variantId },
      });
      const [line] = await ctx.db
        .select()
        .from(shipmentProducts)
        .where(eq(shipmentProducts.shipmentId, detail.id));
      expect(line).toMatchObject({ variantId, organizationId: organization.id });

      // A variant of another organization: 404 and no guide bought.
      const foreign = await createProduct(
        ctx.app,
        owner,
        productBody({ name: 'Ajena', variants: [{ sku: 'AJENA-1', price: '1' }] }),
      );
      const before = await ctx.db.$count(shipments, eq(shipments.organizationId, organization.id));
      const refused = await requestGuide(ctx, user, {
        locationId,
        product: { ...guideProduct, variant_id: foreign.variants[0]!.id },
      });
      expect(refused.statusCode).toBe(404);
      expect(refused.json().error.code).toBe('NOT_FOUND');
      expect(await ctx.db.$count(shipments, eq(shipments.organizationId, organization.id))).toBe(
        before,
      );
      const malformed = await requestGuide(ctx, user, {
        locationId,
        product: { ...guideProduct, variant_id: 'no-es-uuid' },
      });
      expect(malformed.statusCode).toBe(400);
      expect(malformed.json().error.fields).toEqual({
        'packages.0.products.0.variant_id': 'El valor no es válido.',
      });

      // The guide's line keeps its variant: the product cannot be deleted, nor the variant
      // dropped from it; archiving is the way out.
      const remove = await call(user, 'DELETE', `/products/${mug.id}`);
      expect(remove.statusCode).toBe(409);
      expect(remove.json().error.code).toBe('RECORD_IN_USE');
      const dropped = await call(
        user,
        'PUT',
        `/products/${mug.id}`,
        productBody({ name: 'Taza de barro', variants: [{ sku: 'BARRO-2', price: '150' }] }),
      );
      expect(dropped.statusCode).toBe(409);
      expect(dropped.json().error.code).toBe('RECORD_IN_USE');
      const [stored] = await ctx.db
        .select()
        .from(productVariants)
        .where(eq(productVariants.id, variantId));
      expect(stored).toMatchObject({ sku: 'BARRO-1' });
      const archived = await call(
        user,
        'PUT',
        `/products/${mug.id}`,
        productBody({
          name: 'Taza de barro',
          status: 'ARCHIVED',
          variants: [{ id: variantId, sku: 'BARRO-1', price: '150' }],
        }),
      );
      expect(archived.statusCode, archived.body).toBe(200);
    });
  });
});
