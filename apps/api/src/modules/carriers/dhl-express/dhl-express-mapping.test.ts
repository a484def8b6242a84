import { carrierByKey } from '@despacho/domain';
import { describe, expect, it } from 'vitest';
import { ProviderError } from '../../../platform/provider-calls';
import { CarrierError } from '../carrier-adapter';
import {
  DHL_CHECKPOINTS,
  DHL_PRODUCTS,
  describeDhlProblem,
  dhlCarrierError,
  dhlProductOf,
  rateOf,
} from './dhl-express-mapping';
import { DHL_RATES } from './dhl-express.test-support';

/**
 * Every DHL Express checkpoint code of DHL's published tracking status list, with what it must
 * become for us: written out here on its own so a change of the mapping is a visible decision.
 */
const EXPECTED: Record<string, [string, string]> = {
  AD: ['IN_TRANSIT', 'in_transit'],
  AF: ['IN_TRANSIT', 'arrived_at_hub'],
  AR: ['IN_TRANSIT', 'arrived_at_hub'],
  BA: ['IN_TRANSIT', 'delivery_attempted'],
  BN: ['IN_TRANSIT', 'in_transit'],
  BR: ['IN_TRANSIT', 'in_transit'],
  CA: ['IN_TRANSIT', 'delivery_attempted'],
  CC: ['IN_TRANSIT', 'arrived_at_hub'],
  CD: ['IN_TRANSIT', 'delayed_operations'],
  CM: ['IN_TRANSIT', 'delivery_attempted'],
  CR: ['IN_TRANSIT', 'in_transit'],
  CS: ['IN_TRANSIT', 'delayed_operations'],
  DD: ['DELIVERED', 'delivered'],
  DF: ['IN_TRANSIT', 'in_transit'],
  DS: ['IN_TRANSIT', 'delayed_operations'],
  FD: ['IN_TRANSIT', 'in_transit'],
  HP: ['IN_TRANSIT', 'delayed_operations'],
  IC: ['IN_TRANSIT', 'in_transit'],
  MC: ['IN_TRANSIT', 'delayed_operations'],
  MD: ['IN_TRANSIT', 'delayed_operations'],
  MS: ['IN_TRANSIT', 'delayed_operations'],
  ND: ['IN_TRANSIT', 'delivery_attempted'],
  NH: ['IN_TRANSIT', 'delivery_attempted'],
  OH: ['IN_TRANSIT', 'delayed_operations'],
  OK: ['DELIVERED', 'delivered'],
  PD: ['IN_TRANSIT', 'out_for_delivery'],
  PL: ['IN_TRANSIT', 'in_transit'],
  PU: ['IN_TRANSIT', 'picked_up'],
  RD: ['IN_TRANSIT', 'delivery_attempted'],
  RR: ['IN_TRANSIT', 'in_transit'],
  RT: ['IN_TRANSIT', 'delivery_attempted'],
  SA: ['IN_TRANSIT', 'picked_up'],
  SC: ['IN_TRANSIT', 'in_transit'],
  SS: ['IN_TRANSIT', 'delayed_operations'],
  TP: ['IN_TRANSIT', 'in_transit'],
  TR: ['IN_TRANSIT', 'in_transit'],
  UD: ['IN_TRANSIT', 'delayed_operations'],
  WC: ['IN_TRANSIT', 'out_for_delivery'],
};

describe('DHL Express checkpoints', () => {
  it.each(Object.entries(EXPECTED))('maps %s', (typeCode, [status, code]) => {
    expect(DHL_CHECKPOINTS[typeCode]).toEqual({ status, code });
  });

  it('maps exactly the documented codes, no guess for another', () => {
    expect(Object.keys(DHL_CHECKPOINTS).sort()).toEqual(Object.keys(EXPECTED).sort());
    expect(DHL_CHECKPOINTS.ZZ).toBeUndefined();
  });
});

describe('DHL Express products', () => {
  it("maps DHL's product codes onto the catalogue's services and back", () => {
    const services = carrierByKey('dhl_express')!.services.map((service) => service.key);
    expect(DHL_PRODUCTS).toEqual({ N: 'domestic_express', P: 'express_worldwide' });
    for (const key of Object.values(DHL_PRODUCTS)) expect(services).toContain(key);
    expect(dhlProductOf('domestic_express')).toBe('N');
    expect(dhlProductOf('express_worldwide')).toBe('P');
    expect(dhlProductOf('dia_siguiente')).toBeNull();
  });

  it('leaves out the products Despacho does not offer', () => {
    for (const code of ['D', 'Y', 'K', 'T', 'E', '1', 'G', 'W', 'H']) {
      expect(DHL_PRODUCTS[code]).toBeUndefined();
    }
  });
});

