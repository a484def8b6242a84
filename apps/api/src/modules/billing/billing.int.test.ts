import { ALL_PERMISSIONS } from '@despacho/domain';
import { eq } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifySpei, trackingKey } from '../../../test/spei';
import { createTestApp } from '../../../test/test-app';
import { callAs, createTestMerchant, createTestUser, type TestUser } from '../../../test/users';
import { saveTaxInfo } from '../accounts/account-details.repository';
import { NotificationsService } from '../notifications/notifications.service';
import { creditPendingDeposit } from '../wallet/deposits.service';
import { LedgerService } from '../wallet/ledger.service';
import { verifyLedger } from '../invariants';
import { invoices } from './billing.tables';
import { checkStampedCfdi } from './cfdi.test-support';

type Ctx = Awaited<ReturnType<typeof createTestApp>>;
let ctx: Ctx;
let staff: TestUser;

beforeAll(async () => {
  ctx = await createTestApp();
  staff = await createTestUser(ctx, { isStaff: true });
});
afterAll(async () => {
  expect(await verifyLedger(ctx.db)).toEqual([]);
  await ctx.close();
});

const call = (...args: Parameters<typeof callAs> extends [unknown, ...infer R] ? R : never) =>
  callAs(ctx.app, ...args);

/** A deposit notified by the merchant and approved by staff. */
async function creditedDeposit(user: TestUser, amount: string) {
  const deposit = await notifySpei(ctx, user, { amount, tracking_key: trackingKey() });
  const approved = await call(staff, 'POST', `/staff/deposits/${deposit.id}/approve`);
  expect(approved.statusCode).toBe(200);
  return deposit;
}

async function invoicesOf(user: TestUser, query = '') {
  const response = await call(user, 'GET', `/invoices${query}`);
  expect(response.statusCode).toBe(200);
  return response.json() as {
    data: {
      id: string;
      kind: string;
      folio: number;
      series: string;
      folio_label: string;
      status: string;
      uuid: string;
      deposit_id: string;
      sandbox: boolean;
      user: { id: string; name: string } | null;
      receiver: { rfc: string; name: string; generic: boolean };
      issuer: { rfc: string; name: string };
      subtotal_centavos: number;
      vat_centavos: number;
      total_centavos: number;
    }[];
    meta: { total: number };
  };
}

async function xmlOf(user: TestUser, id: string) {
  const response = await call(user, 'GET', `/invoices/${id}/xml`);
  expect(response.statusCode).toBe(200);
  return response;
}

