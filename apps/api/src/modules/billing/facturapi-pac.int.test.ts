import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/test-app';
import { ManualClock } from '../../platform/clock';
import type { Db } from '../../platform/db';
import { ProviderCalls, ProviderError } from '../../platform/provider-calls';
import { providerFailures } from '../../platform/provider-calls.tables';
import { sampleCfdiInput } from './cfdi.test-support';
import { FacturapiPac } from './facturapi-pac';
import { facturapiDouble, facturapiInvoiceAnswer, stampedXml } from './facturapi.test-support';

const API_KEY = 'sk_test_Q2FyZ2FQcnVlYmFEZXNwYWNobw';
const KEY = '0f8e2a4c-2b1d-4c3e-9f00-1234567890ab';
const UUID = '5FB2822E-396D-4725-8521-CDC4BDD20CCF';

let db: Db;
let double: Awaited<ReturnType<typeof facturapiDouble>>;
const clock = new ManualClock(new Date('2026-03-02T16:00:00Z'));
let waits: number[] = [];

beforeAll(async () => {
  db = await createTestDatabase();
  double = await facturapiDouble();
});
afterAll(async () => {
  await double.close();
  await db.$client.end();
});
beforeEach(async () => {
  double.requests.length = 0;
  double.answers.length = 0;
  waits = [];
  await db.delete(providerFailures);
});

function pac(timeoutMs?: number) {
  const providerCalls = new ProviderCalls({
    db,
    clock,
    sleep: async (ms) => {
      waits.push(ms);
    },
  });
  return new FacturapiPac({
    apiKey: API_KEY,
    baseUrl: double.baseUrl,
    providerCalls,
    ...(timeoutMs ? { timeoutMs } : {}),
  });
}

const xmlAnswer = {
  status: 200,
  type: 'application/xml',
  body: stampedXml(sampleCfdiInput(), UUID),
};

async function failure(promise: Promise<unknown>): Promise<ProviderError> {
  const error = await promise.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(ProviderError);
  return error as ProviderError;
}

describe('Facturapi through its SDK, against a double of its REST API', () => {
  it('stamps from JSON with the invoice id as idempotency key, then downloads the stamped XML', async () => {
    double.answers.push({ status: 200, body: facturapiInvoiceAnswer() }, xmlAnswer);
    const stamped = await pac().stamp(sampleCfdiInput(), clock.now(), KEY);

    expect(stamped).toMatchObject({ uuid: UUID, providerId: '6745c8e5f1a2b3c4d5e6f708' });
    expect(stamped.xml).toContain(`UUID="${UUID}"`);
    const [create, download] = double.requests;
    expect(create).toMatchObject({ method: 'POST', path: '/v2/invoices' });
    expect(create!.authorization).toBe(`Bearer ${API_KEY}`);
    expect(create!.body).toEqual({
      type: 'I',
      customer: {
        legal_name: 'XOCHILT CASAS CHAVEZ',
        tax_id: 'CACX7605101P8',
        tax_system: '612',
        address: { zip: '36257' },
      },
      items: [
        {
          quantity: 1,
          product: {
            description: 'Anticipo del bien o servicio (saldo prepagado Despacho)',
            product_key: '84111506',
            unit_key: 'ACT',
            unit_name: 'Actividad',
            sku: 'DEP7',
            price: 1077.59,
            tax_included: false,
            taxes: [{ type: 'IVA', rate: 0.16 }],
          },
        },
      ],
      use: 'G03',
      payment_form: '03',
      payment_method: 'PUE',
      currency: 'MXN',
      series: 'DEP',
      folio_number: 7,
      idempotency_key: KEY,
    });
    expect(download).toMatchObject({
      method: 'GET',
      path: '/v2/invoices/6745c8e5f1a2b3c4d5e6f708/xml',
    });
  });

  it('sends the global-invoice period for the general public', async () => {
    double.answers.push({ status: 200, body: facturapiInvoiceAnswer() }, xmlAnswer);
    const input = sampleCfdiInput({
      receiver: {
        rfc: 'XAXX010101000',
        name: 'PUBLICO EN GENERAL',
        regime: '616',
        zip: '42501',
        use: 'S01',
      },
    });
    await pac().stamp(input, clock.now(), KEY);
    expect(double.requests[0]!.body).toMatchObject({
      global: { periodicity: 'day', months: '03', year: 2026 },
      use: 'S01',
    });
  });

  it("keeps Facturapi's own message of a refused invoice, without retrying it", async () => {
    double.answers.push({
      status: 400,
      body: {
        message: 'El RFC del receptor no está en la lista de RFC inscritos',
        path: 'customer.tax_id',
        status: 400,
      },
    });
    const error = await failure(pac().stamp(sampleCfdiInput(), clock.now(), KEY));
    expect(error).toMatchObject({ code: 'rejected', details: { status: 400 } });
    expect(error.message).toMatch(/RFC del receptor/);
    expect(double.requests).toHaveLength(1);
    const [stored] = await db.select().from(providerFailures);
    expect(stored).toMatchObject({
      kind: 'cfdi',
      provider: 'facturapi',
      operation: 'stamp',
      code: 'rejected',
    });
  });

  it('refuses a wrong key as rejected, and the key never reaches the stored failure', async () => {
    double.answers.push({
      status: 401,
      body: { message: `Invalid API key ${API_KEY}`, status: 401 },
    });
    const error = await failure(pac().stamp(sampleCfdiInput(), clock.now(), KEY));
    expect(error).toMatchObject({ code: 'rejected', details: { status: 401 } });
    expect(error.message).toBe('Invalid API key [redacted]');
    const stored = await db.select().from(providerFailures);
    expect(JSON.stringify(stored)).not.toContain(API_KEY);
  });

  it("waits the Retry-After of a rate limit, and a 5xx's backoff, then stamps once (same key)", async () => {
    double.answers.push(
      { status: 429, body: { message: 'Too many requests' }, headers: { 'retry-after': '2' } },
      { status: 503, body: { message: 'Servicio del SAT no disponible' } },
      { status: 200, body: facturapiInvoiceAnswer() },
      xmlAnswer,
    );
    const stamped = await pac().stamp(sampleCfdiInput(), clock.now(), KEY);
    expect(stamped.uuid).toBe(UUID);
    expect(waits).toEqual([2000, 1000]);
    const keys = double.requests
      .slice(0, 3)
      .map((r) => (r.body as { idempotency_key: string }).idempotency_key);
    expect(keys).toEqual([KEY, KEY, KEY]);
  });

  it('gives up on a PAC that keeps failing as unavailable', async () => {
    for (let i = 0; i < 3; i += 1)
      double.answers.push({ status: 500, body: { message: 'Internal error' } });
    const error = await failure(pac().stamp(sampleCfdiInput(), clock.now(), KEY));
    expect(error.code).toBe('unavailable');
    expect(double.requests).toHaveLength(3);
  });

  it('times out a PAC that does not answer', async () => {
    double.answers.push(
      { status: 200, hang: true },
      { status: 200, hang: true },
      { status: 200, hang: true },
    );
    const error = await failure(pac(50).stamp(sampleCfdiInput(), clock.now(), KEY));
    expect(error.code).toBe('timeout');
  });

  it('refuses an answer that is not JSON, or not an invoice, or not stamped, as malformed', async () => {
    double.answers.push({ status: 200, type: 'application/json', body: '<html>gateway</html>' });
    expect((await failure(pac().stamp(sampleCfdiInput(), clock.now(), KEY))).code).toBe(
      'malformed',
    );
    double.answers.push({ status: 200, body: { ok: true } });
    expect((await failure(pac().stamp(sampleCfdiInput(), clock.now(), KEY))).code).toBe(
      'malformed',
    );
    double.answers.push({
      status: 200,
      body: facturapiInvoiceAnswer({ status: 'pending', uuid: null }),
    });
    expect((await failure(pac().stamp(sampleCfdiInput(), clock.now(), KEY))).code).toBe(
      'malformed',
    );
  });
});

