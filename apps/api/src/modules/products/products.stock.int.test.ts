import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/test-app';
import { callAs, createOwnerAndOther, type TestUser } from '../../../test/users';
import { createOwnStockLocation } from '../inventory/inventory.test-support';
import { insertWarehouse } from '../inventory/stock.test-support';
import { createLocation } from '../shipments/guides.test-support';
import { createProduct, productBody } from './products.test-support';

/** Issue 15: the products list's "Stock" and the wizard's picker at a stock-keeping origin. */
describe('available stock in the catalogue', () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  let owner: TestUser;
  let other: TestUser;
  let organizationId: string;

  beforeAll(async () => {
    ctx = await createTestApp();
    ({ owner, other, organizationId } = await createOwnerAndOther(ctx));
  });
  afterAll(() => ctx.close());

  // A count per location (the ledger's verbs move stock at one location at a time).
  const count = async (lines: { variant_id: string; location_id: string; on_hand: number }[]) => {
    for (const { location_id, ...line } of lines) {
      await ctx.app.services.stock.adjust(organizationId, {
        cause: { type: 'adjustment', id: `count-${randomUUID()}` },
        location: location_id,
        lines: [line],
      });
    }
  };

  it('lists available units per product over every location, "—" (null) when never stocked', async () => {
    const stocked = await createProduct(
      ctx.app,
      owner,
      productBody({
        name: 'Taza con stock',
        options: [{ name: 'Color', values: ['Rojo', 'Azul'] }],
        variants: [
          { option_values: ['Rojo'], sku: 'TZ-R', price: '10' },
          { option_values: ['Azul'], sku: 'TZ-A', price: '10' },
        ],
      }),
    );
    const never = await createProduct(ctx.app, owner, productBody({ name: 'Taza sin stock' }));
    const { stockLocationId } = await createOwnStockLocation(ctx, owner, 'Bodega lista');
    const warehouse = await insertWarehouse(ctx.db);
    const [red, blue] = stocked.variants;
    await count([
      { variant_id: red!.id, location_id: stockLocationId, on_hand: 4 },
      { variant_id: blue!.id, location_id: warehouse, on_hand: 3 },
    ]);
    // Reserved units are not available.
    await ctx.app.services.stock.reserve(organizationId, {
      cause: { type: 'shipment', id: randomUUID() },
      location: stockLocationId,
      lines: [{ variant_id: red!.id, quantity: 1 }],
    });
    const response = await callAs(ctx.app, owner, 'GET', '/products?search=Taza');
    expect(response.statusCode, response.body).toBe(200);
    const stockOf = new Map(
      response.json().data.map((row: { id: string; stock: number | null }) => [row.id, row.stock]),
    );
    expect(stockOf.get(stocked.id)).toBe(6);
    expect(stockOf.get(never.id)).toBeNull();
  });

  it('offers at a stock-keeping origin only what is available there, with how many', async () => {
    const product = await createProduct(
      ctx.app,
      owner,
      productBody({
        name: 'Gorra picker',
        options: [{ name: 'Talla', values: ['S', 'M'] }],
        variants: [
          { option_values: ['S'], sku: 'GP-S', price: '10' },
          { option_values: ['M'], sku: 'GP-M', price: '10' },
        ],
      }),
    );
    const [small, medium] = product.variants;
    const { locationId, stockLocationId } = await createOwnStockLocation(
      ctx,
      owner,
      'Bodega picker',
    );
    const { locationId: empty } = await createOwnStockLocation(ctx, owner, 'Bodega vacía');
    const plain = await createLocation(ctx, owner, { alias: 'Oficina picker' });
    await count([{ variant_id: small!.id, location_id: stockLocationId, on_hand: 2 }]);

    const pick = (user: TestUser, location?: string) =>
      callAs(
        ctx.app,
        user,
        'GET',
        `/product-variants?search=Gorra${location ? `&location_id=${location}` : ''}`,
      );
    const at = await pick(owner, locationId);
    expect(at.statusCode, at.body).toBe(200);
    expect(
      at.json().data.map((v: { id: string; available: number }) => [v.id, v.available]),
    ).toEqual([[small!.id, 2]]);
    expect(at.json().keeps_stock).toBe(true);
    expect((await pick(owner, empty)).json()).toEqual({ data: [], keeps_stock: true });
    expect((await pick(owner, plain)).json().keeps_stock).toBe(false);
    // A location that keeps no stock, or none named: the whole catalogue, no counts.
    for (const location of [plain, undefined]) {
      const all = (await pick(owner, location)).json().data;
      expect(all.map((v: { id: string }) => v.id).sort()).toEqual([small!.id, medium!.id].sort());
      expect(all.every((v: object) => !('available' in v))).toBe(true);
    }
    // Another organization's stock location tells nothing: its catalogue only, unfiltered.
    expect((await pick(other, locationId)).json().data).toEqual([]);
  });
});
