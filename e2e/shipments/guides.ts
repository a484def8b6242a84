import { randomUUID } from 'node:crypto';
import { expect, type APIRequestContext } from '@playwright/test';
import type {
  CardToken,
  LocationView,
  PickupTimeRange,
  QuoteView,
  Session,
  ShipmentDetail,
  WalletBalance,
} from '@despacho/domain';
import { apiCall, csrfHeaders, dataOf, uniqueId } from '../support';

/**
 * Guides bought through the API for the shipment specs, on the sample postal-code catalogue the
 * e2e server loads (06700 Mexico City, 97000 Mérida) and the sandbox carriers.
 */

/** Private details of the recipient: the public tracking page must never show them. */
export const RECIPIENT = {
  contact_name: 'Rosalía Canul Pech',
  email: 'rosalia.canul@pruebas.despacho.mx',
  phone: '9991234567',
  street: 'Calle 60 Norte',
  external_number: '488',
  neighborhood: 'Itzaes',
  city: 'Mérida',
  municipality: 'Mérida',
  state: 'Yucatán',
  zip: '97000',
} as const;

/** A new origin location (Roma Norte, Mexico City) of the token's organization. */
export async function createOrigin(
  request: APIRequestContext,
  token: string,
): Promise<LocationView> {
  return dataOf<LocationView>(
    await apiCall(request, 'POST', '/locations', {
      token,
      body: {
        alias: `Bodega e2e ${uniqueId()}`,
        contact_name: 'Ana Bodega',
        contact_email: 'bodega@pruebas.despacho.mx',
        contact_phone: '5512345678',
        street: 'Av. Álvaro Obregón',
        external_number: '151',
        neighborhood: 'Roma Norte',
        city: 'Ciudad de México',
        municipality: 'Cuauhtémoc',
        state: 'Ciudad de México',
        zip: '06700',
      },
    }),
    201,
  );
}

const PARCEL = { length: 30, width: 20, height: 15, weight: 2 };

/**
 * Quotes and buys an Estafeta guide from `origin` to the recipient in Mérida. A preferred pickup
 * range no Estafeta window holds (they end at 18:00) leaves the guide waiting in "pickup pending".
 */
export async function buyGuide(
  request: APIRequestContext,
  token: string,
  origin: LocationView,
  { pickup }: { pickup?: PickupTimeRange } = {},
): Promise<ShipmentDetail> {
  const quote = await dataOf<QuoteView>(
    await apiCall(request, 'POST', '/quotes', {
      token,
      body: { origin_zip: origin.zip, destination_zip: RECIPIENT.zip, parcels: [PARCEL] },
    }),
    201,
  );
  const rate = quote.rates.find((candidate) => candidate.id === 'estafeta:terrestre');
  expect(rate, 'Estafeta Terrestre is quoted').toBeTruthy();
  const response = await request.post('/api/v1/shipments', {
    headers: {
      ...(await csrfHeaders(request)),
      authorization: `Bearer ${token}`,
      'x-language': 'es',
      'idempotency-key': `e2e-${randomUUID()}`,
    },
    data: {
      location_id: origin.id,
      destination: { kind: 'new', ...RECIPIENT },
      packages: [
        {
          ...PARCEL,
          name: 'Caja de tazas',
          products: [
            {
              description: 'Taza de cerámica',
              quantity: 2,
              sat_product_code: '24121503',
              sat_unit_code: 'H87',
              unit_value: '150.00',
            },
          ],
        },
      ],
      quote_id: quote.id,
      rate_id: rate!.id,
      reference: 'E2E',
      pickup_time_range: pickup ?? null,
    },
  });
  const guide = await dataOf<ShipmentDetail>(response, 201);
  expect(guide.purchase_state).toBe('purchased');
  expect(guide.tracking_number).toBeTruthy();
  return guide;
}

/** A pickup range outside every Estafeta window: the guide is left without a pickup. */
export const NO_ESTAFETA_WINDOW: PickupTimeRange = { start: '18:00', end: '19:00' };

export async function availableBalance(request: APIRequestContext, token: string) {
  const balance = await dataOf<WalletBalance>(
    await apiCall(request, 'GET', '/wallet/balance', { token }),
  );
  return balance.available_centavos;
}

/** A $2,000.00 card deposit with the sandbox provider's approved test card. */
export async function topUp(request: APIRequestContext, session: Session) {
  const tokenAnswer = await request.post('/sandbox/payments/tokens', {
    data: {
      card_number: '4242 4242 4242 4242',
      expiry: '12/30',
      cvc: '123',
      holder_name: 'Marisol Prueba',
    },
    headers: await csrfHeaders(request),
  });
  expect(tokenAnswer.status(), await tokenAnswer.text()).toBe(201);
  const token = ((await tokenAnswer.json()) as { data: CardToken }).data;
  const deposit = await request.post('/api/v1/deposits/card', {
    data: { amount: '2000.00', token: token.id },
    headers: {
      ...(await csrfHeaders(request)),
      authorization: `Bearer ${session.access_token}`,
      'idempotency-key': `e2e-${uniqueId()}`,
    },
  });
  expect(deposit.status(), await deposit.text()).toBe(201);
}