describe("Facturapi's cancellation with SAT's reasons", () => {
  it('sends reason 01 with the replacing UUID and reads a pending answer', async () => {
    double.answers.push({
      status: 200,
      body: facturapiInvoiceAnswer({ cancellation_status: 'pending' }),
    });
    const status = await pac().cancel({
      uuid: UUID,
      providerId: 'inv_1',
      motive: '01',
      substitutionUuid: '11111111-2222-3333-4444-555555555555',
    });
    expect(status).toBe('pending');
    const [request] = double.requests;
    expect(request).toMatchObject({ method: 'DELETE', path: '/v2/invoices/inv_1' });
    expect(Object.fromEntries(request!.query)).toEqual({
      motive: '01',
      substitution: '11111111-2222-3333-4444-555555555555',
    });
  });

  it.each(['02', '03', '04'] as const)(
    'sends reason %s alone and reads an accepted answer',
    async (motive) => {
      double.answers.push({
        status: 200,
        body: facturapiInvoiceAnswer({ status: 'canceled', cancellation_status: 'accepted' }),
      });
      const status = await pac().cancel({
        uuid: UUID,
        providerId: 'inv_2',
        motive,
        substitutionUuid: null,
      });
      expect(status).toBe('accepted');
      expect(Object.fromEntries(double.requests[0]!.query)).toEqual({ motive });
    },
  );

  it("maps a refusal to rejected with Facturapi's message, and never retries a cancellation", async () => {
    double.answers.push({ status: 400, body: { message: 'La factura ya fue cancelada' } });
    const refused = await failure(
      pac().cancel({ uuid: UUID, providerId: 'inv_3', motive: '02', substitutionUuid: null }),
    );
    expect(refused).toMatchObject({ code: 'rejected', message: 'La factura ya fue cancelada' });
    double.answers.push({ status: 502, body: { message: 'Bad gateway' } });
    const down = await failure(
      pac().cancel({ uuid: UUID, providerId: 'inv_3', motive: '02', substitutionUuid: null }),
    );
    expect(down.code).toBe('unavailable');
    expect(double.requests).toHaveLength(2);
  });
});