describe('invoices of credited deposits', () => {
  it('invoices a deposit to the general public when the organization has no tax information', async () => {
    const { user } = await createTestMerchant(ctx);
    const deposit = await creditedDeposit(user, '1,250.00');

    const list = await invoicesOf(user);
    expect(list.meta.total).toBe(1);
    const [invoice] = list.data;
    expect(invoice).toMatchObject({
      kind: 'deposit',
      series: 'DEP',
      status: 'stamped',
      deposit_id: deposit.id,
      sandbox: true,
      user: { id: staff.id },
      issuer: { rfc: 'EKU9003173C9', name: 'ESCUELA KEMPER URGATE' },
      receiver: { rfc: 'XAXX010101000', name: 'PUBLICO EN GENERAL', generic: true },
      subtotal_centavos: 107_759,
      vat_centavos: 17_241,
      total_centavos: 125_000,
    });
    expect(invoice!.folio_label).toBe(`DEP${invoice!.folio}`);

    const response = await xmlOf(user, invoice!.id);
    expect(response.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename=DEP${invoice!.folio}.xml`,
    );
    const cfdi = checkStampedCfdi(response.body);
    expect(cfdi.uuid).toBe(invoice!.uuid);
    expect(cfdi.receptor.attributes).toMatchObject({
      Rfc: 'XAXX010101000',
      RegimenFiscalReceptor: '616',
      UsoCFDI: 'S01',
      DomicilioFiscalReceptor: '42501',
    });
    expect(cfdi.root.attributes.FormaPago).toBe('03');
    expect(cfdi.total).toBe(125_000);
  });

  it('invoices the fee of a small deposit apart, to the tax information on file', async () => {
    const { user, organization } = await createTestMerchant(ctx);
    await saveTaxInfo(ctx.db, organization.id, {
      legalName: 'XOCHILT CASAS CHAVEZ',
      personType: 'fisica',
      zipCode: '36257',
      taxRegime: '612',
      paymentForm: '99',
      paymentMethod: 'PPD',
      cfdiUse: 'G03',
      taxId: 'CACX7605101P8',
      createdAt: ctx.clock.now(),
      updatedAt: ctx.clock.now(),
    });
    await creditedDeposit(user, '300.00');

    const list = await invoicesOf(user);
    expect(list.data.map((row) => row.kind).toSorted()).toEqual(['deposit', 'fee']);
    const deposit = list.data.find((row) => row.kind === 'deposit')!;
    const fee = list.data.find((row) => row.kind === 'fee')!;
    // 300.00 sent: 285.50 reached the balance, 12.50 + 2.00 VAT were the fee.
    expect(deposit).toMatchObject({
      subtotal_centavos: 24_612,
      vat_centavos: 3_938,
      total_centavos: 28_550,
    });
    expect(fee).toMatchObject({
      series: 'COM',
      subtotal_centavos: 1_250,
      vat_centavos: 200,
      total_centavos: 1_450,
    });
    for (const row of [deposit, fee]) {
      expect(row.receiver).toEqual({
        rfc: 'CACX7605101P8',
        name: 'XOCHILT CASAS CHAVEZ',
        generic: false,
      });
      const cfdi = checkStampedCfdi((await xmlOf(user, row.id)).body);
      expect(cfdi.receptor.attributes).toMatchObject({
        RegimenFiscalReceptor: '612',
        UsoCFDI: 'G03',
        DomicilioFiscalReceptor: '36257',
      });
      expect(cfdi.root.children.some((child) => child.local === 'InformacionGlobal')).toBe(false);
    }

    const only = await invoicesOf(user, '?type=fee');
    expect(only.data.map((row) => row.id)).toEqual([fee.id]);
    expect((await invoicesOf(user, '?from=2026-03-03')).meta.total).toBe(0);
    expect((await invoicesOf(user, '?from=2026-03-02&to=2026-03-02')).meta.total).toBe(2);
    expect((await call(user, 'GET', '/invoices?from=2026-03-03&to=2026-03-01')).statusCode).toBe(
      400,
    );
  });

  it("takes the filter's days in the organization's time zone", async () => {
    const { user, organization } = await createTestMerchant(ctx);
    await creditedDeposit(user, '1,000.00');
    // 05:30Z on March 3rd: 23:30 on March 2nd in Mexico City, 00:30 on March 3rd in Cancún.
    await ctx.db
      .update(invoices)
      .set({ createdAt: new Date('2026-03-03T05:30:00Z') })
      .where(eq(invoices.organizationId, organization.id));
    const onDay = async (day: string) =>
      (await invoicesOf(user, `?from=${day}&to=${day}`)).meta.total;
    expect([await onDay('2026-03-02'), await onDay('2026-03-03')]).toEqual([1, 0]);

    const company = { company: 'Comercio Caribe', default_currency: 'MXN', default_unit: 'kg' };
    const moved = await call(user, 'PUT', '/organization', {
      ...company,
      abbreviation: 'CC',
      time_zone: 'America/Cancun',
    });
    expect(moved.statusCode).toBe(200);
    expect([await onDay('2026-03-02'), await onDay('2026-03-03')]).toEqual([0, 1]);
  });

  it('gives consecutive folios per series', async () => {
    const { user } = await createTestMerchant(ctx);
    await creditedDeposit(user, '1,000.00');
    await creditedDeposit(user, '2,000.00');
    const folios = (await invoicesOf(user)).data.map((row) => row.folio).toSorted((a, b) => a - b);
    expect(folios[1]).toBe(folios[0]! + 1);
  });

  it('serves the PDF with the UUID', async () => {
    const { user } = await createTestMerchant(ctx);
    await creditedDeposit(user, '800.00');
    const [invoice] = (await invoicesOf(user)).data;
    const response = await call(user, 'GET', `/invoices/${invoice!.id}/pdf`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename=${invoice!.folio_label}.pdf`,
    );
    const bytes = response.rawPayload;
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const pdf = await PDFDocument.load(bytes);
    expect(pdf.getSubject()).toBe(`Folio fiscal ${invoice!.uuid}`);
  });

  it('invoices a deposit once, whatever is replayed', async () => {
    const { user } = await createTestMerchant(ctx);
    const deposit = await creditedDeposit(user, '1,500.00');
    // Approving again is refused and moves nothing; no second invoice either.
    expect((await call(staff, 'POST', `/staff/deposits/${deposit.id}/approve`)).statusCode).toBe(
      409,
    );
    await expect(
      ctx.db.transaction((tx) =>
        creditPendingDeposit(tx, deposit.id, {
          ledger: new LedgerService(ctx),
          notifications: new NotificationsService(ctx),
          clock: ctx.clock,
          events: ctx.app.services.events,
          depositCredited: ctx.app.services.billing.depositCredited,
        }),
      ),
    ).rejects.toMatchObject({ code: 'DEPOSIT_ALREADY_REVIEWED' });
    const rows = await ctx.db.select().from(invoices).where(eq(invoices.depositId, deposit.id));
    expect(rows).toHaveLength(1);
  });

  it('re-stamps an invoice the PAC failed, without touching the credit', async () => {
    const { user } = await createTestMerchant(ctx);
    const deposit = await creditedDeposit(user, '900.00');
    const [row] = await ctx.db.select().from(invoices).where(eq(invoices.depositId, deposit.id));
    // As the PAC failing leaves it: failed, no UUID, no XML.
    await ctx.db
      .update(invoices)
      .set({ status: 'failed', uuid: null, xml: null, stampedAt: null, failureReason: 'PAC down' })
      .where(eq(invoices.id, row!.id));
    const balance = await call(user, 'GET', '/wallet/balance');
    expect(balance.json().data.available_centavos).toBe(90_000);

    const [retried] = (await invoicesOf(user)).data;
    expect(retried).toMatchObject({ id: row!.id, status: 'stamped', folio: row!.folio });
    expect(retried!.uuid).not.toBe(row!.uuid);
    checkStampedCfdi((await xmlOf(user, row!.id)).body);
  });
});

