import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { errorMessage, errorStatus, type ErrorCode } from '@despacho/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PDFDocument } from 'pdf-lib';
import { drawnTexts, pageContent } from '../../platform/pdf-text.test-support';
import { createTestApp } from '../../../test/test-app';
import {
  callAs,
  createTestMerchant,
  createTestUser,
  signIn,
  type CallArgs,
  type TestUser,
} from '../../../test/users';
import { importTariffFractions } from '../catalogs/tariff-fractions.importer';
import { verifyLedger } from '../invariants';
import { createProduct, createTenantProduct, productBody } from '../products/products.test-support';
import { fund } from '../shipments/guides.test-support';
import { classificationInputs, resultBody } from './classification.test-support';

const here = path.dirname(fileURLToPath(import.meta.url));
const FIXTURE = path.join(here, '../catalogs/fixtures/tariff-fractions-sample.csv');

type Item = { id: string; request_id: string; status: string; fee: { state: string } };

describe('tariff classification: requests, the staff console and the fee', () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  let owner: TestUser;
  let organizationId: string;
  let stranger: TestUser;
  let classifier: TestUser;
  let reviewer: TestUser;
  let serial = 0;

  const call = (...args: CallArgs) => callAs(ctx.app, ...args);
  const ok = async (status: number, ...args: CallArgs) => {
    const response = await call(...args);
    expect(response.statusCode, `${args[1]} ${args[2]}: ${response.body}`).toBe(status);
    return response.json().data;
  };
  const balance = async () =>
    (await ok(200, owner, 'GET', '/wallet/balance')) as {
      available_centavos: number;
      on_hold_centavos: number;
    };
  const product = async (name = 'Playera básica') => {
    serial += 1;
    const created = await createProduct(
      ctx.app,
      owner,
      productBody({ name, variants: [{ sku: `CLS-${serial}`, price: '199' }] }),
    );
    return created.id as string;
  };
  const request = async (...productIds: string[]) =>
    (await ok(201, owner, 'POST', '/tariff-classifications', {
      items: productIds.map((id) => ({ product_id: id, ...classificationInputs() })),
    })) as { id: string; due_date: string; items: Item[] };
  const productView = (id: string) => ok(200, owner, 'GET', `/products/${id}`);
  const staffAction = (user: TestUser, id: string, action: string, body?: object) =>
    call(user, 'POST', `/staff/classification/${id}/${action}`, body ?? {});
  /** Claimed and recorded by the classifier, sent to review. */
  const toReview = async (itemId: string, code = '6109100100') => {
    await ok(200, classifier, 'POST', `/staff/classification/${itemId}/claim`);
    await ok(200, classifier, 'PUT', `/staff/classification/${itemId}/result`, resultBody(code));
    return ok(200, classifier, 'POST', `/staff/classification/${itemId}/review`, {});
  };

  beforeAll(async () => {
    ctx = await createTestApp();
    const merchant = await createTestMerchant(ctx);
    owner = merchant.user;
    organizationId = merchant.organization.id;
    stranger = (await createTestMerchant(ctx, 'Otra Tienda')).user;
    classifier = await createTestUser(ctx, { isStaff: true });
    reviewer = await createTestUser(ctx, { isStaff: true });
    await importTariffFractions(ctx.db, FIXTURE);
  });
  afterAll(() => ctx.close());

  it('quotes the price with VAT, the balance and what each product still needs', async () => {
    const id = await product();
    const quote = await ok(200, owner, 'POST', '/tariff-classifications/quote', {
      product_ids: [id],
    });
    expect(quote).toMatchObject({
      unit_price_centavos: 12_000,
      total_centavos: 12_000,
      vat_centavos: 1_655,
      available_centavos: 0,
      sufficient_balance: false,
      // Monday 2 March 2026 + 7 business days.
      due_date: '2026-03-11',
      products: [
        { missing: ['description', 'materials', 'use', 'origin_country'], open_status: null },
      ],
    });
  });

  it('refuses a request the balance cannot pay with the spec text, holding and changing nothing', async () => {
    const id = await product();
    for (const [language, text] of [
      ['es', 'Saldo insuficiente para realizar el pago'],
      ['en', 'Insufficient balance to make payment'],
    ] as const) {
      const response = await call(
        owner,
        'POST',
        '/tariff-classifications',
        { items: [{ product_id: id, ...classificationInputs() }] },
        language,
      );
      expect(response.statusCode).toBe(402);
      expect(response.json().error).toMatchObject({
        code: 'INSUFFICIENT_BALANCE',
        message: text,
        details: { required_centavos: 12_000, available_centavos: 0 },
      });
    }
    expect((await productView(id)).tariff_status).toBe('UNCLASSIFIED');
    expect((await ok(200, owner, 'GET', '/tariff-classifications')).length).toBe(0);
  });

  it('holds 120.00 per product at request, each due in 7 business days, the products in process', async () => {
    await fund(ctx, organizationId, 50_000);
    const before = await balance();
    const [a, b] = [await product('Playera roja'), await product('Playera azul')];
    const created = await request(a, b);
    expect(created.due_date).toBe('2026-03-11');
    expect(created.items.map((item) => [item.status, item.fee.state])).toEqual([
      ['PROCESS_CLASSIFICATION', 'held'],
      ['PROCESS_CLASSIFICATION', 'held'],
    ]);
    expect(await balance()).toEqual({
      ...before,
      available_centavos: before.available_centavos - 24_000,
      on_hold_centavos: before.on_hold_centavos + 24_000,
      currency: 'MXN',
    });
    expect((await productView(a)).tariff_status).toBe('PROCESS_CLASSIFICATION');
    // Requested again while under way: refused, nothing more held.
    const again = await call(owner, 'POST', '/tariff-classifications', {
      items: [{ product_id: a, ...classificationInputs() }],
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('CLASSIFICATION_ALREADY_OPEN');
    expect((await balance()).on_hold_centavos).toBe(before.on_hold_centavos + 24_000);
    const queue = await ok(200, classifier, 'GET', '/staff/classification');
    expect(queue.map((row: { id: string }) => row.id)).toEqual(
      expect.arrayContaining(created.items.map((item) => item.id)),
    );
  });

  it('answers another organization 404 and refuses the console to merchants', async () => {
    await fund(ctx, organizationId, 12_000);
    const created = await request(await product());
    const item = created.items[0]!;
    for (const url of [
      `/tariff-classifications/${created.id}`,
      `/tariff-classifications/${created.id}/items/${item.id}/dictamen`,
    ]) {
      expect((await call(stranger, 'GET', url)).statusCode).toBe(404);
    }
    const resubmit = await call(
      stranger,
      'POST',
      `/tariff-classifications/${created.id}/items/${item.id}/resubmit`,
      classificationInputs(),
    );
    expect(resubmit.statusCode).toBe(404);
    const foreignProduct = await call(stranger, 'POST', '/tariff-classifications/quote', {
      product_ids: [item.id],
    });
    expect(foreignProduct.statusCode).toBe(404);
    for (const [method, url] of [
      ['GET', '/staff/classification'],
      ['GET', `/staff/classification/${item.id}`],
      ['POST', `/staff/classification/${item.id}/claim`],
      ['GET', '/staff/classification/tariff-search?search=cafe'],
      ['GET', `/staff/classification/${item.id}/datasheet`],
    ] as const) {
      expect((await call(owner, method, url)).statusCode).toBe(403);
    }
  });

  it('opens to staff the photos and data sheet of a product under classification, and nothing else', async () => {
    await fund(ctx, organizationId, 12_000);
    const files = await createTenantProduct(ctx.app, owner);
    const item = (await request(files.productId)).items[0]!;
    const bare = (await request(await product())).items[0]!;
    const foreign = await createTenantProduct(ctx.app, stranger);

    const view = (await ok(200, classifier, 'GET', `/staff/classification/${item.id}`)) as {
      product: { thumbnail_url: string | null };
      datasheet: { name: string; url: string } | null;
      images: { id: string; url: string; thumbnail_url: string }[];
    };
    expect(view.datasheet).toEqual({
      name: 'ficha.pdf',
      url: `/api/v1/staff/classification/${item.id}/datasheet`,
    });
    expect(view.images).toEqual([
      {
        id: files.productImageId,
        url: `/api/v1/staff/classification/${item.id}/images/${files.productImageId}`,
        thumbnail_url: `/api/v1/staff/classification/${item.id}/images/${files.productImageId}?size=thumbnail`,
      },
    ]);
    expect(view.product.thumbnail_url).toBe(view.images[0]!.thumbnail_url);
    const get = (user: TestUser, url: string) =>
      ctx.app.inject({ method: 'GET', url, headers: user.headers() });
    const sheet = await get(classifier, view.datasheet!.url);
    expect(sheet.statusCode, sheet.body).toBe(200);
    expect(sheet.headers['content-type']).toContain('application/pdf');
    expect(sheet.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    for (const url of [view.images[0]!.url, view.images[0]!.thumbnail_url]) {
      const image = await get(classifier, url);
      expect(image.statusCode, image.body).toBe(200);
      expect(image.headers['content-type']).toContain('image/webp');
    }
    // Staff only; never another image through this item, nor a file of a product without one.
    expect((await get(owner, view.images[0]!.url)).statusCode).toBe(403);
    expect((await get(owner, view.datasheet!.url)).statusCode).toBe(403);
    for (const url of [
      `/api/v1/staff/classification/${item.id}/images/${foreign.productImageId}`,
      `/api/v1/staff/classification/${bare.id}/images/${files.productImageId}`,
      `/api/v1/staff/classification/${bare.id}/datasheet`,
      `/api/v1/staff/classification/${files.productId}/datasheet`,
    ]) {
      expect((await get(classifier, url)).statusCode, url).toBe(404);
    }
  });

  it('lets a user with only the classification permission pick products, never change them', async () => {
    const name = `Taza picker ${serial}`;
    await product(name);
    const member = (permissions: string[]) => createTestUser(ctx, { organizationId, permissions });
    const classifying = await member(['international_trade.tariff_classification']);
    const shipping = await member(['shipments.create_shipment']);
    const list = await call(classifying, 'GET', `/products?search=${encodeURIComponent(name)}`);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().data.map((row: { name: string }) => row.name)).toEqual([name]);
    expect((await call(shipping, 'GET', '/products')).statusCode).toBe(403);
    expect((await call(classifying, 'POST', '/products', productBody())).statusCode).toBe(403);
    expect((await call(classifying, 'GET', '/products/export')).statusCode).toBe(403);
  });

  it('allows only the transitions of the path, a second person approving', async () => {
    await fund(ctx, organizationId, 12_000);
    const item = (await request(await product())).items[0]!;
    const refused = async (user: TestUser, action: string, code: string, body?: object) => {
      const response = await staffAction(user, item.id, action, body);
      expect(response.statusCode, `${action}: ${response.body}`).toBe(
        errorStatus(code as ErrorCode),
      );
      expect(response.json().error.code).toBe(code);
    };
    await refused(reviewer, 'publish', 'CLASSIFICATION_TRANSITION_REFUSED');
    await refused(classifier, 'review', 'CLASSIFICATION_TRANSITION_REFUSED');
    await ok(200, classifier, 'POST', `/staff/classification/${item.id}/claim`);
    await refused(reviewer, 'claim', 'CLASSIFICATION_TRANSITION_REFUSED');
    await refused(classifier, 'review', 'CLASSIFICATION_RESULT_MISSING');
    const notMine = await call(
      reviewer,
      'PUT',
      `/staff/classification/${item.id}/result`,
      resultBody(),
    );
    expect(notMine.json().error.code).toBe('CLASSIFICATION_NOT_YOURS');
    await ok(200, classifier, 'PUT', `/staff/classification/${item.id}/result`, resultBody());
    await ok(200, classifier, 'POST', `/staff/classification/${item.id}/review`, {});
    await refused(classifier, 'publish', 'CLASSIFICATION_REVIEWER_IS_CLASSIFIER');
    await refused(classifier, 'return', 'CLASSIFICATION_REVIEWER_IS_CLASSIFIER');
    const back = await ok(200, reviewer, 'POST', `/staff/classification/${item.id}/return`, {
      note: 'Revisa la subpartida',
    });
    expect(back.status).toBe('IN_CLASSIFICATION');
    await ok(200, classifier, 'POST', `/staff/classification/${item.id}/review`, {});
    const published = await ok(200, reviewer, 'POST', `/staff/classification/${item.id}/publish`);
    expect(published.transitions.map((t: { to: string }) => t.to)).toEqual([
      'PROCESS_CLASSIFICATION',
      'IN_CLASSIFICATION',
      'IN_REVIEW',
      'IN_CLASSIFICATION',
      'IN_REVIEW',
      'CLASSIFIED',
    ]);
    expect(published.transitions[3]).toMatchObject({ note: 'Revisa la subpartida' });
    // Each staff move (and the recorded result) is also in the staff audit log, in order; the
    // refused ones are not.
    const audit = (await ok(
      200,
      reviewer,
      'GET',
      `/staff/audit?organization_id=${organizationId}&pageSize=100`,
    )) as { action: string; subject_type: string; subject_id: string; actor_id: string }[];
    const entries = audit.filter((entry) => entry.subject_id === item.id).reverse();
    expect(entries.map((entry) => [entry.action, entry.actor_id])).toEqual([
      ['classification.claim', classifier.id],
      ['classification.record_result', classifier.id],
      ['classification.send_to_review', classifier.id],
      ['classification.return', reviewer.id],
      ['classification.send_to_review', classifier.id],
      ['classification.publish', reviewer.id],
    ]);
    expect(entries.at(-1)).toMatchObject({
      subject_type: 'classification_item',
      organization_id: organizationId,
      before: { status: 'IN_REVIEW', fee_state: 'held' },
      after: { status: 'CLASSIFIED', fee_state: 'captured', code: '6109100100' },
    });
    expect(entries[3]).toMatchObject({ after: { note: 'Revisa la subpartida' } });
    await refused(reviewer, 'reject', 'CLASSIFICATION_TRANSITION_REFUSED', {
      reason: 'Falta la ficha',
      fee: 'release',
    });
    const resubmit = await call(
      owner,
      'POST',
      `/tariff-classifications/${item.request_id}/items/${item.id}/resubmit`,
      classificationInputs(),
      'en',
    );
    // The message names the statuses by their labels; `details` keeps the codes.
    expect(resubmit.json().error).toEqual({
      code: 'CLASSIFICATION_TRANSITION_REFUSED',
      message: 'This classification is “Classified” and cannot move to “Queued (paid)”.',
      details: { from: 'CLASSIFIED', to: 'PROCESS_CLASSIFICATION' },
    });
    const claimAgain = await staffAction(reviewer, item.id, 'claim');
    expect(claimAgain.json().error.message).toBe(
      'Esta clasificación está «Clasificado» y no puede pasar a «En clasificación».',
    );
  });

  it('publishes the result to the product, captures the fee once and gives the dictamen', async () => {
    await fund(ctx, organizationId, 12_000);
    const created = await request(await product('Playera verde'));
    const item = created.items[0]!;
    const productId = (created.items[0] as unknown as { product: { id: string } }).product.id;
    const before = await balance();
    const unavailable = await call(
      owner,
      'GET',
      `/tariff-classifications/${created.id}/items/${item.id}/dictamen`,
    );
    expect(unavailable.json().error.code).toBe('CLASSIFICATION_DICTAMEN_UNAVAILABLE');
    await toReview(item.id);
    // Before it is published the merchant sees no result.
    expect(
      (await ok(200, owner, 'GET', `/tariff-classifications/${created.id}`)).items[0].result,
    ).toBeNull();
    await ok(200, reviewer, 'POST', `/staff/classification/${item.id}/publish`);
    expect(await balance()).toEqual({
      ...before,
      on_hold_centavos: before.on_hold_centavos - 12_000,
    });
    const view = await productView(productId);
    expect(view).toMatchObject({ tariff_status: 'CLASSIFIED', tariff_code: '6109100100' });
    const detail = await ok(200, owner, 'GET', `/tariff-classifications/${created.id}`);
    expect(detail.items[0]).toMatchObject({
      status: 'CLASSIFIED',
      fee: { state: 'captured', amount_centavos: 12_000, vat_centavos: 1_655 },
      result: {
        code: '6109100100',
        customs_unit: { code: '09', name: 'PAR' },
        chain: {
          chapter: { code: '61' },
          heading: { code: '6109' },
          nico: { code: '00', description: 'Camisetas de punto, de algodón' },
        },
        duties: { tmec: { kind: 'exempt', rate_percent: null } },
        validated_on: '2026-03-02',
      },
    });
    const pdf = await call(
      owner,
      'GET',
      `/tariff-classifications/${created.id}/items/${item.id}/dictamen`,
    );
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const doc = await PDFDocument.load(pdf.rawPayload);
    const text = doc
      .getPages()
      .flatMap((page) => drawnTexts(pageContent(doc, page)))
      .join('\n');
    expect(text).toContain('6109.10.01 NICO 00');
    expect(text).toContain('DEMO');
    expect(text).toContain('NOM-004-SE-2021');
    const notifications = (await ok(200, owner, 'GET', '/notifications')) as { title: string }[];
    expect(notifications.map((notice) => notice.title)).toContain('Clasificamos Playera verde');
    const charges = (await ok(200, owner, 'GET', '/wallet/transactions?kind=classification')) as {
      description: string;
      payment_state: string;
    }[];
    expect(charges).toContainEqual(
      expect.objectContaining({
        description: 'Clasificación arancelaria de Playera verde',
        payment_state: 'paid',
      }),
    );
    expect(await verifyLedger(ctx.db)).toEqual([]);
  });

  it('checks fracción + NICO against the catalogue in force on the day: a retired key is refused', async () => {
    await fund(ctx, organizationId, 12_000);
    const item = (await request(await product())).items[0]!;
    await ok(200, classifier, 'POST', `/staff/classification/${item.id}/claim`);
    for (const [code, language, message] of [
      [
        '4819100199',
        'es',
        'La fracción 4819100199 no está vigente el 2026-03-02 en el catálogo c_FraccionArancelaria del SAT.',
      ],
      [
        '9999999999',
        'en',
        'Tariff code 9999999999 is not in force on 2026-03-02 in the SAT c_FraccionArancelaria catalogue.',
      ],
    ] as const) {
      const response = await call(
        classifier,
        'PUT',
        `/staff/classification/${item.id}/result`,
        resultBody(code),
        language,
      );
      expect(response.statusCode).toBe(422);
      expect(response.json().error).toMatchObject({ code: 'TARIFF_CODE_NOT_IN_FORCE', message });
    }
    const search = (date?: string) =>
      ok(
        200,
        classifier,
        'GET',
        `/staff/classification/tariff-search?search=481910${date ? `&date=${date}` : ''}`,
      );
    expect((await search()).map((row: { code: string }) => row.code)).toEqual([
      '4819100100',
      '4819100200',
    ]);
    expect((await search('2024-02-01')).map((row: { code: string }) => row.code)).toEqual([
      '4819100100',
      '4819100199',
    ]);
  });

  it('rejects keeping or releasing the hold; the merchant resubmits without paying again', async () => {
    await fund(ctx, organizationId, 24_000);
    const created = await request(await product('Taza'), await product('Vaso'));
    const [kept, released] = created.items as [Item, Item];
    const start = await balance();
    for (const [item, fee] of [
      [kept, 'keep'],
      [released, 'release'],
    ] as const) {
      await ok(200, classifier, 'POST', `/staff/classification/${item.id}/claim`);
      const rejected = await ok(
        200,
        classifier,
        'POST',
        `/staff/classification/${item.id}/reject`,
        {
          reason: 'Falta la composición exacta.',
          fee,
        },
      );
      expect(rejected.status).toBe('REJECT');
    }
    expect(await balance()).toMatchObject({
      available_centavos: start.available_centavos + 12_000,
      on_hold_centavos: start.on_hold_centavos - 12_000,
    });
    const detail = await ok(200, owner, 'GET', `/tariff-classifications/${created.id}`);
    expect(detail.items[0]).toMatchObject({
      status: 'REJECT',
      reject_reason: 'Falta la composición exacta.',
      can_resubmit: true,
    });
    const notices = (await ok(200, owner, 'GET', '/notifications')) as {
      title: string;
      body: string;
    }[];
    expect(
      notices.find((notice) => notice.title === 'Necesitamos más información de Taza')?.body,
    ).toBe('Falta la composición exacta. Complétala y vuelve a enviarla: no pagas de nuevo.');
    for (const item of [kept, released]) {
      const again = await ok(
        200,
        owner,
        'POST',
        `/tariff-classifications/${created.id}/items/${item.id}/resubmit`,
        classificationInputs({ materials: '95% algodón, 5% elastano' }),
      );
      expect(again).toMatchObject({
        status: 'PROCESS_CLASSIFICATION',
        fee: { state: 'held' },
        inputs: { materials: '95% algodón, 5% elastano' },
      });
    }
    // The kept hold stays; the released one is held again: 240.00 held, none charged.
    expect(await balance()).toMatchObject(start);
    expect(await verifyLedger(ctx.db)).toEqual([]);
  });

  it('ends not classifiable with the fee refunded or captured as decided, candidates listed', async () => {
    await fund(ctx, organizationId, 24_000);
    const created = await request(await product('Muestra A'), await product('Muestra B'));
    const [refunded, captured] = created.items as [Item, Item];
    const start = await balance();
    for (const [item, fee] of [
      [refunded, 'refund'],
      [captured, 'capture'],
    ] as const) {
      await ok(200, classifier, 'POST', `/staff/classification/${item.id}/claim`);
      await ok(200, classifier, 'POST', `/staff/classification/${item.id}/not-classifiable`, {
        reason: 'Se necesita un análisis de laboratorio de la fibra.',
        needs: 'lab_test',
        fee,
        candidates: ['6109.10.01.00', '6109100200'],
      });
    }
    expect(await balance()).toMatchObject({
      available_centavos: start.available_centavos + 12_000,
      on_hold_centavos: start.on_hold_centavos - 24_000,
    });
    const detail = await ok(200, owner, 'GET', `/tariff-classifications/${created.id}`);
    expect(detail.items[0].not_classifiable).toEqual({
      reason: 'Se necesita un análisis de laboratorio de la fibra.',
      needs: 'lab_test',
      candidates: [
        { code: '6109100100', description: 'Camisetas de punto, de algodón' },
        { code: '6109100200', description: 'Camisetas "tipo polo" de punto, de algodón' },
      ],
    });
    expect(detail.items.map((item: Item) => item.fee.state)).toEqual(['released', 'captured']);
    expect(await verifyLedger(ctx.db)).toEqual([]);
  });

  it('moves the fee exactly once when staff act on the same item at the same time', async () => {
    await fund(ctx, organizationId, 24_000);
    const created = await request(await product('Concurrente A'), await product('Concurrente B'));
    const [first, second] = created.items as [Item, Item];
    await toReview(first.id);
    const start = await balance();
    const other = await createTestUser(ctx, { isStaff: true });
    const publishes = await Promise.all([
      staffAction(reviewer, first.id, 'publish'),
      staffAction(other, first.id, 'publish'),
      staffAction(other, first.id, 'not-classifiable', {
        reason: 'Requiere muestra.',
        needs: 'sample',
        fee: 'refund',
      }),
    ]);
    expect(publishes.map((response) => response.statusCode).sort()).toEqual([200, 409, 409]);
    await ok(200, classifier, 'POST', `/staff/classification/${second.id}/claim`);
    const endings = await Promise.all([
      staffAction(classifier, second.id, 'reject', { reason: 'Falta la ficha.', fee: 'release' }),
      staffAction(reviewer, second.id, 'reject', { reason: 'Falta la ficha.', fee: 'release' }),
      staffAction(other, second.id, 'not-classifiable', {
        reason: 'Requiere muestra.',
        needs: 'sample',
        fee: 'refund',
      }),
    ]);
    expect(endings.map((response) => response.statusCode).sort()).toEqual([200, 409, 409]);
    const after = await balance();
    const moved = (await ok(200, owner, 'GET', `/tariff-classifications/${created.id}`))
      .items as Item[];
    const firstState = moved[0]!.fee.state;
    // Whichever won, each hold was settled once: 120.00 left the hold per item, no more.
    expect(after.on_hold_centavos).toBe(start.on_hold_centavos - 24_000);
    expect(after.available_centavos).toBe(
      start.available_centavos + (firstState === 'captured' ? 0 : 12_000) + 12_000,
    );
    expect(await verifyLedger(ctx.db)).toEqual([]);
  });

  it('proposes candidates from the catalogue and the organization’s classified products, saying why', async () => {
    await fund(ctx, organizationId, 12_000);
    const item = (await request(await product('Camiseta blanca'))).items[0]!;
    const candidates = (await ok(
      200,
      classifier,
      'GET',
      `/staff/classification/${item.id}/candidates`,
    )) as { code: string; source: string; matched_words: string[]; score: number }[];
    expect(candidates.length).toBeGreaterThan(0);
    expect(candidates.length).toBeLessThanOrEqual(5);
    const own = candidates.find((candidate) => candidate.source === 'organization');
    expect(own).toMatchObject({ code: '6109100100' });
    const catalogue = candidates.find((candidate) => candidate.source === 'catalogue');
    expect(catalogue?.matched_words).toEqual(expect.arrayContaining(['algodon']));
    const words = await ok(
      200,
      classifier,
      'GET',
      '/staff/classification/tariff-search?search=cafe%20molido',
    );
    expect(words[0]).toMatchObject({ code: '0901210200', matched_words: ['cafe', 'molido'] });
    const typo = await ok(
      200,
      classifier,
      'GET',
      '/staff/classification/tariff-search?search=chocolat',
    );
    expect(typo[0]).toMatchObject({ code: '1806320100' });
    // A dropped letter: no catalogue word starts with «calzdo», so it stands for «calzado».
    const misspelt = await ok(
      200,
      classifier,
      'GET',
      '/staff/classification/tariff-search?search=calzdo',
    );
    expect(misspelt[0]).toMatchObject({ code: '6403990100', matched_words: ['calzado'] });
    // Words run together: no stem matches and no catalogue word is near enough, so the whole
    // text is compared by trigrams, the search tried last.
    const together = await ok(
      200,
      classifier,
      'GET',
      '/staff/classification/tariff-search?search=maletasneceseres',
    );
    expect(together[0]).toMatchObject({ code: '4202120100', matched_words: [] });
  });

  it('puts a product back in review when a later catalogue import retires its code, and tells the merchant', async () => {
    await fund(ctx, organizationId, 12_000);
    const created = await request(await product('Bolso de mano'));
    const item = created.items[0]!;
    const productId = (item as unknown as { product: { id: string } }).product.id;
    await toReview(item.id, '4202220100');
    await ok(200, reviewer, 'POST', `/staff/classification/${item.id}/publish`);
    const folder = mkdtempSync(path.join(tmpdir(), 'tariff-'));
    try {
      const retiring = path.join(folder, 'c_FraccionArancelaria.csv');
      const fixture = readFileSync(FIXTURE, 'utf8');
      const retired = fixture.replace(/^(4202220100,.*,2024-01-18,),/m, '$12026-02-28,');
      expect(retired).not.toBe(fixture);
      writeFileSync(retiring, retired);
      await ctx.app.services.tariffFractions.importFile(retiring);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
    const back = await ok(200, classifier, 'GET', `/staff/classification/${item.id}`);
    expect(back).toMatchObject({ status: 'IN_REVIEW', fee: { state: 'captured' } });
    expect(back.transitions.at(-1)).toMatchObject({
      from: 'CLASSIFIED',
      to: 'IN_REVIEW',
      actor: { kind: 'system' },
    });
    expect((await productView(productId)).tariff_status).toBe('IN_REVIEW');
    const notices = (await ok(200, owner, 'GET', '/notifications')) as { title: string }[];
    expect(notices.map((notice) => notice.title)).toContain(
      'La fracción de Bolso de mano dejó de estar vigente',
    );
    // Published again it is not charged again; the retired code itself is refused.
    const before = await balance();
    const republish = await staffAction(reviewer, item.id, 'publish');
    expect(republish.json().error.code).toBe('TARIFF_CODE_NOT_IN_FORCE');
    await importTariffFractions(ctx.db, FIXTURE);
    await ok(200, reviewer, 'POST', `/staff/classification/${item.id}/publish`);
    expect(await balance()).toEqual(before);
    expect(await verifyLedger(ctx.db)).toEqual([]);
  });

  it('shows staff the queue by due date, each request aging in business days', async () => {
    await fund(ctx, organizationId, 12_000);
    const item = (await request(await product('Lámpara de escritorio'))).items[0]!;
    const row = async (query: string) =>
      (
        (await ok(200, classifier, 'GET', `/staff/classification?${query}`)) as {
          id: string;
          due_date: string;
          business_days_left: number;
          late: boolean;
          organization: { name: string };
        }[]
      ).find((entry) => entry.id === item.id);
    expect(await row('search=lampara')).toMatchObject({
      due_date: '2026-03-11',
      business_days_left: 7,
      late: false,
      organization: { name: 'Comercio Prueba' },
    });
    expect(await row('late=true')).toBeUndefined();
    const dues = (
      (await ok(200, classifier, 'GET', '/staff/classification?pageSize=100')) as {
        due_date: string;
      }[]
    ).map((entry) => entry.due_date);
    expect(dues).toEqual([...dues].sort());
    // Friday 13 March 2026: two business days past the due date.
    ctx.clock.advance(11 * 24 * 60 * 60 * 1000);
    classifier = await signIn(ctx, classifier);
    expect(await row('late=true')).toMatchObject({ business_days_left: -2, late: true });
    expect(await row('assignee=unassigned&search=lampara')).toBeDefined();
    expect(await row('assignee=me')).toBeUndefined();
  });

  it('keeps the errors in both languages', () => {
    expect(errorMessage('CLASSIFICATION_REVIEWER_IS_CLASSIFIER', 'es')).toBe(
      'La revisión la hace una persona distinta de quien clasificó.',
    );
    expect(errorMessage('CLASSIFICATION_REVIEWER_IS_CLASSIFIER', 'en')).toBe(
      'The review must be done by someone other than the classifier.',
    );
  });
});
