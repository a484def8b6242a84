import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp } from '../../../test/test-app';
import { createTestMerchant, type TestUser } from '../../../test/users';
import type { LabelRequest } from '../carriers';
import { createProduct, productBody } from '../products/products.test-support';
import { buyGuide, createLocation, fund, guideRow } from '../shipments/guides.test-support';
import { createTenantT1 } from './international.test-support';

describe('the customs declaration on the label request', () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  let owner: TestUser;
  let locationId: string;
  let productId: string;
  const asked: LabelRequest[] = [];

  beforeAll(async () => {
    ctx = await createTestApp();
    const merchant = await createTestMerchant(ctx);
    owner = merchant.user;
    await fund(ctx, merchant.organization.id, 5_000_000);
    locationId = await createLocation(ctx, owner);
    productId = (await createProduct(ctx.app, owner, productBody())).id;
    // A spy adapter: every carrier's label request is kept as it was handed over.
    for (const adapter of Object.values(ctx.app.services.carrierAdapters)) {
      const createLabel = adapter.createLabel.bind(adapter);
      vi.spyOn(adapter, 'createLabel').mockImplementation((request) => {
        asked.push(request);
        return createLabel(request);
      });
    }
  });
  afterAll(() => ctx.close());

  it('hands the carrier the T1 declaration, and keeps it with the guide for a resume', async () => {
    const { t1ShipmentId } = await createTenantT1(ctx, owner, { locationId, productId });
    expect(asked).toHaveLength(1);
    const customs = {
      incoterm: 'DAP',
      reason: 'SALE',
      invoiceNumber: expect.stringMatching(/^T1-[0-9A-F]{8}$/),
      invoiceDate: '2026-03-02',
      currency: 'USD',
      // 4 T-shirts of 15.00 USD, made in Mexico, sharing the parcel's kilogram.
      items: [
        {
          description: 'Cotton T-shirt, knitted',
          hsCode: '61091001',
          originCountry: 'MX',
          quantity: 4,
          unitValue: 1_500,
          weightKg: 0.25,
        },
      ],
    };
    expect(asked[0]!.customs).toEqual(customs);
    expect((await guideRow(ctx, t1ShipmentId)).customs).toEqual(customs);
  });

  it('hands a domestic guide none', async () => {
    const { row } = await buyGuide(ctx, owner, { locationId });
    expect(asked).toHaveLength(2);
    expect(asked[1]!.shipmentId).toBe(row.id);
    expect(asked[1]).not.toHaveProperty('customs');
    expect(row.customs).toBeNull();
  });
});