describe('access', () => {
  it('keeps each organization to its own invoices', async () => {
    const owner = await createTestMerchant(ctx);
    const stranger = await createTestMerchant(ctx, 'Otra Tienda');
    await creditedDeposit(owner.user, '1,100.00');
    const [invoice] = (await invoicesOf(owner.user)).data;
    expect((await invoicesOf(stranger.user)).meta.total).toBe(0);
    for (const suffix of ['xml', 'pdf']) {
      expect(
        (await call(stranger.user, 'GET', `/invoices/${invoice!.id}/${suffix}`)).statusCode,
      ).toBe(404);
      expect(
        (await call(owner.user, 'GET', `/invoices/${randomUUID()}/${suffix}`)).statusCode,
      ).toBe(404);
    }
  });

  it('needs the billing permission', async () => {
    const { organization } = await createTestMerchant(ctx);
    const user = await createTestUser(ctx, {
      organizationId: organization.id,
      permissions: ALL_PERMISSIONS.filter((permission) => permission !== 'finances.billing'),
    });
    for (const url of [
      '/invoices',
      `/invoices/${randomUUID()}/xml`,
      `/invoices/${randomUUID()}/pdf`,
    ]) {
      expect((await call(user, 'GET', url)).statusCode).toBe(403);
    }
    expect((await ctx.app.inject({ method: 'GET', url: '/api/v1/invoices' })).statusCode).toBe(401);
  });
});
