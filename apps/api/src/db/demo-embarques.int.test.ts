import type { Embarque, EmbarqueSummary, StaffEmbarqueSummary } from '@despacho/domain';
import { describe, expect, it } from 'vitest';
import { verifyLedger } from '../modules/invariants';
import { DEMO_EMBARQUE_PRODUCTS } from './demo-embarques';
import { seededDemo } from './demo.test-support';
import { DEMO_LOGINS, seedDemo } from './seed';

const { ctx, as } = seededDemo();

const [owner, , staff] = DEMO_LOGINS;

async function merchantEmbarques() {
  const list = (await as(owner, '/embarques')).json().data as EmbarqueSummary[];
  const details: Embarque[] = [];
  for (const { id } of list) details.push((await as(owner, `/embarques/${id}`)).json().data);
  const of = (step: string) => details.find((embarque) => embarque.step === step)!;
  return { list, of };
}

describe('the demo embarques', () => {
  it('gives the demo merchant two embarques in different steps, seeding twice adds none', async () => {
    expect(await seedDemo(ctx().db, ctx().clock)).toBe(false);
    const { list } = await merchantEmbarques();
    expect(list.map((embarque) => [embarque.step, embarque.money_state]).sort()).toEqual([
      ['closed', 'invoiced'],
      ['customs', 'customer_paid'],
    ]);
    const console = (await as(staff, '/staff/embarques')).json().data as StaffEmbarqueSummary[];
    expect(console.map((embarque) => embarque.organization.name)).toEqual([
      'Comercio Demo',
      'Comercio Demo',
    ]);
  });

  it('closes one with its whole timeline, documents, refund and invoice', async () => {
    const closed = (await merchantEmbarques()).of('closed');
    expect(closed.lines.map((line) => line.code)).toEqual([DEMO_EMBARQUE_PRODUCTS.headphones.code]);
    expect(closed.pedimento?.formatted).toBe('26  47  3429  6000871');
    expect(closed.semaforo).toBe('green');
    expect(closed.documents.map((document) => document.kind)).toEqual([
      'commercial_invoice',
      'bill_of_lading',
      'pedimento',
      'proof_of_delivery',
    ]);
    expect(closed.account).toMatchObject({ balance_centavos: 0, refunded_centavos: 15_000 });
    expect(closed.invoices).toMatchObject([{ total_centavos: 34_800, status: 'stamped' }]);
    expect(closed.timeline.at(-1)).toMatchObject({ kind: 'step', params: { to: 'closed' } });
    const document = await as(
      owner,
      `/embarques/${closed.id}/documents/${closed.documents[2]!.id}`,
    );
    expect(document.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('keeps one at customs with its advance paid, and the ledger balances', async () => {
    const atCustoms = (await merchantEmbarques()).of('customs');
    expect(atCustoms.account).toMatchObject({
      advance_paid_centavos: 80_000,
      customs_covered: true,
    });
    expect(atCustoms.next_steps).toContainEqual({ step: 'dispatch', blocked_by: [] });
    expect(await verifyLedger(ctx().db)).toEqual([]);
  });
});
