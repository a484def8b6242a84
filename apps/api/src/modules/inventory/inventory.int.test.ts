import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectEachForbidden, expectEachNotFound } from '../../../test/expect-each';
import { createTestApp } from '../../../test/test-app';
import {
  callAs,
  type CallArgs,
  createOwnerAndOther,
  createTestUser,
  type TestUser,
} from '../../../test/users';
import { createLocation, originLocation } from '../shipments/guides.test-support';
import { createOwnStockLocation, postAdjustment } from './inventory.test-support';
import { insertVariants, insertWarehouse } from './stock.test-support';
import { verifyStock } from '../invariants';

interface Row {
  variant_id: string;
  sku: string | null;
  variant_title: string;
  product_name: string;
  location: { id: string; kind: string };
  on_hand: number;
  available: number;
  not_sellable: number;
}

/** Issue 15: the inventory screen's API (`products/inventory`) and adjustments at own locations. */
describe('inventory', () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  let owner: TestUser;
  let other: TestUser;
  let organizationId: string;
  let otherOrganizationId: string;
  let own: { locationId: string; stockLocationId: string };
  let warehouse: string;
  let shirts: string[];
  let mug: string;

  const call = (...args: CallArgs) => callAs(ctx.app, ...args);
  const rows = async (query = '') => {
    const response = await call(owner, 'GET', `/inventory${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as { data: Row[]; meta: { total: number } };
  };
  const line = (variant_id: string, on_hand_delta: number, not_sellable_delta = 0) => ({
    variant_id,
    on_hand_delta,
    not_sellable_delta,
  });
  const adjust = (lines: object[], extra: object = {}) =>
    postAdjustment(ctx, owner, {
      location_id: own.stockLocationId,
      reason: 'Conteo cíclico',
      lines,
      ...extra,
    });
  const movementCount = async () =>
    (
      await ctx.db.execute<{ n: number }>(
        sql`select count(*)::int as n from stock_movements where organization_id = ${organizationId}`,
      )
    ).rows[0]!.n;

  beforeAll(async () => {
    ctx = await createTestApp();
    ({ organizationId, owner, other } = await createOwnerAndOther(ctx));
    otherOrganizationId = other.organizationId!;
    warehouse = await insertWarehouse(ctx.db, 'CEDIS-T');
    own = await createOwnStockLocation(ctx, owner, 'Bodega Roma');
    shirts = await insertVariants(ctx.db, organizationId, 2, {
      name: 'Playera Básica',
      skus: ['PLY-CH', 'PLY-M'],
    });
    mug = (await insertVariants(ctx.db, organizationId, 1, { name: 'Taza Cerámica' }))[0]!;
  });
  afterAll(async () => {
    expect(await verifyStock(ctx.db)).toEqual([]);
    await ctx.close();
  });

  describe('stock locations', () => {
    it('lists the platform warehouses and the organization’s own stock locations', async () => {
      const response = await call(owner, 'GET', '/inventory/locations');
      expect(response.statusCode).toBe(200);
      const locations = response.json().data as { id: string; kind: string }[];
      expect(locations.map((l) => [l.kind, l.id])).toEqual(
        expect.arrayContaining([
          ['own', own.stockLocationId],
          ['warehouse', warehouse],
        ]),
      );
      const others = (await call(other, 'GET', '/inventory/locations')).json().data as {
        id: string;
      }[];
      expect(others.map((l) => l.id)).not.toContain(own.stockLocationId);
    });

    it('refuses to stop keeping stock while the location holds some, then deactivates and reactivates it', async () => {
      const { locationId, stockLocationId } = await createOwnStockLocation(ctx, owner, 'Local 2');
      expect((await adjust([line(mug, 2)], { location_id: stockLocationId })).statusCode).toBe(201);
      const url = `/inventory/locations/${locationId}`;
      for (const language of ['es', 'en'] as const) {
        const refused = await call(owner, 'PUT', url, { keeps_stock: false }, language);
        expect(refused.statusCode).toBe(409);
        expect(refused.json().error).toMatchObject({
          code: 'STOCK_LOCATION_HOLDS_STOCK',
          message:
            language === 'es'
              ? 'Esta ubicación todavía guarda existencias: ajústalas a 0 o sácalas antes de dejar de guardar inventario aquí.'
              : 'This location still holds stock: adjust it to 0 or move it out before it stops keeping inventory.',
        });
      }
      expect((await adjust([line(mug, -2)], { location_id: stockLocationId })).statusCode).toBe(
        201,
      );
      const off = await call(owner, 'PUT', url, { keeps_stock: false });
      expect(off.statusCode).toBe(200);
      expect(off.json().data).toMatchObject({ id: stockLocationId, active: false });
      // An inactive location takes no adjustment, with a clear message.
      const closed = await adjust([line(mug, 1)], { location_id: stockLocationId });
      expect(closed.statusCode).toBe(409);
      expect(closed.json().error.code).toBe('STOCK_LOCATION_INACTIVE');
      const on = await call(owner, 'PUT', url, { keeps_stock: true });
      expect(on.json().data).toMatchObject({ id: stockLocationId, active: true, name: 'Local 2' });
    });

    it('names an own location by its address-book alias as it is now', async () => {
      const { locationId, stockLocationId } = await createOwnStockLocation(ctx, owner, 'Local 3');
      const renamed = await call(
        owner,
        'PUT',
        `/locations/${locationId}`,
        originLocation({ alias: 'Local Centro' }),
      );
      expect(renamed.statusCode, renamed.body).toBe(200);
      const listed = (await call(owner, 'GET', '/inventory/locations')).json().data as {
        id: string;
        name: string;
      }[];
      expect(listed.find((l) => l.id === stockLocationId)?.name).toBe('Local Centro');
    });

    it('forgets a location switched off before anything was kept there, so its address can go', async () => {
      const { locationId } = await createOwnStockLocation(ctx, owner, 'Local vacío');
      const off = await call(owner, 'PUT', `/inventory/locations/${locationId}`, {
        keeps_stock: false,
      });
      expect(off.json().data).toBeNull();
      expect((await call(owner, 'DELETE', `/locations/${locationId}`)).statusCode).toBe(204);
    });

    it('answers null for a location that never kept stock and is switched off', async () => {
      const locationId = await createLocation(ctx, owner, { alias: 'Oficina' });
      const response = await call(owner, 'PUT', `/inventory/locations/${locationId}`, {
        keeps_stock: false,
      });
      expect(response.statusCode).toBe(200);
      expect(response.json().data).toBeNull();
    });
  });

  describe('adjustments', () => {
    it('adjusts on hand and not sellable at an own location, once per Idempotency-Key', async () => {
      const key = 'conteo-inicial-0001';
      const body = {
        location_id: own.stockLocationId,
        reason: 'Conteo inicial',
        lines: [line(shirts[0]!, 10, 1), line(shirts[1]!, 3)],
      };
      const before = await movementCount();
      const first = await postAdjustment(ctx, owner, body, { key });
      expect(first.statusCode, first.body).toBe(201);
      expect(first.json().data).toMatchObject({ replayed: false });
      const again = await postAdjustment(ctx, owner, body, { key });
      expect(again.statusCode).toBe(200);
      expect(again.json().data).toEqual({ ...first.json().data, replayed: true });
      expect(await movementCount()).toBe(before + 2);

      const reused = await postAdjustment(
        ctx,
        owner,
        { ...body, lines: [line(shirts[0]!, 99)] },
        { key },
      );
      expect(reused.statusCode).toBe(409);
      expect(reused.json().error.code).toBe('IDEMPOTENCY_KEY_REUSED');

      const { data } = await rows(`?location_id=${own.stockLocationId}&search=ply-ch`);
      expect(data).toEqual([
        expect.objectContaining({
          variant_id: shirts[0],
          sku: 'PLY-CH',
          variant_title: 'Talla 0',
          product_name: 'Playera Básica',
          on_hand: 10,
          available: 10,
          not_sellable: 1,
        }),
      ]);
    });

    it('refuses the Idempotency-Key missing', async () => {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/inventory/adjustments',
        headers: owner.headers(),
        payload: { location_id: own.stockLocationId, reason: 'x', lines: [line(mug, 1)] },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.code).toBe('IDEMPOTENCY_KEY_REQUIRED');
    });

    it('refuses a count below zero with the variant, and moves nothing of the operation', async () => {
      const before = await movementCount();
      for (const language of ['es', 'en'] as const) {
        const response = await postAdjustment(
          ctx,
          owner,
          {
            location_id: own.stockLocationId,
            reason: 'Merma',
            lines: [line(mug, 5), line(shirts[1]!, -4)],
          },
          { language },
        );
        expect(response.statusCode).toBe(409);
        expect(response.json().error).toMatchObject({
          code: 'INSUFFICIENT_STOCK',
          message:
            language === 'es'
              ? 'No hay existencias suficientes de uno de los productos: quítalo o pon su cantidad en 0.'
              : 'There is not enough stock of one of the products: remove it or set its quantity to 0.',
          details: { variant_id: shirts[1], location_id: own.stockLocationId, available: 3 },
        });
        // Under the line that went short, for the form.
        expect(Object.keys(response.json().error.fields)).toEqual(['lines.1.on_hand_delta']);
      }
      expect(await movementCount()).toBe(before);
    });

    it('refuses adjustments at a platform warehouse: only staff adjust those', async () => {
      for (const language of ['es', 'en'] as const) {
        const response = await postAdjustment(
          ctx,
          owner,
          { location_id: warehouse, reason: 'Conteo', lines: [line(mug, 1)] },
          { language },
        );
        expect(response.statusCode).toBe(403);
        expect(response.json().error).toMatchObject({
          code: 'WAREHOUSE_ADJUSTED_BY_STAFF',
          message:
            language === 'es'
              ? 'Las existencias de los almacenes de la plataforma solo las ajusta nuestro equipo de almacén. Escríbenos a soporte si ves una diferencia.'
              : 'Stock at the platform’s warehouses is adjusted only by our warehouse team. Contact support if you see a difference.',
        });
      }
    });

    it.each([
      ['no line', { lines: [] }, 'lines', 'Agrega al menos un elemento.', 'Add at least one item.'],
      [
        'the same variant twice',
        {
          lines: [
            { variant_id: 'V', on_hand_delta: 1 },
            { variant_id: 'V', on_hand_delta: 2 },
          ],
        },
        'lines.1.variant_id',
        'No se permiten elementos duplicados.',
        'Duplicate items are not allowed.',
      ],
      [
        'a line that changes nothing',
        { lines: [{ variant_id: 'V', on_hand_delta: 0 }] },
        'lines.0.on_hand_delta',
        'Indica cuántas unidades sumar o restar.',
        'Enter how many units to add or take away.',
      ],
      [
        'no reason',
        { reason: '  ' },
        'reason',
        'Este campo es obligatorio.',
        'This field is required.',
      ],
      [
        'a reason over 200 characters',
        { reason: 'x'.repeat(201) },
        'reason',
        'Escribe máximo 200 caracteres.',
        'Enter at most 200 characters.',
      ],
      [
        'a fractional quantity',
        { lines: [{ variant_id: 'V', on_hand_delta: 1.5 }] },
        'lines.0.on_hand_delta',
        'Solo se aceptan números enteros.',
        'Only whole numbers are accepted.',
      ],
    ])('refuses %s (spec §5), in es and en', async (_, change, field, es, en) => {
      const body = JSON.parse(
        JSON.stringify({
          location_id: own.stockLocationId,
          reason: 'Conteo',
          lines: [line(mug, 1)],
          ...change,
        }),
      ) as object;
      const withVariant = JSON.parse(JSON.stringify(body).replaceAll('"V"', `"${mug}"`)) as object;
      for (const [language, message] of [
        ['es', es],
        ['en', en],
      ] as const) {
        const response = await postAdjustment(ctx, owner, withVariant, { language });
        expect(response.statusCode).toBe(400);
        expect(response.json().error.fields[field]).toBe(message);
      }
    });

    it('answers 404 for another organization’s variant or location', async () => {
      const [foreignVariant] = await insertVariants(ctx.db, otherOrganizationId);
      const foreign = await createOwnStockLocation(ctx, other, 'Bodega ajena');
      for (const body of [
        { location_id: own.stockLocationId, reason: 'x', lines: [line(foreignVariant!, 1)] },
        { location_id: foreign.stockLocationId, reason: 'x', lines: [line(mug, 1)] },
      ]) {
        const response = await postAdjustment(ctx, owner, body);
        expect(response.statusCode).toBe(404);
      }
      await expectEachNotFound(call, owner, [
        ['GET', `/inventory/variants/${foreignVariant}/movements`],
        ['PUT', `/inventory/locations/${foreign.locationId}`, { keeps_stock: true }],
      ]);
    });

    it('never goes below zero under concurrent adjustments', async () => {
      const [variant] = await insertVariants(ctx.db, organizationId, 1, { name: 'Gorra' });
      await adjust([line(variant!, 5)]);
      const outcomes = await Promise.all(
        Array.from({ length: 12 }, () => adjust([line(variant!, -1)])),
      );
      expect(outcomes.filter((r) => r.statusCode === 201)).toHaveLength(5);
      expect(outcomes.filter((r) => r.statusCode === 409)).toHaveLength(7);
      const { data } = await rows(`?search=gorra&location_id=${own.stockLocationId}`);
      expect(data[0]).toMatchObject({ on_hand: 0, available: 0 });
    });

    it('applies the same key sent many times at once exactly once', async () => {
      const [variant] = await insertVariants(ctx.db, organizationId, 1, { name: 'Calcetas' });
      const before = await movementCount();
      const body = { location_id: own.stockLocationId, reason: 'Alta', lines: [line(variant!, 4)] };
      const answers = await Promise.all(
        Array.from({ length: 10 }, () =>
          postAdjustment(ctx, owner, body, { key: 'alta-calcetas' }),
        ),
      );
      expect(answers.filter((r) => r.statusCode === 201)).toHaveLength(1);
      expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(9);
      expect(await movementCount()).toBe(before + 1);
    });
  });

  describe('the list', () => {
    it('shows every variant at each own location, zero where nothing was kept', async () => {
      const { data } = await rows(`?location_id=${own.stockLocationId}&search=taza`);
      expect(data).toEqual([
        expect.objectContaining({ variant_id: mug, variant_title: '', on_hand: 0, available: 0 }),
      ]);
    });

    it('searches a SKU exactly, in any case, or the words of the name without accents', async () => {
      const at = `location_id=${own.stockLocationId}`;
      expect((await rows(`?${at}&search=PLY-m`)).data.map((r) => r.sku)).toEqual(['PLY-M']);
      expect((await rows(`?${at}&search=PLY`)).data).toEqual([]);
      const byName = await rows(`?${at}&search=basica%20playera`);
      expect(byName.data.map((r) => r.sku)).toEqual(['PLY-CH', 'PLY-M']);
    });

    it('filters low stock (with a threshold) and out of stock', async () => {
      const at = `location_id=${own.stockLocationId}`;
      const low = (await rows(`?${at}&low_stock=true`)).data.map((r) => r.sku);
      expect(low).toContain('PLY-M');
      expect(low).not.toContain('PLY-CH');
      const lowAt2 = (await rows(`?${at}&low_stock=true&threshold=2`)).data.map((r) => r.sku);
      expect(lowAt2).not.toContain('PLY-M');
      const out = (await rows(`?${at}&out_of_stock=true`)).data;
      expect(out.every((r) => r.available === 0)).toBe(true);
      expect(out.map((r) => r.variant_id)).toContain(mug);
    });

    it('paginates on the server', async () => {
      const all = await rows(`?location_id=${own.stockLocationId}`);
      const page = await rows(`?location_id=${own.stockLocationId}&page=2&pageSize=2`);
      expect(page.meta.total).toBe(all.meta.total);
      expect(page.data.map((r) => r.variant_id)).toEqual(
        all.data.slice(2, 4).map((r) => r.variant_id),
      );
    });

    it('shows another organization nothing of this one', async () => {
      const response = await call(other, 'GET', '/inventory?search=basica');
      expect(response.json().data).toEqual([]);
    });
  });

  describe('movement history', () => {
    it('lists a variant’s movements newest first, with kind, deltas, reason, cause and who', async () => {
      await adjust([line(shirts[0]!, -2, 1)], { reason: 'Dañadas en exhibición' });
      const response = await call(owner, 'GET', `/inventory/variants/${shirts[0]}/movements`);
      expect(response.statusCode).toBe(200);
      const { data, meta } = response.json();
      expect(meta.total).toBe(2);
      expect(data[0]).toMatchObject({
        kind: 'adjust',
        on_hand: -2,
        not_sellable: 1,
        reserved: 0,
        incoming: 0,
        reason: 'Dañadas en exhibición',
        cause: { type: 'adjustment', id: expect.any(String) },
        actor: { id: owner.id, name: expect.any(String) },
        location: { id: own.stockLocationId, kind: 'own', name: 'Bodega Roma' },
      });
      expect(data[1]).toMatchObject({ reason: 'Conteo inicial', on_hand: 10 });
      const second = await call(
        owner,
        'GET',
        `/inventory/variants/${shirts[0]}/movements?pageSize=1&page=2`,
      );
      expect(second.json().data[0].reason).toBe('Conteo inicial');
    });
  });

  it('refuses every operation without warehousing.warehouse_inventory (403)', async () => {
    const clerk = await createTestUser(ctx, { organizationId, permissions: ['dashboard'] });
    await expectEachForbidden(call, clerk, [
      ['GET', '/inventory'],
      ['GET', '/inventory/locations'],
      ['GET', `/inventory/variants/${mug}/movements`],
      ['PUT', `/inventory/locations/${own.locationId}`, { keeps_stock: true }],
      [
        'POST',
        '/inventory/adjustments',
        { location_id: own.stockLocationId, reason: 'x', lines: [] },
      ],
    ]);
  });
});
