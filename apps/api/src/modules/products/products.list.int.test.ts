import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/test-app';
import { callAs, type CallArgs, createOwnerAndOther, type TestUser } from '../../../test/users';
import { createProduct, productBody, withVariants } from './products.test-support';

describe('GET /products', () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  let owner: TestUser;
  let other: TestUser;
  const call = (...args: CallArgs) => callAs(ctx.app, ...args);
  const names = async (query: string, user = owner) => {
    const response = await call(user, 'GET', `/products?${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return (response.json().data as { name: string }[]).map((item) => item.name);
  };
  const ids: Record<string, string> = {};
  let vendorId: string;
  let collectionId: string;

  beforeAll(async () => {
    ctx = await createTestApp();
    ({ owner, other } = await createOwnerAndOther(ctx));
    vendorId = (
      await call(owner, 'POST', '/vendors', {
        name: 'Textiles del Centro',
        code: 'TEX',
        email: 'ventas@textiles.mx',
        address: {
          street: 'Calz. de Tlalpan',
          external_number: '2890',
          neighborhood: 'Ciudad Jardín',
          city: 'Ciudad de México',
          municipality: 'Coyoacán',
          state: 'Ciudad de México',
          zip: '04370',
        },
      })
    ).json().data.id;
    const [collection] = (
      await ctx.db.$client.query<{ id: string }>(
        `insert into collections (organization_id, name, created_at, updated_at)
         values ((select organization_id from vendors where id = $1), 'Verano', now(), now()) returning id`,
        [vendorId],
      )
    ).rows;
    collectionId = collection!.id;
    const bodies = {
      'Playera Niño': withVariants('NINO', { tags: ['verano', 'niños'], vendor_id: vendorId }),
      'Gorra Básica': productBody({
        variants: [{ sku: 'GOR-1', barcode: '7501234567890', price: '99' }],
        tariff_code: '6505009900',
        collection_ids: [collectionId],
      }),
      'Sudadera Azul': productBody({ status: 'DRAFT', variants: [{ sku: 'AB', price: '450' }] }),
    };
    for (const [name, body] of Object.entries(bodies)) {
      ctx.clock.advance(1000);
      ids[name] = (await createProduct(ctx.app, owner, { ...body, name })).id;
    }
    await createProduct(ctx.app, other, productBody({ name: 'Playera Ajena' }));
    // No catalogue is imported here to check its code: the classification is set as done.
    await ctx.db.$client.query(`update products set tariff_status = 'CLASSIFIED' where id = $1`, [
      ids['Gorra Básica'],
    ]);
  });
  afterAll(() => ctx.close());

  it('lists the organization’s products, the last changed first, with their summary', async () => {
    const response = await call(owner, 'GET', '/products');
    expect(response.json().meta).toEqual({ page: 1, pageSize: 20, total: 3 });
    const [sudadera, gorra, playera] = response.json().data;
    expect([sudadera.name, gorra.name, playera.name]).toEqual([
      'Sudadera Azul',
      'Gorra Básica',
      'Playera Niño',
    ]);
    expect(playera).toEqual({
      id: ids['Playera Niño'],
      name: 'Playera Niño',
      status: 'ACTIVE',
      tariff_status: 'UNCLASSIFIED',
      vendor: { id: vendorId, name: 'Textiles del Centro' },
      tags: ['verano', 'niños'],
      variants_count: 4,
      price_min: 10_050,
      price_max: 10_350,
      sku: 'NINO-1',
      stock: null,
      thumbnail_url: null,
      updated_at: expect.any(String),
    });
  });

  it('searches words without accents or case, SKUs and barcodes', async () => {
    expect(await names('search=nino')).toEqual(['Playera Niño']);
    expect(await names('search=PLAYERA%20ni')).toEqual(['Playera Niño']);
    expect(await names('search=basica')).toEqual(['Gorra Básica']);
    expect(await names('search=nino-3')).toEqual(['Playera Niño']);
    // A SKU too short for the trigram index is still found exactly.
    expect(await names('search=ab')).toEqual(['Sudadera Azul']);
    expect(await names('search=7501234567890')).toEqual(['Gorra Básica']);
    expect(await names('search=verano')).toEqual(['Playera Niño']);
    expect(await names('search=ajena')).toEqual([]);
    expect(await names('search=100%25')).toEqual([]);
  });

  it('filters by status, vendor, collection, tag and tariff status', async () => {
    expect(await names('status=DRAFT')).toEqual(['Sudadera Azul']);
    expect(await names(`vendor_id=${vendorId}`)).toEqual(['Playera Niño']);
    expect(await names(`collection_id=${collectionId}`)).toEqual(['Gorra Básica']);
    expect(await names('tag=niños')).toEqual(['Playera Niño']);
    expect(await names('tariff_status=CLASSIFIED')).toEqual(['Gorra Básica']);
    expect(await names('status=ACTIVE&search=gorra')).toEqual(['Gorra Básica']);
    expect(await names('status=ARCHIVED')).toEqual([]);
  });

  it('sorts and pages', async () => {
    expect(await names('sort=name')).toEqual(['Gorra Básica', 'Playera Niño', 'Sudadera Azul']);
    expect(await names('sort=-name')).toEqual(['Sudadera Azul', 'Playera Niño', 'Gorra Básica']);
    expect(await names('sort=created_at')).toEqual([
      'Playera Niño',
      'Gorra Básica',
      'Sudadera Azul',
    ]);
    const second = await call(owner, 'GET', '/products?sort=name&page=2&pageSize=2');
    expect(second.json().data.map((item: { name: string }) => item.name)).toEqual([
      'Sudadera Azul',
    ]);
    expect(second.json().meta).toEqual({ page: 2, pageSize: 2, total: 3 });
    const filtered = await call(owner, 'GET', '/products?status=ACTIVE&page=1&pageSize=1');
    expect(filtered.json().meta.total).toBe(2);
    const past = await call(owner, 'GET', '/products?status=ACTIVE&page=5&pageSize=1');
    expect(past.json()).toMatchObject({ data: [], meta: { total: 2 } });
  });

  it('moves a changed product to the top', async () => {
    ctx.clock.advance(1000);
    const id = ids['Playera Niño']!;
    const current = (await call(owner, 'GET', `/products/${id}`)).json().data;
    const response = await call(
      owner,
      'PUT',
      `/products/${id}`,
      withVariants('NINO', {
        name: 'Playera Niño',
        vendor_id: vendorId,
        tags: ['verano', 'niños'],
        variants: current.variants.map((variant: Record<string, unknown>) => ({
          id: variant.id,
          option_values: variant.option_values,
          sku: variant.sku,
          price: '1',
        })),
      }),
    );
    expect(response.statusCode, response.body).toBe(200);
    expect((await names(''))[0]).toBe('Playera Niño');
  });
});
