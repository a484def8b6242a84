import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StaffInvoiceView } from '@despacho/domain';
import { notifySpei, trackingKey } from '../../../test/spei';
import { createTestApp } from '../../../test/test-app';
import { callAs, createTestMerchant, createTestUser, type TestUser } from '../../../test/users';

/** Staff's invoices across organizations (`/staff/invoices`), with the sandbox PAC. */
type Ctx = Awaited<ReturnType<typeof createTestApp>>;
let ctx: Ctx;
let staff: TestUser;

beforeAll(async () => {
  ctx = await createTestApp();
  staff = await createTestUser(ctx, { isStaff: true });
});
afterAll(() => ctx.close());

const call = (...args: Parameters<typeof callAs> extends [unknown, ...infer R] ? R : never) =>
  callAs(ctx.app, ...args);

/** A merchant of `company` with one credited deposit, and that deposit's id. */
async function creditedDeposit(company: string) {
  const merchant = await createTestMerchant(ctx, company);
  const deposit = await notifySpei(ctx, merchant.user, {
    amount: '1,250.00',
    tracking_key: trackingKey(),
  });
  expect((await call(staff, 'POST', `/staff/deposits/${deposit.id}/approve`)).statusCode).toBe(200);
  return { ...merchant, depositId: deposit.id };
}

const invoicesOf = async (query: string) => {
  const response = await call(staff, 'GET', `/staff/invoices${query}`);
  expect(response.statusCode).toBe(200);
  return response.json() as { data: StaffInvoiceView[]; meta: { total: number } };
};

describe('staff invoices', () => {
  it("lists every organization's invoices with whose they are, and keeps one by id", async () => {
    const first = await creditedDeposit('Tienda Uno');
    const second = await creditedDeposit('Tienda Dos');

    const all = await invoicesOf('?pageSize=100');
    const byDeposit = (id: string) => all.data.find((invoice) => invoice.deposit_id === id);
    expect(byDeposit(first.depositId)?.organization).toEqual({
      id: first.organization.id,
      name: 'Tienda Uno',
    });
    expect(byDeposit(second.depositId)?.organization.name).toBe('Tienda Dos');

    const id = byDeposit(second.depositId)!.id;
    const one = await invoicesOf(`?id=${id}`);
    expect(one.meta.total).toBe(1);
    expect(one.data.map((invoice) => invoice.id)).toEqual([id]);
  });

  it('shows the cancellation staff asked for', async () => {
    const { depositId } = await creditedDeposit('Tienda Cancelada');
    const invoice = (await invoicesOf('?pageSize=100')).data.find(
      (row) => row.deposit_id === depositId,
    )!;
    expect(invoice.cancellation).toBeNull();
    const cancelled = await call(staff, 'POST', `/staff/invoices/${invoice.id}/cancellation`, {
      motive: '03',
    });
    expect(cancelled.statusCode).toBe(200);
    const [after] = (await invoicesOf(`?id=${invoice.id}`)).data;
    expect(after?.cancellation).toMatchObject({ motive: '03', status: 'accepted' });
  });

  it('is for staff only, and refuses a malformed id', async () => {
    const { user } = await creditedDeposit('Tienda Curiosa');
    expect((await call(user, 'GET', '/staff/invoices')).statusCode).toBe(403);
    expect((await call(staff, 'GET', '/staff/invoices?id=DEP12')).statusCode).toBe(400);
  });
});
