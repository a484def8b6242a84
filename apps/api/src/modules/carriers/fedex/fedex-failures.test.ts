import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CarrierError, type RateRequest } from '../carrier-adapter';
import {
  FEDEX_ERROR,
  fedexAgainst,
  FedexDouble,
  fedexLabelPng,
  OWN,
  PLATFORM,
} from './fedex.test-support';

let double: FedexDouble;

beforeAll(async () => {
  double = new FedexDouble(await fedexLabelPng());
  await double.start();
});
afterAll(() => double.stop());
beforeEach(() => double.reset());

const RATES = '/rate/v1/rates/quotes';
const SHIP = '/ship/v1/shipments';

const rateRequest = (organizationId = 'org-1'): RateRequest => ({
  organizationId,
  originZip: '68000',
  destinationZip: '64000',
  parcels: [{ length_cm: 30, width_cm: 20, height_cm: 15, weight_kg: 2.5 }],
  shipDate: new Date('2026-11-30T15:00:00Z'),
});

const failure = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(CarrierError);
  return error as CarrierError;
};

describe("FedEx's documented errors", () => {
  it.each([
    [400, 'RATE.LOCATION.NOSERVICE', 'FedEx does not serve this location.', 'rejected'],
    [403, 'FORBIDDEN.ERROR', 'We could not authorize your credentials.', 'rejected'],
    [404, 'NOT.FOUND.ERROR', 'The resource you requested is no longer available.', 'rejected'],
    [422, 'ACCOUNT.NUMBER.MISMATCH', 'The account number does not match.', 'rejected'],
    [500, 'INTERNAL.SERVER.ERROR', 'We encountered an unexpected error.', 'unavailable'],
    [503, 'SERVICE.UNAVAILABLE.ERROR', 'The service is currently unavailable.', 'unavailable'],
  ] as const)(
    'HTTP %i %s (%s) → %s, with FedEx code and message kept for staff',
    async (status, code, message, kind) => {
      const { carrier, failures } = fedexAgainst(double);
      // Enough answers for the retries of a read: the label call must not retry at all.
      const answer = { status, body: FEDEX_ERROR(code, message) };
      double.next(SHIP, answer, answer, answer);
      const error = await failure(carrier.createLabel(label()));
      expect(error.code).toBe(kind);
      expect(error.message).toContain(message);
      expect(error.message).toContain(`[${code}]`);
      expect(double.to(SHIP)).toHaveLength(1);
      expect(failures).toEqual([
        expect.objectContaining({
          operation: 'ship',
          providerCode: code,
          message: `${message} (transactionId 624deea6-b709-470c-8c39-4b5511281492)`,
        }),
      ]);
    },
  );

  it('retries a read after 5xx and a rate limit, honouring Retry-After, but never a label', async () => {
    const { carrier, waits } = fedexAgainst(double);
    double.next(
      RATES,
      {
        status: 429,
        body: FEDEX_ERROR('TOO.MANY.REQUESTS', 'Slow down.'),
        headers: { 'retry-after': '2' },
      },
      { status: 503, body: FEDEX_ERROR('SERVICE.UNAVAILABLE.ERROR', 'Down.') },
    );
    const quote = await carrier.quote(rateRequest());
    expect(quote.rates).toHaveLength(2);
    expect(double.to(RATES)).toHaveLength(3);
    expect(waits).toEqual([2000, 1000]);

    double.next(SHIP, { status: 429, body: FEDEX_ERROR('TOO.MANY.REQUESTS', 'Slow down.') });
    const error = await failure(carrier.createLabel(label()));
    expect(error).toMatchObject({ code: 'unavailable' });
    expect(double.to(SHIP)).toHaveLength(1);
  });

  it('gives up a read after its retries and says FedEx is unavailable', async () => {
    const { carrier } = fedexAgainst(double);
    const down = { status: 503, body: FEDEX_ERROR('SERVICE.UNAVAILABLE.ERROR', 'Down.') };
    double.next(RATES, down, down, down);
    expect((await failure(carrier.quote(rateRequest()))).code).toBe('unavailable');
    expect(double.to(RATES)).toHaveLength(3);
  });

  it('times out a silent FedEx', async () => {
    const { carrier } = fedexAgainst(double, {}, 1_000);
    double.next(SHIP, { status: 200, body: {}, hang: true });
    const error = await failure(carrier.createLabel(label()));
    expect(error.code).toBe('timeout');
    expect(double.to(SHIP)).toHaveLength(1);
  });

  it('fails an answer that is not JSON, or lacks what we read, as FedEx unavailable', async () => {
    const { carrier, failures } = fedexAgainst(double);
    double.next(RATES, { status: 200, body: '<html>Gateway</html>' });
    double.next(SHIP, {
      status: 200,
      body: { transactionId: 't', output: { transactionShipments: [] } },
    });
    expect((await failure(carrier.quote(rateRequest()))).code).toBe('unavailable');
    expect((await failure(carrier.createLabel(label()))).message).toMatch(/ilegible/);
    expect(failures.map((row) => [row.operation, row.code])).toEqual([
      ['rate', 'malformed'],
      ['ship', 'malformed'],
    ]);
  });

  it('voids a guide whose label FedEx returns as no image', async () => {
    const { carrier } = fedexAgainst(double);
    double.next(SHIP, {
      status: 200,
      body: {
        output: {
          transactionShipments: [
            {
              masterTrackingNumber: '794953555571',
              pieceResponses: [
                {
                  trackingNumber: '794953555571',
                  packageDocuments: [{ encodedLabel: 'bm90IGEgcG5n' }],
                },
              ],
            },
          ],
        },
      },
    });
    const error = await failure(carrier.createLabel(label()));
    expect(error).toMatchObject({
      code: 'unavailable',
      message: expect.stringContaining('la guía 794953555571 se canceló'),
    });
    expect(double.to('/ship/v1/shipments/cancel')[0]?.body).toMatchObject({
      trackingNumber: '794953555571',
    });
  });
});

