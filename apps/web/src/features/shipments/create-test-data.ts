import type {
  CustomerListItem,
  CustomerView,
  LocationView,
  QuoteView,
  RateView,
  ShipmentDetail,
} from '@despacho/domain';
import { makeDetail } from './follow-up-test-data';

/** Fixtures of the quote and create-shipment tests, shaped as the API answers them. */

export const LOCATION_ID = '3f0c1a52-6a0e-4e55-9a7d-2b1c3d4e5f60';
export const CUSTOMER_ID = '5a1d2c3b-4e5f-4a6b-8c7d-9e0f1a2b3c4d';
export const ADDRESS_ID = '6b2e3d4c-5f6a-4b7c-9d8e-0f1a2b3c4d5e';
export const QUOTE_ID = '7c3f4e5d-6a7b-4c8d-8e9f-1a2b3c4d5e6f';
export const SHIPMENT_ID = '8d4a5f6e-7b8c-4d9e-9f0a-2b3c4d5e6f70';

export function makeRate(overrides: Partial<RateView> = {}): RateView {
  return {
    id: 'estafeta:terrestre',
    carrier_key: 'estafeta',
    carrier_name: 'Estafeta',
    service_key: 'terrestre',
    service_name: 'Terrestre',
    service_kind: 'economy',
    sandbox: true,
    zone: 5,
    billable_weight_kg: 2,
    base: 15_000,
    fuel_surcharge: 1_500,
    extended_zone_surcharge: 0,
    extended_zone: false,
    subtotal: 16_500,
    vat: 2_640,
    total: 19_140,
    transit_days: { min: 3, max: 5 },
    estimated_delivery: '2026-03-09',
    cheapest: false,
    fastest: false,
    ...overrides,
  };
}

export const CHEAP = makeRate({ cheapest: true });
export const FAST = makeRate({
  id: 'dhl_express:express',
  carrier_key: 'dhl_express',
  carrier_name: 'DHL Express',
  service_key: 'express',
  service_name: 'Express',
  service_kind: 'express',
  base: 30_000,
  fuel_surcharge: 4_000,
  extended_zone_surcharge: 12_000,
  extended_zone: true,
  subtotal: 46_000,
  vat: 7_360,
  total: 53_360,
  transit_days: { min: 1, max: 1 },
  estimated_delivery: '2026-03-03',
  fastest: true,
});

export function makeQuote(overrides: Partial<QuoteView> = {}): QuoteView {
  return {
    id: QUOTE_ID,
    status: 'quote',
    origin_zip: '06700',
    destination_zip: '97000',
    parcels: [{ length_cm: 30, width_cm: 20, height_cm: 15, weight_kg: 2 }],
    rates: [FAST, CHEAP],
    unavailable: [
      {
        carrier_key: 'redpack',
        carrier_name: 'Redpack',
        reason_code: 'weight_limit',
        reason: 'El paquete excede el peso máximo del servicio.',
      },
    ],
    created_at: '2026-03-02T16:00:00.000Z',
    expires_at: '2026-03-02T17:00:00.000Z',
    ...overrides,
  };
}

/** What `GET /postal-codes/:zip` answers for the destination and the origin of these tests. */
export const MERIDA_ZIP = {
  zip: '97000',
  state: 'Yucatán',
  state_code: '31',
  municipality: 'Mérida',
  city: 'Mérida',
  neighborhoods: [{ name: 'Centro', type: 'Colonia', zone: 'Urbano' }],
};
export const ROMA_NORTE_ZIP = {
  zip: '06700',
  state: 'Ciudad de México',
  state_code: '09',
  municipality: 'Cuauhtémoc',
  city: 'Ciudad de México',
  neighborhoods: [{ name: 'Roma Norte', type: 'Colonia', zone: 'Urbano' }],
};

export const LOCATION: LocationView = {
  id: LOCATION_ID,
  alias: 'Bodega Roma',
  company: 'Comercial Jade',
  contact_name: 'Ana López',
  contact_email: 'ana@example.mx',
  contact_phone: '5512345678',
  street: 'Colima',
  external_number: '120',
  internal_number: null,
  reference: null,
  neighborhood: 'Roma Norte',
  city: 'Ciudad de México',
  municipality: 'Cuauhtémoc',
  state: 'Ciudad de México',
  zip: '06700',
  country: 'MX',
  is_default: true,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
};

const ADDRESS = {
  id: ADDRESS_ID,
  alias: 'Casa',
  company: null,
  contact_name: 'Luis Pérez',
  contact_email: 'luis@example.mx',
  contact_phone: '9991234567',
  street: 'Calle 60',
  external_number: '500',
  internal_number: null,
  reference: null,
  neighborhood: 'Centro',
  city: 'Mérida',
  municipality: 'Mérida',
  state: 'Yucatán',
  zip: '97000',
  country: 'MX',
  is_default: true,
};

export const CUSTOMER: CustomerView = {
  id: CUSTOMER_ID,
  name: 'Luis',
  last_name: 'Pérez',
  company: null,
  email: 'luis@example.mx',
  phone: '9991234567',
  tax_id: null,
  is_favorite: false,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
  addresses: [ADDRESS],
};

export const CUSTOMER_ROW: CustomerListItem = {
  ...CUSTOMER,
  default_address: ADDRESS,
  address_count: 1,
};

/**
 * The guide the wizard buys, as `POST /shipments` answers it: the follow-up tests' detail, bought
 * from this file's origin for its customer, with a pickup.
 */
export const makeShipment = (overrides: Partial<ShipmentDetail> = {}): ShipmentDetail =>
  makeDetail({
    id: SHIPMENT_ID,
    tracking_number: '8055123456789012',
    location_id: LOCATION_ID,
    customer_id: CUSTOMER_ID,
    pickup: {
      confirmation_number: 'EST-PU-1234',
      date: '2026-03-03',
      start: '09:00',
      end: '13:00',
    },
    tracking_url: null,
    ...overrides,
  });
