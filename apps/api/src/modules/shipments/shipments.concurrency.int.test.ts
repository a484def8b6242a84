import type { QuoteView } from '@despacho/domain';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/test-app';
import { callAs, createTestMerchant, type TestUser } from '../../../test/users';
import { LedgerService } from '../wallet/ledger.service';
import { verifyLedger } from '../invariants';

const FUNDS = 1_000_000;

let ctx: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => {
  expect(await verifyLedger(ctx.db)).toEqual([]);
  await ctx.close();
});

describe('one Idempotency-Key sent 20 times at once', () => {
  let user: TestUser;
  let organizationId: string;
  let body: object;
  let total: number;

  beforeAll(async () => {
    const merchant = await createTestMerchant(ctx);
    user = merchant.user;
    organizationId = merchant.organization.id;
    await new LedgerService(ctx).credit({
      organizationId,
      idempotencyKey: 'opening',
      kind: 'deposit',
      amount: FUNDS,
      from: 'bank_clearing',
    });
    const location = await callAs(ctx.app, user, 'POST', '/locations', {
      alias: 'Bodega',
      contact_name: 'Ana López',
      contact_email: 'ana@prueba.mx',
      contact_phone: '5512345678',
      street: 'Calle Colima',
      external_number: '120',
      neighborhood: 'Roma Norte',
      city: 'Ciudad de México',
      municipality: 'Cuauhtémoc',
      state: 'Ciudad de México',
      zip: '06700',
    });
    const parcel = { length: 30, width: 20, height: 15, weight: 2.5 };
    const quote = await callAs(ctx.app, user, 'POST', '/quotes', {
      origin_zip: '06700',
      destination_zip: '44100',
      parcels: [parcel],
    });
    const view: QuoteView = quote.json().data;
    const rate = view.rates[0]!;
    total = rate.total;
    body = {
      location_id: location.json().data.id,
      destination: {
        kind: 'new',
        contact_name: 'Pedro Ruiz',
        email: 'pedro@correo.mx',
        phone: '3312345678',
        street: 'Av. Juárez',
        external_number: '88',
        neighborhood: 'Centro',
        city: 'Guadalajara',
        municipality: 'Guadalajara',
        state: 'Jalisco',
        zip: '44100',
      },
      packages: [
        {
          ...parcel,
          products: [
            {
              description: 'Tazas de cerámica',
              quantity: 6,
              sat_product_code: '24121503',
              sat_unit_code: 'H87',
              unit_value: '80.00',
            },
          ],
        },
      ],
      quote_id: view.id,
      rate_id: rate.id,
    };
  });

  it('buys one guide, charges once, and answers it or "in progress" to every request', async () => {
    const key = randomUUID();
    const send = () =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/v1/shipments',
        headers: user.headers({ 'idempotency-key': key }),
        payload: body,
      });
    const answers = await Promise.all(Array.from({ length: 20 }, send));

    const byStatus = (status: number) => answers.filter((answer) => answer.statusCode === status);
    expect(
      answers.every((answer) => [200, 201, 409].includes(answer.statusCode)),
      answers.map((answer) => `${answer.statusCode} ${answer.body.slice(0, 120)}`).join('\n'),
    ).toBe(true);
    expect(byStatus(201)).toHaveLength(1);
    const id = byStatus(201)[0]!.json().data.id;
    for (const answer of byStatus(200)) expect(answer.json().data.id).toBe(id);
    for (const answer of byStatus(409)) {
      expect(answer.json().error.code).toBe('PURCHASE_IN_PROGRESS');
    }

    const { rows: shipments } = await ctx.db.$client.query(
      `select id, purchase_state from shipments where organization_id = $1`,
      [organizationId],
    );
    expect(shipments).toEqual([{ id, purchase_state: 'purchased' }]);
    const { rows: holds } = await ctx.db.$client.query(
      `select h.status from ledger_holds h
         join ledger_transactions t on t.id = h.hold_transaction_id
        where t.organization_id = $1`,
      [organizationId],
    );
    expect(holds).toEqual([{ status: 'captured' }]);
    const balance = (await callAs(ctx.app, user, 'GET', '/wallet/balance')).json().data;
    expect(balance).toMatchObject({ available_centavos: FUNDS - total, on_hold_centavos: 0 });

    // Once they settled, the same key answers the guide.
    const retry = await send();
    expect(retry.statusCode).toBe(200);
    expect(retry.json().data).toMatchObject({ id, purchase_state: 'purchased' });
  });
});
