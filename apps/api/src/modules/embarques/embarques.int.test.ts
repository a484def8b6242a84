import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Embarque } from '@despacho/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sampleFiles } from '../../../test/multipart';
import { createTestApp } from '../../../test/test-app';
import {
  callAs,
  createTestMerchant,
  createTestUser,
  type CallArgs,
  type TestUser,
} from '../../../test/users';
import { importTariffFractions } from '../catalogs/tariff-fractions.importer';
import { createProduct, productBody } from '../products/products.test-support';
import { fund } from '../shipments/guides.test-support';
import { documentForm, embarqueBody, upload } from './embarques.test-support';

const here = path.dirname(fileURLToPath(import.meta.url));
const FIXTURE = path.join(here, '../catalogs/fixtures/tariff-fractions-sample.csv');
/** 2026 (the test clock's year): the consecutive starts with 6. */
const PEDIMENTO = '26  47  3429  6001234';

type View = Embarque;

describe('embarques: steps, customs data, documents and access', () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  let owner: TestUser;
  let organizationId: string;
  let stranger: TestUser;
  let staff: TestUser;
  let productId: string;

  const call = (...args: CallArgs) => callAs(ctx.app, ...args);
  const ok = async (status: number, ...args: CallArgs) => {
    const response = await call(...args);
    expect(response.statusCode, `${args[1]} ${args[2]}: ${response.body}`).toBe(status);
    return response.json().data;
  };
  const refused = async (status: number, code: string, ...args: CallArgs) => {
    const response = await call(...args);
    expect(response.statusCode, `${args[1]} ${args[2]}: ${response.body}`).toBe(status);
    return response.json().error as {
      code: string;
      message: string;
      fields?: Record<string, string>;
    };
  };
  const open = async (extra: Record<string, unknown> = {}) =>
    (await ok(201, staff, 'POST', '/staff/embarques', embarqueBody(organizationId, extra))) as View;
  const move = (id: string, to: string, language = 'es') =>
    call(staff, 'POST', `/staff/embarques/${id}/step`, { to }, language);
  const moved = async (id: string, to: string) => {
    const response = await move(id, to);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data as View;
  };
  /** An advance requested and paid by the merchant: the customs payment covered. */
  const cleared = async (id: string) => {
    const requested = (await ok(201, staff, 'POST', `/staff/embarques/${id}/payment-requests`, {
      kind: 'advance',
      concept: 'Impuestos',
      amount_centavos: 50_000,
    })) as View;
    const paymentId = requested.payment_requests.at(-1)!.id;
    await fund(ctx, organizationId, 50_000);
    const response = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/embarques/${id}/payment-requests/${paymentId}/pay`,
      headers: owner.headers({ 'idempotency-key': `pay-${paymentId}` }),
    });
    expect(response.statusCode, response.body).toBe(200);
  };

  beforeAll(async () => {
    ctx = await createTestApp();
    const merchant = await createTestMerchant(ctx);
    owner = merchant.user;
    organizationId = merchant.organization.id;
    stranger = (await createTestMerchant(ctx, 'Otra Tienda')).user;
    staff = await createTestUser(ctx, { isStaff: true });
    await importTariffFractions(ctx.db, FIXTURE);
    productId = (
      await createProduct(
        ctx.app,
        owner,
        productBody({ name: 'Tenis de lona', variants: [{ sku: 'EMB-1', price: '499' }] }),
      )
    ).id as string;
  });
  afterAll(() => ctx.close());

  it('opens an embarque at origin for the merchant, who sees it and is told', async () => {
    const created = await open({
      lines: [
        {
          product_id: productId,
          code: '6402.19.99.03',
          commercial_quantity: 120,
          commercial_unit: 'pares',
          customs_quantity: 120,
          value_cents: 360_000,
          currency: 'usd',
          origin_country: 'chn',
        },
      ],
    });
    expect(created).toMatchObject({ step: 'origin', money_state: 'not_requested' });
    expect(created.lines).toMatchObject([
      { code: '6402199903', customs_unit: { code: '09', name: 'PAR' } },
    ]);
    const mine = (await ok(200, owner, 'GET', `/embarques/${created.id}`)) as View;
    expect(mine.timeline.map((event) => event.kind)).toEqual(['created']);
    const list = await ok(200, owner, 'GET', '/embarques?search=shenzhen');
    expect(list.map((row: { id: string }) => row.id)).toContain(created.id);
    const notices = await ok(200, owner, 'GET', '/notifications');
    expect(notices[0].title).toMatch(/^Abrimos el embarque EMB-\d{6}$/);
  });

  it('refuses a line whose fracción + NICO is not in force, or a product of another organization', async () => {
    const line = {
      product_id: productId,
      code: '6402.19.99.98',
      commercial_quantity: 1,
      commercial_unit: 'par',
      customs_quantity: 1,
      value_cents: 100,
      currency: 'USD',
      origin_country: 'CHN',
    };
    const error = await refused(
      422,
      'TARIFF_CODE_NOT_IN_FORCE',
      staff,
      'POST',
      '/staff/embarques',
      {
        ...embarqueBody(organizationId),
        lines: [line],
      },
    );
    expect(error.code).toBe('TARIFF_CODE_NOT_IN_FORCE');
    const foreign = await createProduct(
      ctx.app,
      stranger,
      productBody({ name: 'Ajeno', variants: [{ sku: 'AJENO-1', price: '1' }] }),
    );
    const unknown = await refused(
      422,
      'EMBARQUE_PRODUCT_UNKNOWN',
      staff,
      'POST',
      '/staff/embarques',
      {
        ...embarqueBody(organizationId),
        lines: [{ ...line, code: '6402199903', product_id: foreign.id }],
      },
    );
    expect(unknown.code).toBe('EMBARQUE_PRODUCT_UNKNOWN');
  });

  it('replaces the lines whole, each checked again against the catalogue', async () => {
    const embarque = await open();
    const line = {
      product_id: productId,
      code: '6402199903',
      commercial_quantity: 2.5,
      commercial_unit: 'cajas',
      customs_quantity: 30,
      value_cents: 12_345,
      currency: 'EUR',
      origin_country: 'VNM',
    };
    const set = (await ok(200, staff, 'PUT', `/staff/embarques/${embarque.id}/lines`, {
      lines: [line, { ...line, commercial_quantity: 1 }],
    })) as View;
    expect(set.lines.map((each) => [each.commercial_quantity, each.currency])).toEqual([
      [2.5, 'EUR'],
      [1, 'EUR'],
    ]);
    const refusedLine = await call(staff, 'PUT', `/staff/embarques/${embarque.id}/lines`, {
      lines: [{ ...line, code: '0101210199' }],
    });
    expect(refusedLine.statusCode).toBe(422);
    expect(((await ok(200, owner, 'GET', `/embarques/${embarque.id}`)) as View).lines).toHaveLength(
      2,
    );
    expect(set.timeline.at(-1)).toMatchObject({ kind: 'lines_updated', params: { lines: 2 } });
  });

  it('moves only along the transitions table, naming both steps in the reader’s language', async () => {
    const embarque = await open();
    for (const [language, text] of [
      ['es', 'Este embarque está «En origen» y no puede pasar a «Entregado».'],
      ['en', 'This embarque is “At origin” and cannot move to “Delivered”.'],
    ] as const) {
      const response = await move(embarque.id, 'delivered', language);
      expect(response.statusCode).toBe(409);
      expect(response.json().error).toMatchObject({ code: 'EMBARQUE_STEP_REFUSED', message: text });
    }
    await moved(embarque.id, 'in_transit');
    expect((await move(embarque.id, 'origin')).statusCode).toBe(409);
    expect((await move(embarque.id, 'previous')).statusCode).toBe(409);
    await moved(embarque.id, 'customs');
    await moved(embarque.id, 'previous');
    await moved(embarque.id, 'customs');
    // Dispatch: the pedimento first, then the customs payment covered.
    const noPedimento = await move(embarque.id, 'dispatch', 'en');
    expect(noPedimento.statusCode).toBe(422);
    expect(noPedimento.json().error).toMatchObject({
      code: 'EMBARQUE_PEDIMENTO_MISSING',
      message: 'Record the pedimento number before moving from “At customs” to “Dispatched”.',
    });
    await ok(200, staff, 'PUT', `/staff/embarques/${embarque.id}/pedimento`, { number: PEDIMENTO });
    const notCovered = await move(embarque.id, 'dispatch');
    expect(notCovered.statusCode).toBe(422);
    expect(notCovered.json().error.code).toBe('EMBARQUE_CUSTOMS_NOT_COVERED');
    await cleared(embarque.id);
    const dispatched = await moved(embarque.id, 'dispatch');
    expect(dispatched.next_steps).toEqual([{ step: 'delivered', blocked_by: ['semaforo'] }]);
    expect((await move(embarque.id, 'cancelled')).statusCode).toBe(409);
    expect((await move(embarque.id, 'delivered')).json().error.code).toBe(
      'EMBARQUE_SEMAFORO_MISSING',
    );
    await ok(200, staff, 'POST', `/staff/embarques/${embarque.id}/semaforo`, { result: 'green' });
    await moved(embarque.id, 'delivered');
    // Closing: the advance not spent must go back first.
    const owed = await move(embarque.id, 'closed');
    expect(owed.statusCode).toBe(422);
    expect(owed.json().error.code).toBe('EMBARQUE_BALANCE_NOT_ZERO');
    await ok(200, staff, 'PUT', `/staff/embarques/${embarque.id}/expenses`, {
      expenses: [{ concept: 'igi', amount_centavos: 50_000 }],
    });
    const closed = await moved(embarque.id, 'closed');
    expect(closed.next_steps).toEqual([]);
    // A closed embarque takes no more changes.
    const finished = await refused(
      409,
      'EMBARQUE_FINISHED',
      staff,
      'PUT',
      `/staff/embarques/${embarque.id}/pedimento`,
      {
        number: PEDIMENTO,
      },
    );
    expect(finished.message).toBe('Este embarque está «Cerrado» y ya no admite cambios.');
    // The merchant sees one timeline of both axes, oldest first.
    const seen = (await ok(200, owner, 'GET', `/embarques/${embarque.id}`)) as View;
    expect(seen.timeline.map((event) => event.kind)).toEqual([
      'created',
      'step',
      'step',
      'step',
      'step',
      'pedimento_recorded',
      'payment_requested',
      'payment_paid',
      'step',
      'semaforo',
      'step',
      'expenses_recorded',
      'step',
    ]);
    expect(seen.timeline.find((event) => event.kind === 'payment_paid')!.actor.kind).toBe(
      'merchant',
    );
  });

  it('lets one of two staff moving at once win; the other is refused by the step it then reads', async () => {
    const embarque = await open();
    const other = await createTestUser(ctx, { isStaff: true });
    const answers = await Promise.all([
      call(staff, 'POST', `/staff/embarques/${embarque.id}/step`, { to: 'customs' }),
      call(other, 'POST', `/staff/embarques/${embarque.id}/step`, { to: 'customs' }),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const seen = (await ok(200, owner, 'GET', `/embarques/${embarque.id}`)) as View;
    expect(seen.timeline.filter((event) => event.kind === 'step')).toHaveLength(1);
  });

  it('cancels before clearance with nothing paid, never after', async () => {
    const embarque = await open();
    await moved(embarque.id, 'customs');
    await moved(embarque.id, 'cancelled');
    expect((await move(embarque.id, 'customs')).statusCode).toBe(409);
  });

  it('records the pedimento in its format and the semáforo after it; red adds the reconocimiento', async () => {
    const embarque = await open();
    for (const number of ['12345', '26 47 3429 700123', '26473429700123X', '264734297001234']) {
      const error = await refused(
        400,
        'VALIDATION_FAILED',
        staff,
        'PUT',
        `/staff/embarques/${embarque.id}/pedimento`,
        {
          number,
        },
      );
      expect(error.fields?.number).toMatch(/^El pedimento tiene 15 dígitos/);
    }
    const needsPedimento = await refused(
      409,
      'EMBARQUE_SEMAFORO_NEEDS_PEDIMENTO',
      staff,
      'POST',
      `/staff/embarques/${embarque.id}/semaforo`,
      {
        result: 'red',
      },
    );
    expect(needsPedimento.code).toBe('EMBARQUE_SEMAFORO_NEEDS_PEDIMENTO');
    const recorded = (await ok(200, staff, 'PUT', `/staff/embarques/${embarque.id}/pedimento`, {
      number: '264734296009999',
    })) as View;
    expect(recorded.pedimento).toEqual({
      number: '264734296009999',
      formatted: '26  47  3429  6009999',
    });
    const other = await open();
    const taken = await call(
      staff,
      'PUT',
      `/staff/embarques/${other.id}/pedimento`,
      { number: '26 47 3429 6009999' },
      'en',
    );
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.message).toMatch(
      /^Pedimento 26 {2}47 {2}3429 {2}6009999 is already recorded on embarque EMB-\d{6}\.$/,
    );
    const red = (await ok(200, staff, 'POST', `/staff/embarques/${embarque.id}/semaforo`, {
      result: 'red',
    })) as View;
    expect(red.timeline.slice(-2).map((event) => event.kind)).toEqual([
      'semaforo',
      'reconocimiento',
    ]);
    const bySearch = await ok(200, owner, 'GET', '/embarques?search=6009999');
    expect(bySearch.map((row: { id: string }) => row.id)).toEqual([embarque.id]);
  });

  it('takes PDF, JPEG or PNG documents up to 1 MB, the merchant only the supplier’s papers', async () => {
    const embarque = await open();
    const url = `/embarques/${embarque.id}/documents`;
    const staffUrl = `/staff/embarques/${embarque.id}/documents`;
    const invoice = await upload(ctx, owner, url, documentForm('commercial_invoice'));
    expect(invoice.statusCode, invoice.body).toBe(201);
    expect(invoice.json().data).toMatchObject({
      kind: 'commercial_invoice',
      uploaded_by: 'merchant',
    });
    const png = await upload(
      ctx,
      staff,
      staffUrl,
      documentForm('bill_of_lading', sampleFiles.png(), 'bl.png'),
    );
    expect(png.statusCode, png.body).toBe(201);
    const pedimento = await upload(ctx, owner, url, documentForm('pedimento'), 'en');
    expect(pedimento.statusCode).toBe(422);
    expect(pedimento.json().error.message).toBe(
      'You can only upload the commercial invoice or the packing list; “Pedimento” is uploaded by the Despacho team.',
    );
    const exe = await upload(
      ctx,
      owner,
      url,
      documentForm('packing_list', sampleFiles.exe(), 'lista.pdf'),
    );
    expect(exe.statusCode).toBe(415);
    const large = await upload(
      ctx,
      staff,
      staffUrl,
      documentForm('cove', sampleFiles.pdf(1024 * 1024 + 1)),
    );
    expect(large.statusCode).toBe(413);
    expect(large.json().error.code).toBe('FILE_TOO_LARGE');
    const unknownKind = await upload(ctx, staff, staffUrl, documentForm('passport'));
    expect(unknownKind.statusCode).toBe(400);
    // Nothing refused was kept; the merchant downloads what was.
    const seen = (await ok(200, owner, 'GET', `/embarques/${embarque.id}`)) as View;
    expect(seen.documents.map((document) => document.kind)).toEqual([
      'commercial_invoice',
      'bill_of_lading',
    ]);
    const download = await call(
      owner,
      'GET',
      `/embarques/${embarque.id}/documents/${seen.documents[0]!.id}`,
    );
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    // Staff delete one; it leaves the merchant's list and its timeline says so.
    const removed = await call(
      staff,
      'DELETE',
      `/staff/embarques/${embarque.id}/documents/${seen.documents[1]!.id}`,
    );
    expect(removed.statusCode).toBe(204);
    const after = (await ok(200, owner, 'GET', `/embarques/${embarque.id}`)) as View;
    expect(after.documents).toHaveLength(1);
    expect(after.timeline.at(-1)).toMatchObject({
      kind: 'document_removed',
      params: { kind: 'bill_of_lading' },
    });
  });

  it('keeps every embarque inside its organization and the console to staff', async () => {
    const embarque = await open();
    expect((await call(stranger, 'GET', `/embarques/${embarque.id}`)).statusCode).toBe(404);
    const strangers = await ok(200, stranger, 'GET', '/embarques');
    expect(strangers).toEqual([]);
    for (const [method, url] of [
      ['GET', '/staff/embarques'],
      ['GET', `/staff/embarques/${embarque.id}`],
      ['POST', '/staff/embarques'],
      ['POST', `/staff/embarques/${embarque.id}/step`],
      ['PUT', `/staff/embarques/${embarque.id}/pedimento`],
    ] as const) {
      const response = await call(
        owner,
        method,
        url,
        method === 'GET' ? undefined : { to: 'customs' },
      );
      expect(response.statusCode, `${method} ${url}`).toBe(403);
    }
    const all = await ok(200, staff, 'GET', `/staff/embarques?organization_id=${organizationId}`);
    expect(all[0]).toMatchObject({ organization: { id: organizationId, name: 'Comercio Prueba' } });
  });

  it('lets staff pick the merchant and correct the header, which the search then finds', async () => {
    const picked = await ok(200, staff, 'GET', '/staff/embarques/organizations?search=prueba');
    expect(picked).toContainEqual({ id: organizationId, name: 'Comercio Prueba' });
    // Its products, by name or SKU, for the lines; another organization's are never among them.
    const products = `/staff/embarques/organizations/${organizationId}/products`;
    expect(await ok(200, staff, 'GET', `${products}?search=lona`)).toEqual([
      { id: productId, name: 'Tenis de lona', sku: 'EMB-1', tariff_code: null },
    ]);
    expect(await ok(200, staff, 'GET', `${products}?search=ajeno`)).toEqual([]);
    expect((await call(owner, 'GET', products)).statusCode).toBe(403);
    const embarque = await open();
    const updated = (await ok(200, staff, 'PATCH', `/staff/embarques/${embarque.id}`, {
      supplier: { name: 'Guangzhou Canvas Works', country: 'CHN' },
      incoterm: 'CIF',
    })) as View;
    expect(updated).toMatchObject({
      supplier: { name: 'Guangzhou Canvas Works' },
      incoterm: 'CIF',
      mode: 'sea',
    });
    const found = await ok(200, owner, 'GET', '/embarques?search=guangzhou&status=open');
    expect(found.map((row: { id: string }) => row.id)).toEqual([embarque.id]);
    expect(await ok(200, owner, 'GET', '/embarques?search=guangzhou&status=finished')).toEqual([]);
  });

  it('writes every staff action in the audit log', async () => {
    const embarque = await open();
    await moved(embarque.id, 'customs');
    const audit = await ok(200, staff, 'GET', `/staff/audit?organization_id=${organizationId}`);
    const actions = audit
      .filter((entry: { subject_id: string }) => entry.subject_id === embarque.id)
      .map((entry: { action: string }) => entry.action);
    expect(actions).toEqual(['embarque.step', 'embarque.create']);
  });
});