describe('FedEx OAuth tokens', () => {
  it('asks one token for many calls, and a new one shortly before it expires', async () => {
    const { carrier, clock } = fedexAgainst(double);
    await Promise.all([1, 2, 3, 4, 5].map(() => carrier.quote(rateRequest())));
    await carrier.track({ organizationId: 'org-1', trackingNumber: '794953555571' });
    expect(double.to('/oauth/token')).toHaveLength(1);

    clock.advance(3599_000 - 61_000);
    await carrier.quote(rateRequest());
    expect(double.to('/oauth/token')).toHaveLength(1);
    clock.advance(2_000);
    await carrier.quote(rateRequest());
    expect(double.to('/oauth/token')).toHaveLength(2);
    expect(double.to(RATES).at(-1)?.headers.authorization).toBe(`Bearer ${double.tokens[1]}`);
  });

  it('refreshes once when FedEx refuses an expired token, repeats the call, and succeeds', async () => {
    const { carrier, failures } = fedexAgainst(double);
    await carrier.quote(rateRequest());
    double.expireTokens();
    const label = await carrier.createLabel(labelRequestFor('org-1'));
    expect(label.trackingNumber).toBe('794953555571');
    expect(double.to('/oauth/token')).toHaveLength(2);
    const ships = double.to(SHIP);
    expect(ships.map((request) => request.headers.authorization)).toEqual([
      `Bearer ${double.tokens[0]}`,
      `Bearer ${double.tokens[1]}`,
    ]);
    // The refused call is on the staff view, without the token.
    expect(failures).toEqual([
      expect.objectContaining({ operation: 'ship', providerCode: 'NOT.AUTHORIZED.ERROR' }),
    ]);
    expect(JSON.stringify(failures)).not.toContain('eyJ-token');
  });

  it('stops after one refresh when FedEx keeps refusing the token', async () => {
    const { carrier } = fedexAgainst(double);
    const refused = {
      status: 401,
      body: FEDEX_ERROR(
        'NOT.AUTHORIZED.ERROR',
        'Access token expired. Please modify your request and try again.',
      ),
    };
    double.next(RATES, refused, refused, refused);
    const error = await failure(carrier.quote(rateRequest()));
    expect(error).toMatchObject({
      code: 'rejected',
      message: expect.stringContaining('credenciales'),
    });
    expect(double.to(RATES)).toHaveLength(2);
    expect(double.to('/oauth/token')).toHaveLength(2);
  });

  it("uses an organization's own account with its own token, never the platform's", async () => {
    const { carrier } = fedexAgainst(double, { 'org-own': OWN });
    await carrier.quote(rateRequest('org-own'));
    await carrier.quote(rateRequest('org-platform'));
    await carrier.quote(rateRequest('org-own'));
    expect(
      double.to('/oauth/token').map((request) => (request.body as { client_id: string }).client_id),
    ).toEqual([OWN.key, PLATFORM.key]);
    const rates = double.to(RATES);
    expect(
      rates.map(
        (request) => (request.body as { accountNumber: { value: string } }).accountNumber.value,
      ),
    ).toEqual([OWN.accountNumber, PLATFORM.accountNumber, OWN.accountNumber]);
    expect(rates[0]?.headers.authorization).toBe(`Bearer ${double.tokens[0]}`);
    expect(rates[1]?.headers.authorization).toBe(`Bearer ${double.tokens[1]}`);
    expect(rates[2]?.headers.authorization).toBe(`Bearer ${double.tokens[0]}`);
  });

  it('never lends a cached token to another secret for the same client id', async () => {
    const { carrier, failures } = fedexAgainst(double, {
      'org-guess': { ...OWN, secret: 'a-wrong-guess' },
      'org-own': OWN,
    });
    await carrier.quote(rateRequest('org-own'));
    const error = await failure(carrier.quote(rateRequest('org-guess')));
    expect(error).toMatchObject({
      code: 'rejected',
      message: expect.stringContaining('credenciales'),
    });
    expect(double.to(RATES)).toHaveLength(1);
    // The wrong secret reached FedEx's token endpoint only, and no failure keeps it.
    expect(double.to('/oauth/token')).toHaveLength(2);
    expect(failures).toEqual([
      expect.objectContaining({ operation: 'oauth_token', providerCode: 'NOT.AUTHORIZED.ERROR' }),
    ]);
    expect(JSON.stringify(failures)).not.toContain('a-wrong-guess');
  });

  it('refuses an organization with no FedEx account, without calling FedEx', async () => {
    const { carrier } = fedexAgainst(double, { 'org-none': null });
    const error = await failure(carrier.quote(rateRequest('org-none')));
    expect(error).toMatchObject({ carrier: 'fedex', code: 'rejected' });
    expect(error.message).toMatch(/No hay una cuenta de FedEx/);
    expect(double.received).toEqual([]);
  });
});

const PARTY = {
  name: 'Ana Ruiz',
  phone: '5555555555',
  street: 'Insurgentes Sur',
  exteriorNumber: '1000',
  neighborhood: 'Del Valle',
  city: 'Ciudad de México',
  state: 'Ciudad de México',
  zip: '03100',
};

function labelRequestFor(organizationId: string) {
  return {
    organizationId,
    serviceKey: 'express_saver',
    shipmentId: 'shp_2',
    origin: PARTY,
    destination: PARTY,
    parcels: [{ length_cm: 10, width_cm: 10, height_cm: 10, weight_kg: 1 }],
    reference: null,
    goods: [],
    trackingUrl: (number: string) => number,
    createdAt: new Date('2026-11-30T15:00:00Z'),
  };
}

const label = () => labelRequestFor('org-1');
