import type { T1QuoteView, T1Shipment } from '@despacho/domain';
import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { createTestApp } from '../../../test/test-app';
import { callAs, type TestUser } from '../../../test/users';
import { loadDemoTariffFractions } from '../catalogs/tariff-fractions.demo';

type Ctx = Awaited<ReturnType<typeof createTestApp>>;

/** A buyer in Austin, Texas. */
export const austinBuyer = {
  country: 'US',
  postal_code: '78701',
  city: 'Austin',
  state: 'TX',
  line1: '500 Congress Ave',
  line2: 'Suite 200',
  contact_name: 'John Doe',
  company: 'Doe Imports LLC',
  email: 'john@doe-imports.test',
  phone: '+1 512 555 0100',
};

/** An export of T-shirts to Austin (fracción 6109.10.01 NICO 00 of the catalogue fixture). */
export const t1QuoteBody = (
  locationId: string,
  productId: string,
  extra: Record<string, unknown> = {},
) => ({
  direction: 'export',
  location_id: locationId,
  abroad: austinBuyer,
  packages: [{ length: 30, width: 20, height: 10, weight: 1 }],
  currency: 'USD',
  lines: [
    {
      product_id: productId,
      description: 'Cotton T-shirt, knitted',
      tariff_code: '6109100100',
      quantity: 4,
      unit_value: '15.00',
      origin_country: 'MEX',
    },
  ],
  incoterm: 'DAP',
  reason: 'sale',
  ...extra,
});

/** Buys the quote at its first rate (or `rateId`) with an Idempotency-Key of its own. */
export function buyT1(
  ctx: Ctx,
  user: TestUser,
  quote: T1QuoteView,
  key = randomUUID(),
  rateId?: string,
) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/v1/international-shipments',
    headers: user.headers({ 'idempotency-key': key, 'x-language': 'es' }),
    payload: { quote_id: quote.id, rate_id: rateId ?? quote.rates[0]!.id },
  });
}

/** An organization's quoted and bought T1 export (the catalogue sample loaded if none is). */
export async function createTenantT1(
  ctx: Ctx,
  owner: TestUser,
  ids: { locationId: string; productId: string },
) {
  await loadDemoTariffFractions(ctx.app.services.tariffFractions);
  const quoted = await callAs(
    ctx.app,
    owner,
    'POST',
    '/international-shipments/quotes',
    t1QuoteBody(ids.locationId, ids.productId),
  );
  expect(quoted.statusCode, quoted.body).toBe(201);
  const quote = quoted.json().data as T1QuoteView;
  const bought = await buyT1(ctx, owner, quote);
  expect(bought.statusCode, bought.body).toBe(201);
  return { t1QuoteId: quote.id, t1ShipmentId: (bought.json().data as T1Shipment).id };
}
