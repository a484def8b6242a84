import type {
  ClassificationRequest,
  ClassificationRequestSummary,
  ProductListItem,
  StaffClassificationSummary,
} from '@despacho/domain';
import { describe, expect, it } from 'vitest';
import { verifyLedger } from '../modules/invariants';
import { DEMO_CLASSIFIED_PRODUCT, DEMO_IN_CLASSIFICATION_PRODUCT } from './demo-classifications';
import { seededDemo } from './demo.test-support';
import { DEMO_LOGINS, seedDemo } from './seed';

const { ctx, as } = seededDemo();

const [owner, , staff, reviewer] = DEMO_LOGINS;

async function merchantItems() {
  const requests = (await as(owner, '/tariff-classifications')).json()
    .data as ClassificationRequestSummary[];
  const items: ClassificationRequest['items'] = [];
  for (const { id } of requests) {
    const request = (await as(owner, `/tariff-classifications/${id}`)).json()
      .data as ClassificationRequest;
    items.push(...request.items);
  }
  const of = (name: string) => items.find((item) => item.product.name === name)!;
  return { requests, items, of };
}

describe('the demo classifications', () => {
  it('gives the demo merchant two requests, seeding twice adds none', async () => {
    expect(await seedDemo(ctx().db, ctx().clock)).toBe(false);
    const { requests, items } = await merchantItems();
    expect(requests).toHaveLength(2);
    expect(items.map((item) => [item.product.name, item.status]).sort()).toEqual([
      [DEMO_CLASSIFIED_PRODUCT, 'CLASSIFIED'],
      [DEMO_IN_CLASSIFICATION_PRODUCT, 'IN_CLASSIFICATION'],
    ]);
  });

  it('publishes one to its product, reviewed by a second staff user, with a dictamen', async () => {
    const { of } = await merchantItems();
    const shirt = of(DEMO_CLASSIFIED_PRODUCT);
    expect(shirt.result).toMatchObject({
      code: '6109100100',
      customs_unit: { code: '09', name: 'PAR' },
      rationale: { rules: ['RGI_1', 'RGI_6'] },
      duties: { tmec: { kind: 'exempt' } },
    });
    expect(shirt.result!.restrictions.map((restriction) => restriction.code)).toEqual([
      'NOM-004-SE-2021',
    ]);
    expect(shirt.fee.state).toBe('captured');
    const products = (
      await as(owner, `/products?search=${encodeURIComponent(DEMO_CLASSIFIED_PRODUCT)}`)
    ).json().data as ProductListItem[];
    expect(products.find((p) => p.name === DEMO_CLASSIFIED_PRODUCT)?.tariff_status).toBe(
      'CLASSIFIED',
    );
    const pdf = await as(
      owner,
      `/tariff-classifications/${shirt.request_id}/items/${shirt.id}/dictamen`,
    );
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    const queue = (await as(reviewer, '/staff/classification?status=CLASSIFIED')).json()
      .data as StaffClassificationSummary[];
    const published = queue.find((item) => item.id === shirt.id)!;
    expect([published.classifier?.name, published.reviewer?.name]).toEqual([
      expect.stringMatching(/^Staff/),
      expect.stringMatching(/^Revisora/),
    ]);
  });

  it('has one taken by a classifier, its fee still held, and the ledger balances', async () => {
    const sneakers = (await merchantItems()).of(DEMO_IN_CLASSIFICATION_PRODUCT);
    expect(sneakers.fee.state).toBe('held');
    const queue = (await as(staff, '/staff/classification?status=IN_CLASSIFICATION')).json()
      .data as StaffClassificationSummary[];
    expect(queue.find((item) => item.id === sneakers.id)?.classifier?.name).toMatch(/^Staff/);
    expect(await verifyLedger(ctx().db)).toEqual([]);
  });
});
