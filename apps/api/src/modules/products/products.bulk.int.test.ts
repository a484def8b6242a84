import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/test-app';
import { callAs, type CallArgs, createOwnerAndOther, type TestUser } from '../../../test/users';
import { createProduct, productBody } from './products.test-support';

describe('POST /products/bulk', () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  let owner: TestUser;
  let other: TestUser;
  let sku = 0;
  const call = (...args: CallArgs) => callAs(ctx.app, ...args);
  const product = async (extra: Record<string, unknown> = {}, user = owner) => {
    sku += 1;
    return (
      await createProduct(
        ctx.app,
        user,
        productBody({ variants: [{ sku: `B-${sku}`, price: '10' }], ...extra }),
      )
    ).id;
  };
  const bulk = async (body: object) => {
    const response = await call(owner, 'POST', '/products/bulk', body);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data as {
      done: string[];
      refused: { id: string; name: string; code: string; message: string }[];
    };
  };
  const statusOf = async (id: string) =>
    (await call(owner, 'GET', `/products/${id}`)).json().data.status;

  beforeAll(async () => {
    ctx = await createTestApp();
    ({ owner, other } = await createOwnerAndOther(ctx));
  });
  afterAll(() => ctx.close());

  it('archives products', async () => {
    const ids = [await product(), await product({ status: 'DRAFT' })];
    expect(await bulk({ action: 'archive', ids })).toEqual({ done: ids, refused: [] });
    for (const id of ids) expect(await statusOf(id)).toBe('ARCHIVED');
  });

  it('publishes complete products and refuses incomplete ones, each on its own', async () => {
    const complete = await product({ status: 'DRAFT' });
    const incomplete = await product({
      name: 'Sin claves',
      status: 'DRAFT',
      sat_product_code: undefined,
    });
    const result = await bulk({ action: 'publish', ids: [complete, incomplete] });
    expect(result).toEqual({
      done: [complete],
      refused: [
        {
          id: incomplete,
          name: 'Sin claves',
          code: 'PRODUCT_INCOMPLETE',
          message: 'Al producto le faltan datos para publicarse.',
        },
      ],
    });
    expect(await statusOf(complete)).toBe('ACTIVE');
    expect(await statusOf(incomplete)).toBe('DRAFT');
  });

  it("adds to a collection of the organization, and refuses another's whole", async () => {
    const ids = [await product(), await product()];
    const insert = `insert into collections (organization_id, name, created_at, updated_at)
      select organization_id, $2, now(), now() from products where id = $1 returning id`;
    const [mine] = (await ctx.db.$client.query(insert, [ids[0], 'Ofertas'])).rows;
    const theirs = await product({}, other);
    const [foreign] = (await ctx.db.$client.query(insert, [theirs, 'Ajena'])).rows;

    expect(await bulk({ action: 'add_to_collection', ids, collection_id: mine.id })).toEqual({
      done: ids,
      refused: [],
    });
    // Adding again changes nothing and is no error.
    expect((await bulk({ action: 'add_to_collection', ids, collection_id: mine.id })).done).toEqual(
      ids,
    );
    const listed = await call(owner, 'GET', `/products?collection_id=${mine.id}`);
    expect(listed.json().meta.total).toBe(2);

    const refused = await call(owner, 'POST', '/products/bulk', {
      action: 'add_to_collection',
      ids,
      collection_id: foreign.id,
    });
    expect(refused.statusCode).toBe(404);
    const missing = await call(owner, 'POST', '/products/bulk', {
      action: 'add_to_collection',
      ids,
    });
    expect(missing.statusCode).toBe(400);
    expect(Object.keys(missing.json().error.fields)).toEqual(['collection_id']);
  });

  it('deletes drafts only, and refuses one in use', async () => {
    const draft = await product({ status: 'DRAFT' });
    const active = await product();
    const inUse = await product({ name: 'Enviado', status: 'DRAFT' });
    // A record of another domain that references a variant (as shipments will) keeps it.
    await ctx.db.$client.query(
      `create table bulk_test_refs (variant_id uuid references product_variants (id) on delete restrict)`,
    );
    await ctx.db.$client.query(
      `insert into bulk_test_refs select id from product_variants where product_id = $1`,
      [inUse],
    );
    const result = await bulk({ action: 'delete', ids: [draft, active, inUse] });
    expect(result.done).toEqual([draft]);
    expect(result.refused.map(({ id, code }) => [id, code])).toEqual([
      [active, 'PRODUCT_NOT_DRAFT'],
      [inUse, 'RECORD_IN_USE'],
    ]);
    expect((await call(owner, 'GET', `/products/${draft}`)).statusCode).toBe(404);
    expect(await statusOf(active)).toBe('ACTIVE');
    expect(await statusOf(inUse)).toBe('DRAFT');

    const removed = await call(owner, 'DELETE', `/products/${inUse}`);
    expect(removed.statusCode).toBe(409);
    expect(removed.json().error.code).toBe('RECORD_IN_USE');
    // Leaving out a referenced variant on save is refused the same way.
    const kept = await call(
      owner,
      'PUT',
      `/products/${inUse}`,
      productBody({ status: 'DRAFT', variants: [{ sku: 'NEW-VARIANT', price: '1' }] }),
    );
    expect(kept.statusCode).toBe(409);
    expect(kept.json().error.code).toBe('RECORD_IN_USE');
    await ctx.db.$client.query('drop table bulk_test_refs');
  });

  it("refuses another organization's products as not found", async () => {
    const theirs = await product({ status: 'DRAFT' }, other);
    const result = await bulk({ action: 'delete', ids: [theirs] });
    expect(result).toMatchObject({ done: [], refused: [{ id: theirs, code: 'NOT_FOUND' }] });
    expect((await call(other, 'GET', `/products/${theirs}`)).statusCode).toBe(200);
  });
});
