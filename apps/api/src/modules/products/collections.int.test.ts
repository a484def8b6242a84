import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectEachForbidden, expectEachNotFound } from '../../../test/expect-each';
import { createTestApp } from '../../../test/test-app';
import {
  callAs,
  type CallArgs,
  createOwnerAndOther,
  createTestMerchant,
  createTestUser,
  type TestUser,
} from '../../../test/users';
import { createProduct, productBody, samplePng, uploadAs } from './products.test-support';
import { collectionProducts, products } from './products.tables';

describe('collections', () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  let owner: TestUser;
  let other: TestUser;
  let organizationId: string;

  const call = (...args: CallArgs) => callAs(ctx.app, ...args);
  const create = async (user: TestUser, body: object) => {
    ctx.clock.advance(1000);
    const response = await call(user, 'POST', '/collections', body);
    expect(response.statusCode).toBe(201);
    return response.json().data as { id: string; name: string; products_count: number };
  };
  /** An uploaded image no product or collection has claimed yet. */
  const upload = async (user: TestUser) => {
    const response = await uploadAs(ctx.app, user, '/product-images', {
      name: 'foto.png',
      content: await samplePng(64, 64),
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().data.id as string;
  };
  let skus = 0;
  const product = (user: TestUser, name: string, extra: object = {}) =>
    createProduct(
      ctx.app,
      user,
      productBody({ name, variants: [{ sku: `COL-${++skus}`, price: '10' }], ...extra }),
    );
  const productIdsIn = async (collectionId: string) =>
    (
      await ctx.db
        .select({ id: collectionProducts.productId })
        .from(collectionProducts)
        .where(eq(collectionProducts.collectionId, collectionId))
    )
      .map((row) => row.id)
      .sort();
  /** The product's own copy of its collections, which the list's collection filter reads. */
  const collectionIdsOf = async (productId: string) =>
    (
      await ctx.db
        .select({ ids: products.collectionIds })
        .from(products)
        .where(eq(products.id, productId))
    )[0]!.ids;

  beforeAll(async () => {
    ctx = await createTestApp();
    ({ organizationId, owner, other } = await createOwnerAndOther(ctx));
  });
  afterAll(() => ctx.close());

  it('creates, reads, edits and deletes a collection with an uploaded image', async () => {
    const imageId = await upload(owner);
    const created = await call(owner, 'POST', '/collections', {
      name: '  Temporada de lluvias ',
      description: 'Impermeables y botas',
      image_id: imageId,
    });
    expect(created.statusCode).toBe(201);
    const expected = {
      id: expect.any(String),
      name: 'Temporada de lluvias',
      description: 'Impermeables y botas',
      image: {
        id: imageId,
        width: 64,
        height: 64,
        url: `/api/v1/product-images/${imageId}`,
        thumbnail_url: `/api/v1/product-images/${imageId}?size=thumbnail`,
      },
      products_count: 0,
      created_at: expect.any(String),
      updated_at: expect.any(String),
    };
    expect(created.json().data).toEqual(expected);
    const id = created.json().data.id as string;
    expect((await call(owner, 'GET', `/collections/${id}`)).json().data).toEqual(expected);

    // Saving again with its own image keeps it; leaving the image out drops it.
    const same = await call(owner, 'PUT', `/collections/${id}`, {
      name: 'Lluvias',
      image_id: imageId,
    });
    expect(same.statusCode).toBe(200);
    expect(same.json().data).toMatchObject({ name: 'Lluvias', description: null });
    expect(same.json().data.image.id).toBe(imageId);
    const bare = await call(owner, 'PUT', `/collections/${id}`, { name: 'Lluvias', image_id: '' });
    expect(bare.json().data.image).toBeNull();

    expect((await call(owner, 'DELETE', `/collections/${id}`)).statusCode).toBe(204);
    expect((await call(owner, 'GET', `/collections/${id}`)).statusCode).toBe(404);
    expect((await call(owner, 'DELETE', `/collections/${id}`)).statusCode).toBe(404);
  });

  it('refuses an image that is not an upload the collection may show', async () => {
    const claimed = await upload(owner);
    await product(owner, 'Con foto', { image_ids: [claimed] });
    const theirs = await upload(other);
    const shown = await upload(owner);
    await create(owner, { name: 'Con portada', image_id: shown });
    for (const imageId of [claimed, theirs, shown, '00000000-0000-4000-8000-000000000000']) {
      const response = await call(owner, 'POST', '/collections', {
        name: `Imagen ${imageId}`,
        image_id: imageId,
      });
      expect(response.statusCode, imageId!).toBe(400);
      expect(response.json().error.code).toBe('PRODUCT_IMAGE_NOT_FOUND');
    }
    const en = await call(owner, 'POST', '/collections', { name: 'X', image_id: theirs }, 'en');
    expect(en.json().error.message).toBe(
      'One of the images is no longer available. Upload it again.',
    );
    expect((await call(owner, 'GET', '/collections?search=Imagen')).json().meta.total).toBe(0);
  });

  it('keeps a name once per organization whatever its case, also under concurrent creates', async () => {
    const first = await create(owner, { name: 'Ofertas' });
    const duplicate = await call(owner, 'POST', '/collections', { name: 'OFERTAS' });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().error).toEqual({
      code: 'COLLECTION_NAME_TAKEN',
      message: 'Ya tienes una colección con ese nombre.',
      fields: { name: 'Ya tienes una colección con ese nombre.' },
    });
    const second = await create(owner, { name: 'Novedades' });
    const renamed = await call(
      owner,
      'PUT',
      `/collections/${second.id}`,
      { name: 'ofertas' },
      'en',
    );
    expect(renamed.statusCode).toBe(409);
    expect(renamed.json().error.message).toBe('You already have a collection with that name.');
    // Its own name, in another case, is not a clash.
    const recased = await call(owner, 'PUT', `/collections/${first.id}`, { name: 'OFERTAS' });
    expect(recased.json().data.name).toBe('OFERTAS');
    expect((await call(other, 'POST', '/collections', { name: 'Ofertas' })).statusCode).toBe(201);

    const racer = (await createTestMerchant(ctx, 'Carrera')).user;
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        call(racer, 'POST', '/collections', { name: i % 2 ? 'Verano' : 'VERANO' }),
      ),
    );
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses).toEqual([201, ...Array(9).fill(409)]);
    expect((await call(racer, 'GET', '/collections')).json().meta.total).toBe(1);
  });

  it('answers the messages per field in Spanish and English', async () => {
    const invalid = { name: '', description: 'd'.repeat(2001), image_id: 'no-es-uuid' };
    const es = await call(owner, 'POST', '/collections', invalid);
    expect(es.statusCode).toBe(400);
    expect(es.json().error.fields).toEqual({
      name: 'Este campo es obligatorio.',
      description: 'Escribe máximo 2000 caracteres.',
      image_id: 'El valor no es válido.',
    });
    const en = await call(owner, 'POST', '/collections', invalid, 'en');
    expect(en.json().error.fields).toMatchObject({
      name: 'This field is required.',
      description: 'Enter at most 2000 characters.',
    });
    const empty = await call(owner, 'POST', `/collections/${crypto.randomUUID()}/products`, {
      product_ids: [],
    });
    expect(empty.json().error.fields).toEqual({ product_ids: 'Agrega al menos un elemento.' });
  });

  it('adds and removes products, each once, counting them', async () => {
    const a = await product(owner, 'Playera');
    const b = await product(owner, 'Gorra');
    const c = await product(owner, 'Sudadera');
    const collection = await create(owner, { name: 'Básicos' });
    const added = await call(owner, 'POST', `/collections/${collection.id}/products`, {
      product_ids: [a.id, b.id, a.id],
    });
    expect(added.statusCode).toBe(200);
    expect(added.json().data.products_count).toBe(2);
    const again = await call(owner, 'POST', `/collections/${collection.id}/products`, {
      product_ids: [b.id, c.id],
    });
    expect(again.json().data.products_count).toBe(3);
    expect(await productIdsIn(collection.id)).toEqual([a.id, b.id, c.id].sort());
    // The products list filters by collection (the collection's detail reads it).
    const listed = await call(owner, 'GET', `/products?collection_id=${collection.id}&sort=name`);
    expect(listed.json().data.map((item: { name: string }) => item.name)).toEqual([
      'Gorra',
      'Playera',
      'Sudadera',
    ]);
    expect((await call(owner, 'GET', `/products/${a.id}`)).json().data.collections).toEqual([
      { id: collection.id, name: 'Básicos' },
    ]);

    const removed = await call(owner, 'POST', `/collections/${collection.id}/products/remove`, {
      product_ids: [a.id, c.id],
    });
    expect(removed.json().data.products_count).toBe(1);
    expect(await productIdsIn(collection.id)).toEqual([b.id]);
    const filtered = await call(owner, 'GET', `/products?collection_id=${collection.id}`);
    expect(filtered.json().data.map((item: { name: string }) => item.name)).toEqual(['Gorra']);

    // One product of another organization: 404 and nothing added.
    const foreign = await product(other, 'Ajeno');
    const refused = await call(owner, 'POST', `/collections/${collection.id}/products`, {
      product_ids: [a.id, foreign.id],
    });
    expect(refused.statusCode).toBe(404);
    expect(await productIdsIn(collection.id)).toEqual([b.id]);

    // Deleting the collection leaves its products.
    expect((await call(owner, 'DELETE', `/collections/${collection.id}`)).statusCode).toBe(204);
    expect(await productIdsIn(collection.id)).toEqual([]);
    expect((await collectionIdsOf(b.id)).length).toBe(0);
    const again404 = await call(owner, 'POST', `/collections/${collection.id}/products`, {
      product_ids: [b.id],
    });
    expect(again404.statusCode).toBe(404);
  });

  it('lists by name in Spanish order, searches and paginates', async () => {
    const lister = (await createTestMerchant(ctx, 'Lista')).user;
    for (const name of ['Zapatos', 'Ñandú', 'Álbumes', 'nubes', 'Bolsas 100%']) {
      await create(lister, { name });
    }
    const names = async (query: string) =>
      (await call(lister, 'GET', `/collections?${query}`))
        .json()
        .data.map((collection: { name: string }) => collection.name);
    expect(await names('')).toEqual(['Álbumes', 'Bolsas 100%', 'nubes', 'Ñandú', 'Zapatos']);
    expect(await names('search=BOLSAS')).toEqual(['Bolsas 100%']);
    expect(await names('search=100%25')).toEqual(['Bolsas 100%']);
    expect(await names('search=_')).toEqual([]);
    const page = (await call(lister, 'GET', '/collections?page=2&pageSize=2')).json();
    expect(page.meta).toEqual({ page: 2, pageSize: 2, total: 5 });
    expect(page.data.map((collection: { name: string }) => collection.name)).toEqual([
      'nubes',
      'Ñandú',
    ]);
  });

  it("answers 404 for another organization's collection and changes nothing", async () => {
    const kept = await product(owner, 'Privado');
    const mine = await create(owner, { name: 'Privada' });
    await call(owner, 'POST', `/collections/${mine.id}/products`, { product_ids: [kept.id] });
    const theirProduct = await product(other, 'Suyo');
    await expectEachNotFound(call, other, [
      ['GET', `/collections/${mine.id}`],
      ['PUT', `/collections/${mine.id}`, { name: 'Robada' }],
      ['DELETE', `/collections/${mine.id}`],
      ['POST', `/collections/${mine.id}/products`, { product_ids: [theirProduct.id] }],
      ['POST', `/collections/${mine.id}/products/remove`, { product_ids: [kept.id] }],
    ]);
    const untouched = (await call(owner, 'GET', `/collections/${mine.id}`)).json().data;
    expect(untouched).toMatchObject({ name: 'Privada', products_count: 1 });
    const theirs = (await call(other, 'GET', '/collections?search=Privada')).json();
    expect(theirs.meta.total).toBe(0);
    expect((await call(owner, 'GET', '/collections/no-es-uuid')).statusCode).toBe(400);
  });

  it('needs the products permission', async () => {
    const collection = await create(owner, { name: 'Permisos' });
    const clerk = await createTestUser(ctx, { organizationId, permissions: ['dashboard'] });
    await expectEachForbidden(call, clerk, [
      ['GET', '/collections'],
      ['POST', '/collections', { name: 'Nueva' }],
      ['GET', `/collections/${collection.id}`],
      ['PUT', `/collections/${collection.id}`, { name: 'Otra' }],
      ['DELETE', `/collections/${collection.id}`],
      ['POST', `/collections/${collection.id}/products`, { product_ids: [collection.id] }],
      ['POST', `/collections/${collection.id}/products/remove`, { product_ids: [collection.id] }],
    ]);
  });

  it('keeps each product’s copy of its collections when many collections take it at once', async () => {
    const shirt = await product(owner, 'Playera de temporada');
    const many = await Promise.all(
      Array.from({ length: 8 }, (_, i) => create(owner, { name: `Temporada ${i}` })),
    );
    const answers = await Promise.all(
      many.map((collection) =>
        call(owner, 'POST', `/collections/${collection.id}/products`, { product_ids: [shirt.id] }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(many.map(() => 200));
    expect((await collectionIdsOf(shirt.id)).sort()).toEqual(many.map((c) => c.id).sort());
    await Promise.all(
      many.slice(0, 5).map((collection) =>
        call(owner, 'POST', `/collections/${collection.id}/products/remove`, {
          product_ids: [shirt.id],
        }),
      ),
    );
    expect((await collectionIdsOf(shirt.id)).sort()).toEqual(
      many
        .slice(5)
        .map((c) => c.id)
        .sort(),
    );
  });
});
