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
  createOwnStockLocation,
  postAdjustment,
  warehouseAddress as address,
  warehouseContact,
} from './inventory.test-support';
import { insertVariants } from './stock.test-support';
import { verifyStock } from '../invariants';

/** Issue 15: the platform's warehouses (`/staff/warehouses`) and staff adjustments there. */
describe('staff warehouses', () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  let staff: TestUser;
  let merchant: TestUser;
  let organizationId: string;
  let variant: string;
  let warehouseId: string;

  const call = (...args: CallArgs) => callAs(ctx.app, ...args);
  const auditOf = async (subjectId: string) =>
    (
      await ctx.db.execute<{ action: string; organization_id: string | null }>(
        sql`select action, organization_id from audit_log where subject_id = ${subjectId} order by sequence`,
      )
    ).rows;

  beforeAll(async () => {
    ctx = await createTestApp();
    staff = await createTestUser(ctx, { isStaff: true });
    const created = await createTestMerchant(ctx);
    merchant = created.user;
    organizationId = created.organization.id;
    variant = (await insertVariants(ctx.db, organizationId, 1, { skus: ['GOR-01'] }))[0]!;
  });
  afterAll(async () => {
    expect(await verifyStock(ctx.db)).toEqual([]);
    await ctx.close();
  });

  it('creates a warehouse with its code upper-cased, its address and contact, audited', async () => {
    const response = await call(staff, 'POST', '/staff/warehouses', {
      name: 'CEDIS Tultitlán',
      code: 'cedis-mex',
      address,
      ...warehouseContact,
    });
    expect(response.statusCode, response.body).toBe(201);
    const warehouse = response.json().data;
    expect(warehouse).toMatchObject({
      name: 'CEDIS Tultitlán',
      code: 'CEDIS-MEX',
      active: true,
      address: { ...address, internal_number: null, reference: null, country: 'MX' },
      contact_phone: warehouseContact.contact_phone,
      contact_email: null,
    });
    warehouseId = warehouse.id;
    expect(await auditOf(warehouseId)).toEqual([
      { action: 'warehouse.create', organization_id: null },
    ]);
    const listed = await call(merchant, 'GET', '/inventory/locations');
    expect(listed.json().data).toContainEqual(
      expect.objectContaining({ id: warehouseId, kind: 'warehouse', code: 'CEDIS-MEX' }),
    );
  });

  it('refuses a code another warehouse holds, whatever its case, in es and en', async () => {
    for (const [language, message] of [
      ['es', 'Ya hay un almacén con este código.'],
      ['en', 'There is already a warehouse with this code.'],
    ] as const) {
      const response = await call(
        staff,
        'POST',
        '/staff/warehouses',
        { name: 'Otro', code: 'CEDIS-mex', address, ...warehouseContact },
        language,
      );
      expect(response.statusCode).toBe(409);
      expect(response.json().error).toMatchObject({ code: 'WAREHOUSE_CODE_TAKEN', message });
    }
  });

  it('updates a warehouse, audited with before and after', async () => {
    const response = await call(staff, 'PUT', `/staff/warehouses/${warehouseId}`, {
      name: 'CEDIS Tultitlán Norte',
      code: 'CEDIS-MEX',
      address: { ...address, external_number: '10' },
      contact_phone: '8183210000',
      contact_email: 'Almacen@Despacho.mx',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({
      name: 'CEDIS Tultitlán Norte',
      address: { external_number: '10' },
      contact_phone: '8183210000',
      contact_email: 'almacen@despacho.mx',
    });
    expect((await auditOf(warehouseId)).map((entry) => entry.action)).toEqual([
      'warehouse.create',
      'warehouse.update',
    ]);
    const unknown = await call(staff, 'PUT', `/staff/warehouses/${crypto.randomUUID()}`, {
      name: 'X',
      code: 'X',
      address,
      ...warehouseContact,
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('refuses a warehouse without a 10-digit contact phone or with a bad email (400)', async () => {
    for (const contact of [
      {},
      { contact_phone: '55 1234' },
      { contact_phone: '555123456789' },
      { ...warehouseContact, contact_email: 'no-es-correo' },
    ]) {
      const response = await call(staff, 'PUT', `/staff/warehouses/${warehouseId}`, {
        name: 'CEDIS Tultitlán Norte',
        code: 'CEDIS-MEX',
        address,
        ...contact,
      });
      expect(response.statusCode, JSON.stringify(contact)).toBe(400);
    }
    const kept = await call(staff, 'GET', '/staff/warehouses');
    expect(kept.json().data).toContainEqual(
      expect.objectContaining({ id: warehouseId, contact_phone: '8183210000' }),
    );
  });

  it('adjusts a merchant’s stock at a warehouse once per key, audited once', async () => {
    const body = {
      organization_id: organizationId,
      location_id: warehouseId,
      reason: 'Conteo de recepción',
      lines: [{ variant_id: variant, on_hand_delta: 8, not_sellable_delta: 2 }],
    };
    const first = await postAdjustment(ctx, staff, body, { staff: true, key: 'conteo-cedis-01' });
    expect(first.statusCode, first.body).toBe(201);
    const again = await postAdjustment(ctx, staff, body, { staff: true, key: 'conteo-cedis-01' });
    expect(again.statusCode).toBe(200);
    const operationId = first.json().data.operation_id as string;
    expect(await auditOf(operationId)).toEqual([
      { action: 'stock.adjust', organization_id: organizationId },
    ]);

    const inventory = await call(merchant, 'GET', `/inventory?location_id=${warehouseId}`);
    expect(inventory.json().data).toEqual([
      expect.objectContaining({ sku: 'GOR-01', on_hand: 8, not_sellable: 2, available: 8 }),
    ]);
    const history = await call(merchant, 'GET', `/inventory/variants/${variant}/movements`);
    expect(history.json().data[0]).toMatchObject({
      kind: 'adjust',
      cause: { type: 'staff_adjustment' },
      actor: { id: staff.id },
    });
  });

  it('refuses a count below zero at a warehouse, writing no audit entry', async () => {
    const response = await postAdjustment(
      ctx,
      staff,
      {
        organization_id: organizationId,
        location_id: warehouseId,
        reason: 'Merma',
        lines: [{ variant_id: variant, on_hand_delta: -9 }],
      },
      { staff: true, language: 'en' },
    );
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toMatchObject({
      code: 'INSUFFICIENT_STOCK',
      details: { variant_id: variant, available: 8 },
    });
    const entries = await ctx.db.execute(
      sql`select 1 from audit_log where action = 'stock.adjust'`,
    );
    expect(entries.rows).toHaveLength(1);
  });

  it('adjusts only warehouses: a merchant’s own location is theirs to adjust', async () => {
    const own = await createOwnStockLocation(ctx, merchant);
    for (const [language, message] of [
      [
        'es',
        'El equipo de la plataforma ajusta solo los almacenes de la plataforma; el comercio ajusta sus propias ubicaciones.',
      ],
      [
        'en',
        'Platform staff adjust only the platform’s warehouses; the merchant adjusts their own locations.',
      ],
    ] as const) {
      const response = await postAdjustment(
        ctx,
        staff,
        {
          organization_id: organizationId,
          location_id: own.stockLocationId,
          reason: 'Conteo',
          lines: [{ variant_id: variant, on_hand_delta: 1 }],
        },
        { staff: true, language },
      );
      expect(response.statusCode).toBe(409);
      expect(response.json().error).toMatchObject({
        code: 'STAFF_ADJUST_WAREHOUSES_ONLY',
        message,
      });
    }
  });

  it('answers 404 for an organization that does not exist or a variant not of it', async () => {
    const other = await createTestMerchant(ctx, 'Otra Tienda');
    for (const organization of [crypto.randomUUID(), other.organization.id]) {
      const response = await postAdjustment(
        ctx,
        staff,
        {
          organization_id: organization,
          location_id: warehouseId,
          reason: 'Conteo',
          lines: [{ variant_id: variant, on_hand_delta: 1 }],
        },
        { staff: true },
      );
      expect(response.statusCode).toBe(404);
    }
  });

  it('refuses to deactivate a warehouse that holds stock, then deactivates it once empty', async () => {
    const url = `/staff/warehouses/${warehouseId}/status`;
    const refused = await call(staff, 'PATCH', url, { active: false });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('STOCK_LOCATION_HOLDS_STOCK');
    const emptied = await postAdjustment(
      ctx,
      staff,
      {
        organization_id: organizationId,
        location_id: warehouseId,
        reason: 'Traspaso',
        lines: [{ variant_id: variant, on_hand_delta: -8, not_sellable_delta: -2 }],
      },
      { staff: true },
    );
    expect(emptied.statusCode).toBe(201);
    const done = await call(staff, 'PATCH', url, { active: false });
    expect(done.statusCode).toBe(200);
    expect(done.json().data.active).toBe(false);
    expect((await auditOf(warehouseId)).at(-1)?.action).toBe('warehouse.status');
    const listed = await call(merchant, 'GET', '/inventory/locations');
    expect(listed.json().data.map((l: { id: string }) => l.id)).not.toContain(warehouseId);
    const staffList = await call(staff, 'GET', '/staff/warehouses');
    expect(staffList.json().data).toContainEqual(
      expect.objectContaining({ id: warehouseId, active: false }),
    );
  });

  it('refuses every staff route to a merchant (403)', async () => {
    await expectEachForbidden(call, merchant, [
      ['GET', '/staff/warehouses'],
      ['POST', '/staff/warehouses', { name: 'X', code: 'X', address, ...warehouseContact }],
      [
        'PUT',
        `/staff/warehouses/${warehouseId}`,
        { name: 'X', code: 'X', address, ...warehouseContact },
      ],
      ['PATCH', `/staff/warehouses/${warehouseId}/status`, { active: true }],
      ['POST', '/staff/inventory/adjustments', {}],
    ]);
  });
});
