import type {
  DutyRateView,
  ExchangeRateView,
  LocationView,
  RateView,
  T1LineRefusal,
  T1QuoteView,
} from '@despacho/domain';
import { json } from '../../test/fixtures';

export const LOCATION_ID = '3f0c1a52-6a0e-4e55-9a7d-2b1c3d4e5f60';
export const PRODUCT_ID = '7b1e2c3d-4f50-4a6b-8c7d-9e0f1a2b3c4d';
export const QUOTE_ID = '0a9b8c7d-6e5f-4a3b-9c1d-2e3f4a5b6c7d';
export const SHIPMENT_ID = '5c4b3a29-1807-4f6e-8d5c-4b3a29180706';
export const RATE_ID = '6d5c4b3a-2918-4706-9e5d-4c3b2a190817';

export const page = (data: unknown[]) =>
  json(200, { data, meta: { page: 1, pageSize: 20, total: data.length } });

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

export const PRODUCT_ITEM = {
  id: PRODUCT_ID,
  name: 'Rebozo de seda',
  status: 'ACTIVE',
  tariff_status: 'CLASSIFIED',
  vendor: null,
  tags: [],
  variants_count: 1,
  price_min: 125_000,
  price_max: 125_000,
  sku: 'REB-01',
  stock: null,
  thumbnail_url: null,
  updated_at: '2026-03-01T12:00:00.000Z',
};

/** The parts of the product's page the wizard reads: its tariff code and origin. */
export const PRODUCT_DETAIL = {
  ...PRODUCT_ITEM,
  tariff_code: '5007200100',
  origin_country: 'MEX',
  manufacture_country: 'MEX',
};

const rate = (overrides: Partial<RateView>): RateView => ({
  id: 'dhl_express:worldwide',
  carrier_key: 'dhl_express',
  carrier_name: 'DHL Express',
  service_key: 'worldwide',
  service_name: 'Worldwide',
  service_kind: 'express',
  sandbox: true,
  zone: 3,
  billable_weight_kg: 2,
  base: 80_000,
  fuel_surcharge: 10_000,
  extended_zone_surcharge: 0,
  extended_zone: false,
  subtotal: 90_000,
  vat: 14_400,
  total: 104_400,
  transit_days: { min: 2, max: 3 },
  estimated_delivery: '2026-03-05',
  cheapest: false,
  fastest: true,
  ...overrides,
});

export const DHL = rate({});
export const FEDEX = rate({
  id: 'fedex:international_economy',
  carrier_key: 'fedex',
  carrier_name: 'FedEx',
  service_key: 'international_economy',
  service_name: 'International Economy',
  service_kind: 'economy',
  subtotal: 70_000,
  vat: 11_200,
  total: 81_200,
  transit_days: { min: 4, max: 6 },
  cheapest: true,
  fastest: false,
});

const ABROAD = {
  country: 'US',
  postal_code: '78701',
  city: 'Austin',
  state: 'TX',
  line1: '100 Congress Ave',
  line2: null,
  contact_name: 'Jane Doe',
  company: null,
  email: 'jane@example.com',
  phone: '+1 512 555 0100',
};

export const QUOTE: T1QuoteView = {
  id: QUOTE_ID,
  direction: 'export',
  location_id: LOCATION_ID,
  abroad: ABROAD,
  currency: 'USD',
  lines: [
    {
      product: { id: PRODUCT_ID, name: 'Rebozo de seda', sku: 'REB-01' },
      description: 'Silk shawl',
      tariff_code: '5007200100',
      fraction: '50072001',
      nico: '00',
      tariff_description: 'Tejidos de seda',
      quantity: 2,
      unit_value: 6_000,
      subtotal: 12_000,
      origin_country: 'MEX',
    },
  ],
  invoice_total_cents: 12_000,
  incoterm: 'DAP',
  reason: 'sale',
  reason_detail: null,
  recipient_tax_id: null,
  reference: null,
  parcels: [{ length_cm: 30, width_cm: 20, height_cm: 10, weight_kg: 1.5 }],
  rates: [DHL, FEDEX],
  unavailable: [],
  duties: {
    day: '2026-03-02',
    payer: 'recipient',
    invoice_total_cents: 12_000,
    currency: 'USD',
    value_usd_cents: 12_000,
    exchange_rate: {
      id: 'b1c2d3e4-f5a6-4b7c-8d9e-0f1a2b3c4d5e',
      usd_mxn: '18.2500',
      effective_from: '2026-03-01',
      source: 'DOF',
    },
    band: {
      id: 'c2d3e4f5-a6b7-4c8d-9e0f-1a2b3c4d5e6f',
      label: 'T-MEC 50.01–117 USD',
      country: 'US',
      min_value_usd_cents: 5_001,
      max_value_usd_cents: 11_700,
      rate_basis_points: 1_700,
      rate_percent: '17',
      effective_from: '2026-01-01',
      effective_to: null,
      source: 'RGCE 3.7.35',
    },
    duties_usd_cents: 2_040,
    duties_mxn_centavos: 37_230,
    note: 'Estimación: la paquetería cobra los impuestos a quien recibe.',
  },
  shipment_id: null,
  created_at: '2026-03-02T16:00:00.000Z',
  expires_at: '2026-03-02T17:00:00.000Z',
};

export const RESTRICTED: T1LineRefusal = {
  index: 0,
  tariff_code: '5007200100',
  reason: 'restricted',
  restrictions: [
    {
      authority: 'SE',
      kind: 'nom',
      code: 'NOM-004-SE-2021',
      description: 'Etiquetado de productos textiles',
    },
  ],
  message: 'La fracción 5007.20.01 pide NOM-004-SE-2021: no puede ir por mensajería.',
};

export const DUTY_RATE: DutyRateView = {
  ...QUOTE.duties.band!,
  direction: 'import',
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
};

export const EXCHANGE_RATE: ExchangeRateView = {
  ...QUOTE.duties.exchange_rate,
  created_at: '2026-03-01T00:00:00.000Z',
  updated_at: '2026-03-01T00:00:00.000Z',
};
