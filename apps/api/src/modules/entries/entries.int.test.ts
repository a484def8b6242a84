import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectEachForbidden, expectEachNotFound } from '../../../test/expect-each';
import { multipart, sampleFiles } from '../../../test/multipart';
import { createTestApp } from '../../../test/test-app';
import {
  callAs,
  type CallArgs,
  createOwnerAndOther,
  createTestUser,
  type TestUser,
} from '../../../test/users';
import { warehouseAddress, warehouseContact } from '../inventory/inventory.test-support';
import { insertVariants } from '../inventory/stock.test-support';
import { verifyStock } from '../invariants';
import { balanceOf, completeVariants, postKeyed, samplePhoto } from './entries.test-support';

/** Issue 15: warehouse entries (`products/entry…`) and the staff receiving console. */
describe('warehouse entries', () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  let owner: TestUser;
  let other: TestUser;
  let staff: TestUser;
  let organizationId: string;
  let warehouse: string;
  let shirt: string;
  let cap: string;
  let bare: string;

  const call = (...args: CallArgs) => callAs(ctx.app, ...args);
  const announce = async (lines: { variant_id: string; expected_quantity: number }[]) => {
    const response = await call(owner, 'POST', '/entries', {
      reference: 'Pedido proveedor 88',
      warehouse_id: warehouse,
      expected_date: '2026-12-01',
      carrier: 'Estafeta',
      tracking_number: 'EST123',
      lines,
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().data as {
      id: string;
      number: number;
      status: string;
      lines: { id: string; variant_id: string }[];
    };
  };
  const staffEntry = async (id: string) =>
    (await call(staff, 'GET', `/staff/receiving/${id}`)).json().data;
  const notificationTitles = async () =>
    (
      (await call(owner, 'GET', '/notifications?pageSize=100')).json().data as { title: string }[]
    ).map((notification) => notification.title);

  beforeAll(async () => {
    ctx = await createTestApp();
    ({ organizationId, owner, other } = await createOwnerAndOther(ctx));
    staff = await createTestUser(ctx, { isStaff: true });
    // Through staff's screen, with its address: the entry's page shows where to send the goods.
    const created = await call(staff, 'POST', '/staff/warehouses', {
      name: 'CEDIS Tultitlán',
      code: `EN-${randomUUID().slice(0, 8)}`,
      address: warehouseAddress,
      ...warehouseContact,
    });
    expect(created.statusCode, created.body).toBe(201);
    warehouse = created.json().data.id;
    const pair = await insertVariants(ctx.db, organizationId, 2, { skus: ['PLAY-01', 'GORRA-01'] });
    [shirt, cap] = [pair[0]!, pair[1]!];
    bare = (
      await insertVariants(ctx.db, organizationId, 1, { name: 'Taza', skus: ['TAZA-01'] })
    )[0]!;
    await completeVariants(ctx, [shirt, cap], ['7501000000017', '7501000000024']);
  });
  afterAll(async () => {
    expect(await verifyStock(ctx.db)).toEqual([]);
    await ctx.close();
  });

  describe('announcing', () => {
    it('numbers the entry, shows its units as incoming and each line without definition', async () => {
      const entry = await announce([
        { variant_id: shirt, expected_quantity: 10 },
        { variant_id: cap, expected_quantity: 4 },
      ]);
      expect(entry).toMatchObject({ status: 'pending', reference: 'Pedido proveedor 88' });
      const offered = await call(owner, 'GET', '/entries/warehouses');
      expect(offered.json().data).toContainEqual(expect.objectContaining({ id: warehouse }));
      expect(await balanceOf(ctx, shirt, warehouse)).toMatchObject({ incoming: 10, on_hand: 0 });
      const detail = (await call(owner, 'GET', `/entries/${entry.id}`)).json().data;
      expect(detail.lines.map((line: { stock_status: string }) => line.stock_status)).toEqual([
        'no_definition',
        'no_definition',
      ]);
      expect(detail.lines[0]).toMatchObject({ sku: 'PLAY-01', expected: 10, missing_data: [] });
      expect(detail.warehouse).toEqual({
        id: warehouse,
        name: 'CEDIS Tultitlán',
        code: expect.stringMatching(/^EN-/),
        address: expect.objectContaining({
          street: warehouseAddress.street,
          zip: warehouseAddress.zip,
        }),
        contact_phone: warehouseContact.contact_phone,
      });
      const movements = await call(owner, 'GET', `/inventory/variants/${shirt}/movements`);
      expect(movements.json().data[0]).toMatchObject({
        kind: 'announce',
        incoming: 10,
        // Named by the entry's number, as its screens name it.
        cause: { type: 'entry', id: entry.id, label: String(detail.number) },
      });
      await call(owner, 'POST', `/entries/${entry.id}/cancel`);
    });

    it('gives concurrent creates consecutive numbers, never the same one', async () => {
      const before = (await call(owner, 'GET', '/entries?pageSize=1')).json().data[0]?.number ?? 0;
      const created = await Promise.all(
        Array.from({ length: 8 }, () => announce([{ variant_id: shirt, expected_quantity: 1 }])),
      );
      expect(created.map((entry) => entry.number).sort((a, b) => a - b)).toEqual(
        Array.from({ length: 8 }, (_, index) => before + index + 1),
      );
      for (const entry of created) await call(owner, 'POST', `/entries/${entry.id}/cancel`);
    });

    it.each([
      [
        'no line',
        [],
        'lines',
        'Se necesita al menos un producto en la entrada.',
        'At least one product is needed in the entry.',
      ],
      [
        'the same product twice',
        [
          { variant_id: 'A', expected_quantity: 1 },
          { variant_id: 'A', expected_quantity: 2 },
        ],
        'lines.1.variant_id',
        'No se permiten elementos duplicados.',
        'Duplicate items are not allowed.',
      ],
      [
        'a quantity of 0',
        [{ variant_id: 'A', expected_quantity: 0 }],
        'lines.0.expected_quantity',
        null,
        null,
      ],
      [
        'more than the maximum',
        [{ variant_id: 'A', expected_quantity: 100_001 }],
        'lines.0.expected_quantity',
        'El valor máximo es 100000.',
        'The maximum value is 100000.',
      ],
    ])('refuses %s, in es and en', async (_name, lines, field, es, en) => {
      const body = {
        warehouse_id: warehouse,
        expected_date: '2026-12-01',
        lines: lines.map((line) => ({ ...line, variant_id: shirt })),
      };
      for (const [language, message] of [
        ['es', es],
        ['en', en],
      ] as const) {
        const response = await call(owner, 'POST', '/entries', body, language);
        expect(response.statusCode, response.body).toBe(400);
        const fields = response.json().error.fields;
        expect(Object.keys(fields)).toContain(field);
        if (message) expect(fields[field]).toBe(message);
      }
    });

    it('refuses a product whose data a warehouse needs is missing, naming what per line', async () => {
      for (const [language, message] of [
        ['es', 'Completa los datos faltantes de los productos.'],
        ['en', 'Fill in the missing product data.'],
      ] as const) {
        const response = await call(
          owner,
          'POST',
          '/entries',
          {
            warehouse_id: warehouse,
            expected_date: '2026-12-01',
            lines: [
              { variant_id: shirt, expected_quantity: 1 },
              { variant_id: bare, expected_quantity: 1 },
            ],
          },
          language,
        );
        expect(response.statusCode).toBe(400);
        expect(response.json().error).toMatchObject({
          code: 'ENTRY_PRODUCT_DATA_MISSING',
          message,
          details: {
            lines: [
              {
                index: 1,
                variant_id: bare,
                missing: ['dimensions', 'weight', 'sat_keys', 'barcode'],
              },
            ],
          },
        });
      }
      expect(await balanceOf(ctx, bare, warehouse)).toMatchObject({ incoming: 0 });
    });

    it('answers 404 for another organization’s variant or an unknown warehouse', async () => {
      const [foreign] = await insertVariants(
        ctx.db,
        (
          await ctx.db.execute<{ id: string }>(
            sql`select id from organizations where id <> ${organizationId} limit 1`,
          )
        ).rows[0]!.id,
      );
      const base = { warehouse_id: warehouse, expected_date: '2026-12-01' };
      const foreignLine = await call(owner, 'POST', '/entries', {
        ...base,
        lines: [{ variant_id: foreign, expected_quantity: 1 }],
      });
      expect(foreignLine.statusCode).toBe(404);
      const unknown = await call(owner, 'POST', '/entries', {
        ...base,
        warehouse_id: randomUUID(),
        lines: [{ variant_id: shirt, expected_quantity: 1 }],
      });
      expect(unknown.statusCode).toBe(404);
    });
  });

  describe('receiving', () => {
    let entry: Awaited<ReturnType<typeof announce>>;
    let shirtLine: string;
    let capLine: string;

    beforeAll(async () => {
      entry = await announce([
        { variant_id: shirt, expected_quantity: 10 },
        { variant_id: cap, expected_quantity: 4 },
      ]);
      shirtLine = entry.lines.find((line) => line.variant_id === shirt)!.id;
      capLine = entry.lines.find((line) => line.variant_id === cap)!.id;
    });

    it('lists the entry in the staff queue of its warehouse, with its organization', async () => {
      const queue = await call(
        staff,
        'GET',
        `/staff/receiving?warehouse_id=${warehouse}&pageSize=100`,
      );
      expect(queue.statusCode).toBe(200);
      expect(queue.json().data).toContainEqual(
        expect.objectContaining({
          id: entry.id,
          status: 'pending',
          lines_count: 2,
          expected_total: 14,
          received_total: 0,
          organization: { id: organizationId, name: expect.any(String) },
        }),
      );
      const elsewhere = await call(staff, 'GET', `/staff/receiving?warehouse_id=${randomUUID()}`);
      expect(elsewhere.json().data).toEqual([]);
    });

    it('counts 20 identical concurrent receipts once, and a replay answers 200', async () => {
      const key = `receipt-${randomUUID()}`;
      const responses = await Promise.all(
        Array.from({ length: 20 }, () =>
          postKeyed(ctx, staff, `/${entry.id}/receipts`, { line_id: shirtLine, count: 6 }, { key }),
        ),
      );
      const statuses = responses.map((response) => response.statusCode);
      expect(statuses.filter((status) => status === 201)).toHaveLength(1);
      expect(statuses.filter((status) => status === 200)).toHaveLength(19);
      expect(await balanceOf(ctx, shirt, warehouse)).toMatchObject({ on_hand: 6, incoming: 4 });
      const reused = await postKeyed(
        ctx,
        staff,
        `/${entry.id}/receipts`,
        { line_id: shirtLine, count: 5 },
        { key },
      );
      expect(reused.statusCode).toBe(409);
      expect(reused.json().error.code).toBe('IDEMPOTENCY_KEY_REUSED');
      const detail = await staffEntry(entry.id);
      expect(detail.status).toBe('partial');
      expect(detail.lines[0]).toMatchObject({ received: 6, accepted: 6, stock_status: 'stock' });
    });

    it('finds a line by a scanned barcode or SKU and counts units apart as not sellable', async () => {
      const scanned = await postKeyed(ctx, staff, `/${entry.id}/receipts`, {
        code: '7501000000024',
        count: 2,
        disposition: 'not_sellable',
      });
      expect(scanned.statusCode, scanned.body).toBe(201);
      const line = scanned.json().data.entry.lines[1];
      expect(line).toMatchObject({
        id: capLine,
        received: 2,
        not_sellable: 2,
        stock_status: 'pending',
      });
      expect(await balanceOf(ctx, cap, warehouse)).toMatchObject({ not_sellable: 2, incoming: 2 });
      const bySku = await postKeyed(ctx, staff, `/${entry.id}/receipts`, {
        code: 'gorra-01',
        count: 1,
      });
      expect(bySku.json().data.entry.lines[1]).toMatchObject({ received: 3, accepted: 1 });
      for (const [language, message] of [
        ['es', 'Ningún producto de esta entrada tiene ese código.'],
        ['en', 'No product of this entry has that code.'],
      ] as const) {
        const unknown = await postKeyed(
          ctx,
          staff,
          `/${entry.id}/receipts`,
          { code: 'NADA-99', count: 1 },
          { language },
        );
        expect(unknown.statusCode).toBe(404);
        expect(unknown.json().error.message).toBe(message);
      }
    });

    it('accepts units under review into stock, or sets stock apart, only what the line holds', async () => {
      const accepted = await postKeyed(ctx, staff, `/${entry.id}/reclassifications`, {
        line_id: capLine,
        quantity: 1,
        direction: 'accept',
      });
      expect(accepted.statusCode, accepted.body).toBe(201);
      expect(accepted.json().data.entry.lines[1]).toMatchObject({ accepted: 2, not_sellable: 1 });
      expect(await balanceOf(ctx, cap, warehouse)).toMatchObject({ on_hand: 2, not_sellable: 1 });
      for (const [language, message] of [
        ['es', 'La línea no tiene tantas unidades en revisión.'],
        ['en', 'The line does not have that many units under review.'],
      ] as const) {
        const tooMany = await postKeyed(
          ctx,
          staff,
          `/${entry.id}/reclassifications`,
          { line_id: capLine, quantity: 5, direction: 'accept' },
          { language },
        );
        expect(tooMany.statusCode).toBe(409);
        expect(tooMany.json().error.message).toBe(message);
      }
    });

    it('records an incident with photos (≤ 1 MB, real images only); the merchant sees and answers it', async () => {
      const upload = (content: Buffer, name = 'foto.png') => {
        const form = multipart({ name, content });
        return ctx.app.inject({
          method: 'POST',
          url: `/api/v1/staff/receiving/${entry.id}/photos`,
          headers: staff.headers({ 'x-language': 'en', ...form.headers }),
          payload: form.payload,
        });
      };
      const photo = await upload(await samplePhoto());
      expect(photo.statusCode, photo.body).toBe(201);
      const tooLarge = await upload(sampleFiles.png(1024 * 1024 + 1));
      expect(tooLarge.statusCode).toBe(413);
      expect(tooLarge.json().error.code).toBe('FILE_TOO_LARGE');
      const disguised = await upload(sampleFiles.pdf(2048), 'foto.jpg');
      expect(disguised.statusCode).toBe(415);
      expect(disguised.json().error.code).toBe('FILE_TYPE_NOT_ALLOWED');

      const unknownPhoto = await call(staff, 'POST', `/staff/receiving/${entry.id}/incidents`, {
        line_id: capLine,
        kind: 'damaged',
        photo_ids: [randomUUID()],
      });
      expect(unknownPhoto.statusCode).toBe(422);
      expect(unknownPhoto.json().error.code).toBe('ENTRY_PHOTO_NOT_FOUND');

      const photoId = photo.json().data.id as string;
      const recorded = await call(staff, 'POST', `/staff/receiving/${entry.id}/incidents`, {
        line_id: capLine,
        kind: 'damaged',
        quantity: 1,
        note: 'Caja aplastada',
        photo_ids: [photoId],
      });
      expect(recorded.statusCode, recorded.body).toBe(201);
      expect(await notificationTitles()).toContain(`Incidencia en la entrada ${entry.number}`);

      const detail = (await call(owner, 'GET', `/entries/${entry.id}`)).json().data;
      const incident = detail.lines[1].incidents[0];
      expect(incident).toMatchObject({
        kind: 'damaged',
        note: 'Caja aplastada',
        photos: [{ id: photoId }],
        resolved: false,
      });
      const image = await call(
        owner,
        'GET',
        `/entries/${entry.id}/photos/${photoId}?size=thumbnail`,
      );
      expect(image.statusCode).toBe(200);
      expect((await sharp(image.rawPayload).metadata()).format).toBe('webp');

      const answered = await call(
        owner,
        'POST',
        `/entries/${entry.id}/incidents/${incident.id}/answer`,
        {
          answer: 'Por favor devuélvanla al proveedor.',
        },
      );
      expect(answered.statusCode, answered.body).toBe(200);
      const seen = await staffEntry(entry.id);
      expect(seen.lines[1].incidents[0].answer).toBe('Por favor devuélvanla al proveedor.');

      const resolved = await call(
        staff,
        'POST',
        `/staff/receiving/${entry.id}/incidents/${incident.id}/resolve`,
      );
      expect(resolved.statusCode).toBe(200);
      expect(resolved.json().data.lines[1].incidents[0].resolved).toBe(true);
    });

    it('refuses cancelling once units were received', async () => {
      for (const [language, message] of [
        ['es', 'La entrada ya tiene unidades recibidas o está cerrada: ya no se puede cancelar.'],
        ['en', 'The entry already has received units or is closed: it can no longer be cancelled.'],
      ] as const) {
        const response = await call(
          owner,
          'POST',
          `/entries/${entry.id}/cancel`,
          undefined,
          language,
        );
        expect(response.statusCode).toBe(409);
        expect(response.json().error.message).toBe(message);
      }
    });

    it('closes short: the rest stops being incoming, the entry is received and the merchant told', async () => {
      const closed = await call(staff, 'POST', `/staff/receiving/${entry.id}/close`);
      expect(closed.statusCode, closed.body).toBe(200);
      expect(closed.json().data).toMatchObject({ status: 'received', closed_short: true });
      expect(await balanceOf(ctx, shirt, warehouse)).toMatchObject({ incoming: 0, on_hand: 6 });
      expect(await balanceOf(ctx, cap, warehouse)).toMatchObject({ incoming: 0 });
      expect(await notificationTitles()).toContain(`Entrada ${entry.number} recibida`);
      const late = await postKeyed(ctx, staff, `/${entry.id}/receipts`, {
        line_id: shirtLine,
        count: 1,
      });
      expect(late.statusCode).toBe(409);
      expect(late.json().error.code).toBe('ENTRY_CLOSED');
      const again = await call(
        staff,
        'POST',
        `/staff/receiving/${entry.id}/close`,
        undefined,
        'en',
      );
      expect(again.json().error.message).toBe(
        'The entry is already closed: it takes no more changes.',
      );
      const audit = await ctx.db.execute<{ action: string }>(
        sql`select action from audit_log where subject_id = ${entry.id} order by sequence`,
      );
      expect(new Set(audit.rows.map((row) => row.action))).toEqual(
        new Set([
          'entry.receive',
          'entry.reclassify',
          'entry.incident',
          'entry.resolve_incident',
          'entry.close',
        ]),
      );
    });
  });

  it('counts more than expected: incoming stops at zero, an "over" incident is recorded, received', async () => {
    const entry = await announce([{ variant_id: cap, expected_quantity: 3 }]);
    const before = await balanceOf(ctx, cap, warehouse);
    const over = await postKeyed(ctx, staff, `/${entry.id}/receipts`, {
      line_id: entry.lines[0]!.id,
      count: 5,
    });
    expect(over.statusCode, over.body).toBe(201);
    const line = over.json().data.entry.lines[0];
    expect(line).toMatchObject({ received: 5, accepted: 5, stock_status: 'pending' });
    expect(line.incidents).toMatchObject([{ kind: 'over', quantity: 2 }]);
    expect(over.json().data.entry.status).toBe('received');
    expect(await balanceOf(ctx, cap, warehouse)).toMatchObject({
      incoming: before.incoming - 3,
      on_hand: before.on_hand + 5,
    });
  });

  it('cancels an entry nothing of which arrived, releasing its incoming once', async () => {
    const entry = await announce([{ variant_id: shirt, expected_quantity: 7 }]);
    const before = await balanceOf(ctx, shirt, warehouse);
    const cancelled = await call(owner, 'POST', `/entries/${entry.id}/cancel`);
    expect(cancelled.json().data.status).toBe('cancelled');
    expect(await balanceOf(ctx, shirt, warehouse)).toMatchObject({
      incoming: before.incoming - 7,
    });
    expect((await call(owner, 'POST', `/entries/${entry.id}/cancel`)).statusCode).toBe(409);
    const listed = await call(owner, 'GET', `/entries?status=cancelled&search=${entry.number}`);
    expect(listed.json().data).toMatchObject([
      { id: entry.id, lines_count: 1, expected_total: 7, received_total: 0, open_incidents: 0 },
    ]);
  });

  it('hides an entry from another organization (404) and refuses without the permission (403)', async () => {
    const entry = await announce([{ variant_id: shirt, expected_quantity: 1 }]);
    const fake = randomUUID();
    await expectEachNotFound(call, other, [
      ['GET', `/entries/${entry.id}`],
      ['POST', `/entries/${entry.id}/cancel`],
      ['POST', `/entries/${entry.id}/incidents/${fake}/answer`, { answer: 'x' }],
      ['GET', `/entries/${entry.id}/photos/${fake}`],
    ]);
    expect((await call(other, 'GET', '/entries')).json().data).toEqual([]);
    const clerk = await createTestUser(ctx, { organizationId, permissions: ['dashboard'] });
    await expectEachForbidden(call, clerk, [
      ['GET', '/entries'],
      ['GET', '/entries/warehouses'],
      ['POST', '/entries', { warehouse_id: warehouse, expected_date: '2026-12-01', lines: [] }],
      ['GET', `/entries/${entry.id}`],
      ['POST', `/entries/${entry.id}/cancel`],
    ]);
    await expectEachForbidden(call, owner, [
      ['GET', '/staff/receiving'],
      ['GET', `/staff/receiving/${entry.id}`],
      ['POST', `/staff/receiving/${entry.id}/close`],
    ]);
    await call(owner, 'POST', `/entries/${entry.id}/cancel`);
  });
});
