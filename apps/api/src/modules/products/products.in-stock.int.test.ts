import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/test-app';
import { callAs, createOwnerAndOther, type TestUser } from '../../../test/users';
import { insertWarehouse } from '../inventory/stock.test-support';
import { createProduct, productBody } from './products.test-support';

/** Stock names a variant: the product cannot be deleted, or the variant dropped, while it does. */
describe('a product with stock', () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  let owner: TestUser;
  let organizationId: string;

  beforeAll(async () => {
    ctx = await createTestApp();
    ({ owner, organizationId } = await createOwnerAndOther(ctx));
  });
  afterAll(() => ctx.close());

  it('answers RECORD_IN_USE to deleting it or dropping the variant, and archiving works', async () => {
    const body = productBody({
      options: [{ name: 'Talla', values: ['S', 'M'] }],
      variants: [
        { option_values: ['S'], sku: 'STK-1', price: '10' },
        { option_values: ['M'], sku: 'STK-2', price: '10' },
      ],
    });
    const product = await createProduct(ctx.app, owner, body);
    const [stocked, other] = product.variants;
    await ctx.app.services.stock.adjust(organizationId, {
      cause: { type: 'adjustment', id: 'count-1' },
      location: await insertWarehouse(ctx.db),
      lines: [{ variant_id: stocked!.id, on_hand: 3 }],
    });

    const removed = await callAs(ctx.app, owner, 'DELETE', `/products/${product.id}`);
    expect(removed.statusCode).toBe(409);
    expect(removed.json().error.code).toBe('RECORD_IN_USE');

    // Keeping only the other variant would delete the stocked one.
    const dropped = await callAs(ctx.app, owner, 'PUT', `/products/${product.id}`, {
      ...body,
      options: [{ name: 'Talla', values: ['M'] }],
      variants: [{ id: other!.id, option_values: ['M'], sku: 'STK-2', price: '10' }],
    });
    expect(dropped.statusCode).toBe(409);
    expect(dropped.json().error.code).toBe('RECORD_IN_USE');

    const archived = await callAs(ctx.app, owner, 'POST', '/products/bulk', {
      action: 'archive',
      ids: [product.id],
    });
    expect(archived.json().data.done).toEqual([product.id]);
  });
});
