import type { QuoteView } from '@despacho/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/test-app';
import { createTestMerchant } from '../../../test/users';
import type { CarrierAdapter } from '../carriers/carrier-adapter';
import type { CarrierAdapters } from '../carriers/carrier-adapters';
import { MEXICO_CITY_ZIP, MONTERREY_ZIP } from '../shipments/guides.test-support';
import { callWithKey, createKey, makeOwner } from './api-keys.test-support';

/** Estafeta as if it were the real carrier: the sandbox's answers, marked live, calls counted. */
function liveEstafeta(adapters: CarrierAdapters, calls: string[]): CarrierAdapters {
  const sandbox = adapters.estafeta;
  const live: CarrierAdapter = {
    key: sandbox.key,
    sandbox: false,
    quote: (request) => (calls.push('quote'), sandbox.quote(request)),
    createLabel: (request) => (calls.push('createLabel'), sandbox.createLabel(request)),
    cancel: (request) => sandbox.cancel(request),
    track: (number) => sandbox.track(number),
    pickupAvailability: (request) => sandbox.pickupAvailability(request),
    schedulePickup: (request) => sandbox.schedulePickup(request),
    reschedulePickup: (request) => sandbox.reschedulePickup(request),
    cancelPickup: (request) => sandbox.cancelPickup(request),
  };
  return { ...adapters, estafeta: live };
}

describe('test mode', () => {
  let sandboxApp: Awaited<ReturnType<typeof createTestApp>>;
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  const calls: string[] = [];

  beforeAll(async () => {
    sandboxApp = await createTestApp();
    const url = sandboxApp.db.$client.options.connectionString;
    ctx = await createTestApp({}, url, {
      carriers: liveEstafeta(sandboxApp.app.services.carrierAdapters, calls),
    });
  });
  afterAll(async () => {
    await ctx.close();
    await sandboxApp.close();
  });

  const quote = (secret: string) =>
    callWithKey(ctx.app, secret, 'POST', '/quotes', {
      payload: {
        origin_zip: MEXICO_CITY_ZIP,
        destination_zip: MONTERREY_ZIP,
        parcels: [{ length: 30, width: 20, height: 15, weight: 2 }],
      },
    });

  it('never lets a dsp_test_ key reach a live carrier; a live key reaches it', async () => {
    const { user } = await createTestMerchant(ctx);
    await makeOwner(ctx, user);
    const test = await createKey(ctx, user, { mode: 'test' });
    const live = await createKey(ctx, user, { mode: 'live' });

    const tested = await quote(test.secret);
    expect(tested.statusCode, tested.body).toBe(201);
    const sandboxOnly = tested.json().data as QuoteView;
    expect(sandboxOnly.rates.some((rate) => rate.carrier_key === 'estafeta')).toBe(false);
    expect(sandboxOnly.rates.length).toBeGreaterThan(0);
    expect(calls).toEqual([]);

    const lived = await quote(live.secret);
    expect(lived.statusCode, lived.body).toBe(201);
    const withLive = lived.json().data as QuoteView;
    expect(withLive.rates.some((rate) => rate.carrier_key === 'estafeta')).toBe(true);
    expect(calls).toEqual(['quote']);
  });
});
