import { productSchema, type ProductView } from '@despacho/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/test-app';
import { callAs, createOwnerAndOther, type TestUser } from '../../../test/users';
import { productBody } from './products.test-support';

/** What the CSV import and the demo use: many products at once, and the export's batches. */
describe('ProductsService: createMany and forExport', () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  let owner: TestUser;
  let organizationId: string;
  const parsed = (name: string, sku: string, extra: Record<string, unknown> = {}) =>
    productSchema.parse(productBody({ name, variants: [{ sku, price: '5' }], ...extra }));

  beforeAll(async () => {
    ctx = await createTestApp();
    ({ owner, organizationId } = await createOwnerAndOther(ctx));
  });
  afterAll(() => ctx.close());

  it('creates every product in order, names shared or not, and refuses a batch with a problem whole', async () => {
    const products = ctx.app.services.products;
    const batch = Array.from({ length: 30 }, (_, i) =>
      parsed(i % 2 ? 'Taza' : `Taza ${i}`, `MANY-${i}`, { status: i % 3 ? 'ACTIVE' : 'DRAFT' }),
    );
    const ids = await products.createMany(organizationId, batch);
    expect(ids).toHaveLength(30);
    const views = await Promise.all(ids.slice(0, 3).map((id) => products.get(organizationId, id)));
    expect(views.map((view) => view.variants[0]!.sku)).toEqual(['MANY-0', 'MANY-1', 'MANY-2']);
    const { rows } = await ctx.db.$client.query<{ handle: string }>(
      `select handle from products where name = 'Taza' order by handle`,
    );
    expect(new Set(rows.map((row) => row.handle)).size).toBe(15);
    expect(rows.map((row) => row.handle)).toContain('taza');
    expect((await callAs(ctx.app, owner, 'GET', '/products')).json().meta.total).toBe(30);

    await expect(
      products.createMany(organizationId, [parsed('Nueva', 'NEW-1'), parsed('Repetida', 'many-4')]),
    ).rejects.toMatchObject({ code: 'PRODUCT_ALREADY_REGISTERED', params: { sku: 'many-4' } });
    expect((await callAs(ctx.app, owner, 'GET', '/products?search=NEW-1')).json().meta.total).toBe(
      0,
    );
  });

  it('exports the filtered products in batches, each once', async () => {
    const seen: ProductView[] = [];
    for await (const batch of ctx.app.services.products.forExport(organizationId, {
      status: 'DRAFT',
    })) {
      seen.push(...batch);
    }
    expect(seen).toHaveLength(10);
    expect(seen.every((view) => view.status === 'DRAFT')).toBe(true);
    expect(new Set(seen.map((view) => view.id)).size).toBe(10);
  });

  it('counts a filtered list as far as the next page and says when more match', async () => {
    const products = ctx.app.services.products;
    await products.createMany(
      organizationId,
      Array.from({ length: 50 }, (_, i) => parsed(`Tornillo ${i}`, `TOR-${i}`)),
    );
    const list = async (query: string) =>
      (await callAs(ctx.app, owner, 'GET', `/products?${query}`)).json().meta;
    // This page and the next are full, and one more matches: "more than 40".
    expect(await list('search=tornillo')).toEqual({
      page: 1,
      pageSize: 20,
      total: 40,
      capped: true,
    });
    // From the second page the end is within reach: the count is exact.
    expect(await list('search=tornillo&page=2')).toEqual({ page: 2, pageSize: 20, total: 50 });
    expect(await list('search=tornillo&page=3')).toEqual({ page: 3, pageSize: 20, total: 50 });
    // Past the end (an old address), the matches before it are counted.
    expect(await list('search=tornillo&page=9')).toEqual({ page: 9, pageSize: 20, total: 50 });
    expect(await list('search=tornillo&pageSize=25')).toEqual({
      page: 1,
      pageSize: 25,
      total: 50,
    });
    // Unfiltered, the kept count answers exactly.
    expect(await list('')).toEqual({ page: 1, pageSize: 20, total: 80 });
  });
});
