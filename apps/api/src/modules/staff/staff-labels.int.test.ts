import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectEachForbidden } from '../../../test/expect-each';
import { createTestApp } from '../../../test/test-app';
import {
  callAs,
  type CallArgs,
  createTestMerchant,
  createTestUser,
  type TestUser,
} from '../../../test/users';
import {
  postAdjustment,
  warehouseAddress,
  warehouseContact,
} from '../inventory/inventory.test-support';
import { insertVariants } from '../inventory/stock.test-support';
import { fund, MONTERREY_ZIP } from '../shipments/guides.test-support';

const parcel = { length: 30, width: 20, height: 15, weight: 2 };

/** Staff print the label of the guide they bought for a warehouse exit, through the exit. */
describe('staff exit labels', () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  let staff: TestUser;
  const call = (...args: CallArgs) => callAs(ctx.app, ...args);

  beforeAll(async () => {
    ctx = await createTestApp();
    staff = await createTestUser(ctx, { isStaff: true });
  });
  afterAll(() => ctx.close());

  /** A merchant's exit of one unit to a customer, processed (reserved) and not yet shipped. */
  async function processedExit() {
    const warehouse = await call(staff, 'POST', '/staff/warehouses', {
      name: 'CEDIS Tultitlán',
      code: `LB-${randomUUID().slice(0, 8)}`,
      address: warehouseAddress,
      ...warehouseContact,
    });
    expect(warehouse.statusCode, warehouse.body).toBe(201);
    const warehouseId = warehouse.json().data.id as string;
    const { user, organization } = await createTestMerchant(ctx);
    const [variant_id] = await insertVariants(ctx.db, organization.id, 1, {
      skus: [`LBL-${randomUUID().slice(0, 6)}`],
    });
    await ctx.db.execute(sql`update products set sat_product_code = '53102500',
      sat_unit_code = 'H87' where organization_id = ${organization.id}`);
    const adjusted = await postAdjustment(
      ctx,
      staff,
      {
        organization_id: organization.id,
        location_id: warehouseId,
        reason: 'conteo inicial',
        lines: [{ variant_id: variant_id!, on_hand_delta: 3 }],
      },
      { staff: true },
    );
    expect(adjusted.statusCode, adjusted.body).toBe(201);
    const customer = await call(user, 'POST', '/customers', {
      name: 'Laura',
      last_name: 'Garza',
      email: 'laura@boutiquesol.mx',
      phone: '8112345678',
      addresses: [
        {
          alias: 'Tienda',
          contact_name: 'Laura Garza',
          contact_phone: '8112345678',
          street: 'Av. Constitución',
          external_number: '455',
          neighborhood: 'Centro',
          city: 'Monterrey',
          municipality: 'Monterrey',
          state: 'Nuevo León',
          zip: MONTERREY_ZIP,
        },
      ],
    });
    expect(customer.statusCode, customer.body).toBe(201);
    const created = await call(user, 'POST', '/exits', {
      warehouse_id: warehouseId,
      destination: {
        kind: 'customer',
        customer_id: customer.json().data.id,
        address_id: customer.json().data.addresses[0].id,
      },
      lines: [{ variant_id, quantity: 1 }],
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().data.id as string;
    expect((await call(user, 'POST', `/exits/${id}/process`, {})).statusCode).toBe(200);
    await fund(ctx, organization.id, 500_000);
    return { id, user };
  }

  it('answers the shipped exit’s label to staff, 404 before the guide, 403 to its merchant', async () => {
    const exit = await processedExit();
    const before = await call(staff, 'GET', `/staff/exits/${exit.id}/label.pdf`);
    expect(before.statusCode, before.body).toBe(404);

    const quoted = await call(staff, 'POST', `/staff/exits/${exit.id}/quote`, {
      parcels: [parcel],
    });
    expect(quoted.statusCode, quoted.body).toBe(201);
    const quote = quoted.json().data as { id: string; rates: { id: string }[] };
    const shipped = await call(staff, 'POST', `/staff/exits/${exit.id}/ship`, {
      parcels: [parcel],
      quote_id: quote.id,
      rate_id: quote.rates[0]!.id,
    });
    expect(shipped.statusCode, shipped.body).toBe(200);
    const tracking = shipped.json().data.guide.tracking_number as string;

    const pdf = await call(staff, 'GET', `/staff/exits/${exit.id}/label.pdf`);
    expect(pdf.statusCode, pdf.body).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toBe(`attachment; filename=guia-${tracking}.pdf`);
    expect(pdf.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');

    await expectEachForbidden(call, exit.user, [['GET', `/staff/exits/${exit.id}/label.pdf`]]);
    const unknown = await call(staff, 'GET', `/staff/exits/${randomUUID()}/label.pdf`);
    expect(unknown.statusCode).toBe(404);
  });
});
