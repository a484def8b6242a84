import { carrierByKey } from '@despacho/domain';
import { describe, expect, it } from 'vitest';
import { ProviderError } from '../../../platform/provider-calls';
import {
  describeFedexError,
  FEDEX_SERVICE_TYPE_OF,
  FEDEX_SERVICES,
  FEDEX_TRACKING_CODES,
  fedexCarrierError,
  trackingMovement,
} from './fedex-mapping';

/**
 * FedEx's documented tracking codes and what each must mean for us, written out once more so
 * a change to the mapping is a visible change here.
 */
const EXPECTED: Record<string, string | null> = {
  OC: 'CREATED label_created',
  DS: 'CREATED label_created',
  EP: 'CREATED label_created',
  DR: 'CREATED delayed_operations',
  PD: 'CREATED delayed_operations',
  AP: 'IN_TRANSIT picked_up',
  PU: 'IN_TRANSIT picked_up',
  PX: 'IN_TRANSIT picked_up',
  IT: 'IN_TRANSIT in_transit',
  IX: 'IN_TRANSIT in_transit',
  IN: 'IN_TRANSIT in_transit',
  DP: 'IN_TRANSIT in_transit',
  LO: 'IN_TRANSIT in_transit',
  EA: 'IN_TRANSIT in_transit',
  EO: 'IN_TRANSIT in_transit',
  PF: 'IN_TRANSIT in_transit',
  PL: 'IN_TRANSIT in_transit',
  PM: 'IN_TRANSIT in_transit',
  TR: 'IN_TRANSIT in_transit',
  CH: 'IN_TRANSIT in_transit',
  SP: 'IN_TRANSIT in_transit',
  AO: 'IN_TRANSIT in_transit',
  OX: 'IN_TRANSIT in_transit',
  CC: 'IN_TRANSIT in_transit',
  CP: 'IN_TRANSIT in_transit',
  AA: 'IN_TRANSIT arrived_at_hub',
  AC: 'IN_TRANSIT arrived_at_hub',
  AF: 'IN_TRANSIT arrived_at_hub',
  AR: 'IN_TRANSIT arrived_at_hub',
  AX: 'IN_TRANSIT arrived_at_hub',
  FD: 'IN_TRANSIT arrived_at_hub',
  OF: 'IN_TRANSIT arrived_at_hub',
  SF: 'IN_TRANSIT arrived_at_hub',
  HL: 'IN_TRANSIT arrived_at_hub',
  OD: 'IN_TRANSIT out_for_delivery',
  ED: 'IN_TRANSIT out_for_delivery',
  AD: 'IN_TRANSIT out_for_delivery',
  DE: 'IN_TRANSIT delivery_attempted',
  DY: 'IN_TRANSIT delayed_operations',
  DD: 'IN_TRANSIT delayed_operations',
  CD: 'IN_TRANSIT delayed_operations',
  SE: 'IN_TRANSIT delayed_operations',
  RS: 'IN_TRANSIT delayed_operations',
  DL: 'DELIVERED delivered',
  CA: 'CANCELLED cancelled',
  RR: null,
  RM: null,
  RC: null,
  RP: null,
  LP: null,
  RD: null,
};

describe('FedEx tracking codes', () => {
  it('maps every documented code onto our status and timeline code', () => {
    const mapped = Object.fromEntries(
      Object.entries(FEDEX_TRACKING_CODES).map(([code, movement]) => [
        code,
        movement && `${movement.status} ${movement.code}`,
      ]),
    );
    expect(mapped).toEqual(EXPECTED);
  });

  it("reads a delay's cause, falls back on the derived code, and skips an unknown one", () => {
    expect(trackingMovement('DY', undefined, 'Severe weather delay')).toEqual({
      status: 'IN_TRANSIT',
      code: 'delayed_weather',
    });
    expect(trackingMovement('PD', undefined, 'Retraso por clima')).toEqual({
      status: 'CREATED',
      code: 'delayed_weather',
    });
    expect(trackingMovement('DE', undefined, 'Weather')?.code).toBe('delivery_attempted');
    expect(trackingMovement('ZZ', 'OD', '')?.code).toBe('out_for_delivery');
    expect(trackingMovement('ZZ', 'YY', '')).toBeUndefined();
    expect(trackingMovement('RP', undefined, '')).toBeNull();
  });
});

describe('FedEx services', () => {
  it('maps each service type FedEx names onto a catalogue service, and buys each with one', () => {
    const catalogue = carrierByKey('fedex')!.services.map((service) => service.key);
    expect(Object.keys(FEDEX_SERVICE_TYPE_OF).sort()).toEqual([...catalogue].sort());
    for (const [key, serviceType] of Object.entries(FEDEX_SERVICE_TYPE_OF)) {
      expect(FEDEX_SERVICES[serviceType]).toBe(key);
    }
    expect(FEDEX_SERVICES).toEqual({
      STANDARD_OVERNIGHT: 'standard_overnight',
      FEDEX_EXPRESS_SAVER: 'express_saver',
      FEDEX_INTERNATIONAL_PRIORITY: 'international_priority',
      INTERNATIONAL_PRIORITY: 'international_priority',
      INTERNATIONAL_ECONOMY: 'international_economy',
    });
  });
});

describe('FedEx errors', () => {
  it("reads FedEx's error body: the first code, every message and the transaction id", () => {
    expect(
      describeFedexError({
        transactionId: 'abc',
        errors: [
          { code: 'SHIPPER.POSTALSTATE.MISMATCH', message: 'Postal code and state do not match.' },
          { code: 'RECIPIENTS.PHONENUMBER.REQUIRED', message: 'Phone number is required.' },
        ],
      }),
    ).toEqual({
      code: 'SHIPPER.POSTALSTATE.MISMATCH',
      message: 'Postal code and state do not match.; Phone number is required. (transactionId abc)',
    });
    expect(describeFedexError('<html/>')).toEqual({});
    expect(describeFedexError({ errors: [] })).toEqual({});
  });

  it('turns each provider failure into the carrier error callers understand', () => {
    const error = (code: ProviderError['code'], status?: number) =>
      new ProviderError('fedex', code, 'said', status ? { status, providerCode: 'X.Y' } : {});
    const kinds = [
      fedexCarrierError(error('timeout')).code,
      fedexCarrierError(error('rate_limited', 429)).code,
      fedexCarrierError(error('unavailable', 503)).code,
      fedexCarrierError(error('malformed')).code,
      fedexCarrierError(error('rejected', 400)).code,
      fedexCarrierError(error('rejected', 400), 'not_cancellable').code,
      fedexCarrierError(error('rejected', 401), 'not_cancellable').code,
      fedexCarrierError(new Error('socket hang up')).code,
    ];
    expect(kinds).toEqual([
      'timeout',
      'unavailable',
      'unavailable',
      'unavailable',
      'rejected',
      'not_cancellable',
      'rejected',
      'unavailable',
    ]);
    expect(fedexCarrierError(error('rejected', 400)).message).toBe(
      'FedEx rechazó la solicitud: said [X.Y]',
    );
  });
});