describe('DHL Express prices', () => {
  const domestic = DHL_RATES.products[0]!;

  it('prices in pesos before VAT: total less tax, with fuel and remote-area delivery apart', () => {
    expect(rateOf(domestic)).toMatchObject({
      base: 30_000,
      fuelSurcharge: 6_000,
      extendedZoneSurcharge: 4_000,
      extendedZone: true,
    });
  });

  it('leaves out a product it cannot price in pesos or date', () => {
    const inDollars = [{ currencyType: 'BILLC', priceCurrency: 'USD', price: 25 }];
    expect(rateOf({ ...domestic, totalPrice: inDollars })).toBeNull();
    expect(rateOf({ ...domestic, deliveryCapabilities: {} })).toBeNull();
    expect(rateOf({ ...domestic, productCode: 'Y' })).toBeNull();
  });

  it('reads the published local price when the billing currency is not pesos', () => {
    const rate = rateOf({
      ...domestic,
      totalPrice: [
        { currencyType: 'BILLC', priceCurrency: 'USD', price: 25 },
        { currencyType: 'PULCL', priceCurrency: 'MXN', price: 500 },
      ],
      totalPriceBreakdown: [],
      detailedPriceBreakdown: [],
    });
    expect(rate).toMatchObject({ base: 50_000, fuelSurcharge: 0, extendedZone: false });
  });
});

describe('DHL Express errors', () => {
  it("reads DHL's problem+json: its numeric code, detail and the fields in additionalDetails", () => {
    expect(
      describeDhlProblem({
        title: 'Bad request',
        detail: '8003: Account not allowed for this service.',
        status: '400',
      }),
    ).toEqual({ code: '8003', message: '8003: Account not allowed for this service.' });
    expect(
      describeDhlProblem({
        title: 'Validation error',
        detail: 'Multiple problems found, see Additional Details',
        additionalDetails: ['#/a: expected maxLength: 45', '#/b: required'],
        status: '422',
      }),
    ).toEqual({
      code: 'Validation error',
      message:
        'Multiple problems found, see Additional Details; #/a: expected maxLength: 45; #/b: required',
    });
    expect(describeDhlProblem(null)).toEqual({});
    expect(describeDhlProblem({ title: 'Unauthorized' })).toEqual({
      code: 'Unauthorized',
      message: 'Unauthorized',
    });
  });

  it.each([
    [new ProviderError('dhl_express', 'timeout', 'no answer in time'), 'timeout'],
    [new ProviderError('dhl_express', 'rate_limited', 'slow', { status: 429 }), 'unavailable'],
    [new ProviderError('dhl_express', 'unavailable', 'down', { status: 503 }), 'unavailable'],
    [new ProviderError('dhl_express', 'malformed', 'html'), 'unavailable'],
    [new ProviderError('dhl_express', 'rejected', 'bad', { status: 401 }), 'unavailable'],
    [new ProviderError('dhl_express', 'rejected', 'bad zip', { status: 400 }), 'rejected'],
    [new ProviderError('dhl_express', 'rejected', 'fields', { status: 422 }), 'rejected'],
    [new ProviderError('dhl_express', 'rejected', 'unknown', { status: 404 }), 'rejected'],
    [new Error('socket hang up'), 'unavailable'],
  ])('turns %s into a CarrierError %s', (error, code) => {
    const mapped = dhlCarrierError(error);
    expect(mapped).toBeInstanceOf(CarrierError);
    expect(mapped).toMatchObject({ carrier: 'dhl_express', code });
  });

  it("keeps DHL's words for a refusal and hides them for our account's credentials", () => {
    expect(
      dhlCarrierError(
        new ProviderError('dhl_express', 'rejected', 'Invalid postal code', { status: 400 }),
      ).message,
    ).toBe('DHL Express rechazó la solicitud: Invalid postal code');
    expect(
      dhlCarrierError(
        new ProviderError('dhl_express', 'rejected', 'Invalid account 980123456', { status: 401 }),
      ).message,
    ).not.toContain('980123456');
    expect(
      dhlCarrierError(new ProviderError('dhl_express', 'rejected', 'gone', { status: 404 }), {
        404: 'not_cancellable',
      }).code,
    ).toBe('not_cancellable');
  });
});
