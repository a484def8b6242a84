import type { DutyRateView, T1Shipment, T1ShipmentSummary } from '@despacho/domain';
import { describe, expect, it } from 'vitest';
import { verifyLedger } from '../modules/invariants';
import { DEMO_T1_REFERENCE } from './demo-international';
import { seededDemo } from './demo.test-support';
import { DEMO_LOGINS } from './seed';

const { ctx, as } = seededDemo();
const [owner, , staff] = DEMO_LOGINS;

describe('the demo international shipment', () => {
  it('gives the demo merchant one T1 export, bought, with its duties and documents', async () => {
    const list = (await as(owner, '/international-shipments')).json().data as T1ShipmentSummary[];
    expect(list.map((row) => [row.reference, row.direction, row.purchase_state])).toEqual([
      [DEMO_T1_REFERENCE, 'export', 'purchased'],
    ]);
    const detail = (await as(owner, `/international-shipments/${list[0]!.id}`)).json()
      .data as T1Shipment;
    expect(detail.lines[0]).toMatchObject({ tariff_code: '6109100100', quantity: 6 });
    expect(detail.duties.band).toMatchObject({ country: 'US' });
    expect(detail.shipment.tracking_number).not.toBeNull();
    const invoice = await as(
      owner,
      `/international-shipments/${list[0]!.id}/commercial-invoice.pdf`,
    );
    expect(invoice.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(await verifyLedger(ctx().db)).toEqual([]);
  });

  it('starts with the seeded duty rates, exchange rate and restrictions', async () => {
    const rates = (await as(staff, '/staff/international/duty-rates?direction=import')).json()
      .data as DutyRateView[];
    expect(rates.map((rate) => `${rate.country} ${rate.rate_percent}`).sort()).toEqual([
      '* 33.5',
      'CA 0',
      'CA 17',
      'CA 19',
      'US 0',
      'US 17',
      'US 19',
    ]);
    expect((await as(staff, '/staff/international/exchange-rates')).json().data).toHaveLength(1);
    expect(
      (await as(staff, '/staff/international/restrictions')).json().data.length,
    ).toBeGreaterThan(0);
  });
});
