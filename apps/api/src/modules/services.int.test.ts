import { CARRIER_KEYS, type CarrierKey } from '@despacho/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/test-app';
import { callAs, createTestMerchant, type TestUser } from '../../test/users';
import { CarrierError, type CarrierAdapter } from './carriers/carrier-adapter';
import type { CarrierAdapters } from './carriers/carrier-adapters';
import { createLocation } from './shipments/guides.test-support';

/** Carriers that refuse every call, noting which of them was asked what. */
function refusingCarriers(asked: string[]): CarrierAdapters {
  const refuse = (key: CarrierKey, call: string) => () => {
    asked.push(`${key}.${call}`);
    return Promise.reject(new CarrierError(key, 'unavailable', 'no responde'));
  };
  const adapter = (key: CarrierKey): CarrierAdapter => ({
    key,
    sandbox: true,
    quote: refuse(key, 'quote'),
    createLabel: refuse(key, 'createLabel'),
    cancel: refuse(key, 'cancel'),
    track: refuse(key, 'track'),
    pickupAvailability: refuse(key, 'pickupAvailability'),
    schedulePickup: refuse(key, 'schedulePickup'),
    reschedulePickup: refuse(key, 'reschedulePickup'),
    cancelPickup: refuse(key, 'cancelPickup'),
  });
  return Object.fromEntries(CARRIER_KEYS.map((key) => [key, adapter(key)])) as CarrierAdapters;
}

describe('the composition root', () => {
  const asked: string[] = [];
  const carriers = refusingCarriers(asked);
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  let user: TestUser;

  beforeAll(async () => {
    ctx = await createTestApp({}, undefined, { carriers });
    ({ user } = await createTestMerchant(ctx));
  });
  afterAll(() => ctx.close());

  it('decorates the app with the root it built, holding the adapters it was given', () => {
    expect(ctx.app.services.carrierAdapters).toBe(carriers);
    expect(ctx.app.jobs).toBe(ctx.app.services.jobs);
  });

  it('gives every module that calls a carrier the adapters it was given', async () => {
    const quote = await callAs(ctx.app, user, 'POST', '/quotes', {
      origin_zip: '06700',
      destination_zip: '64000',
      parcels: [{ length: 20, width: 15, height: 10, weight: 1 }],
    });
    expect(quote.statusCode).toBe(201);
    expect(quote.json().data.rates).toEqual([]);
    const locationId = await createLocation(ctx, user);
    const pickups = await callAs(
      ctx.app,
      user,
      'GET',
      `/pickups/availability?location_id=${locationId}&carrier=fedex`,
    );
    // The carrier that cannot answer offers no day.
    expect(pickups.json().error.code).toBe('PICKUP_NO_BUSINESS_DAYS');
    expect(asked).toEqual(
      expect.arrayContaining([
        ...CARRIER_KEYS.map((key) => `${key}.quote`),
        'fedex.pickupAvailability',
      ]),
    );
  });
});
