import type {
  BulkLabelsView,
  OrderDetail,
  OrderFulfillmentView,
  QuoteView,
  RateView,
} from '@despacho/domain';
import { json } from '../../test/fixtures';

/** One synced Shopify order of the tests: a linked line, an unlinked one and a guide. */
export const ORDER_ID = '1a0b2a4e-5c6d-4e7f-8a9b-0c1d2e3f4a51';
export const MUG_LINE = '2a0b2a4e-5c6d-4e7f-8a9b-0c1d2e3f4a52';
export const CAP_LINE = '3a0b2a4e-5c6d-4e7f-8a9b-0c1d2e3f4a53';
export const FULFILMENT_ID = '4a0b2a4e-5c6d-4e7f-8a9b-0c1d2e3f4a54';
export const LOCATION_ID = '5a0b2a4e-5c6d-4e7f-8a9b-0c1d2e3f4a55';
export const CAP_VARIANT = '6a0b2a4e-5c6d-4e7f-8a9b-0c1d2e3f4a56';
export const QUOTE_ID = '7a0b2a4e-5c6d-4e7f-8a9b-0c1d2e3f4a57';

export const DEL_VALLE = {
  zip: '03100',
  state: 'Ciudad de México',
  state_code: '09',
  municipality: 'Benito Juárez',
  city: 'Ciudad de México',
  neighborhoods: [{ name: 'Del Valle Centro', type: 'Colonia', zone: 'Urbano' }],
};

export const FULFILMENT: OrderFulfillmentView = {
  id: FULFILMENT_ID,
  created_at: '2026-11-20T17:00:00.000Z',
  state: 'bought',
  shipment_id: '8a0b2a4e-5c6d-4e7f-8a9b-0c1d2e3f4a58',
  tracking_number: 'DHL123456',
  carrier: 'DHL',
  service: 'Express',
  total: 18_900,
  lines: [{ line_id: MUG_LINE, quantity: 1 }],
  push: {
    state: 'failed',
    attempts: 3,
    last_error: 'store_unavailable',
    pushed_at: null,
    next_attempt_at: '2026-11-20T18:00:00.000Z',
  },
  error: null,
};

export function makeOrder(overrides: Partial<OrderDetail> = {}): OrderDetail {
  return {
    id: ORDER_ID,
    number: '#1001',
    source: 'shopify',
    store: { id: '9a0b2a4e-5c6d-4e7f-8a9b-0c1d2e3f4a59', name: 'Tienda Sol', platform: 'shopify' },
    placed_at: '2026-11-20T16:00:00.000Z',
    customer_name: 'Laura Garza',
    items: 4,
    total: 59_700,
    currency: 'MXN',
    payment_state: 'paid',
    fulfillment_state: 'partial',
    status: 'open',
    tags: ['vip'],
    flags: ['unmapped_lines', 'address_doubtful'],
    external_id: 'gid://shopify/Order/1001',
    customer: { id: null, name: 'Laura Garza', email: 'laura@sol.mx', phone: '5512345678' },
    shipping_address: {
      street: 'Av. Insurgentes Sur',
      external_number: '1602',
      internal_number: null,
      reference: null,
      neighborhood: 'Del Valle Centro',
      city: 'Ciudad de México',
      municipality: 'Benito Juárez',
      state: 'Jalisco',
      zip: '03100',
      country: 'MX',
      contact_name: 'Laura Garza',
      company: null,
      email: 'laura@sol.mx',
      phone: '5512345678',
    },
    address_issues: ['state_mismatch'],
    location_id: LOCATION_ID,
    shipping_price: 9_900,
    note: null,
    lines: [
      {
        id: MUG_LINE,
        sku: 'TAZ-01',
        title: 'Taza',
        variant_id: 'aa0b2a4e-5c6d-4e7f-8a9b-0c1d2e3f4a5a',
        product_id: 'ba0b2a4e-5c6d-4e7f-8a9b-0c1d2e3f4a5b',
        quantity: 3,
        fulfilled_quantity: 1,
        remaining_quantity: 2,
        unit_price: 12_900,
        reserved_quantity: 2,
      },
      {
        id: CAP_LINE,
        sku: 'GOR-9',
        title: 'Gorra',
        variant_id: null,
        product_id: null,
        quantity: 1,
        fulfilled_quantity: 0,
        remaining_quantity: 1,
        unit_price: 11_100,
        reserved_quantity: 0,
      },
    ],
    fulfillments: [FULFILMENT],
    history: [
      {
        at: '2026-11-20T18:00:00.000Z',
        code: 'order_push',
        values: { result: 'store_unavailable', attempt: 3 },
      },
      { at: '2026-11-20T16:00:00.000Z', code: 'order_synced', values: { store: 'Tienda Sol' } },
    ],
    can_cancel_at_store: true,
    address_editable: true,
    ...overrides,
  };
}

export const RATE: RateView = {
  id: 'dhl_express:express',
  carrier_key: 'dhl_express',
  carrier_name: 'DHL Express',
  service_key: 'express',
  service_name: 'Express',
  service_kind: 'express',
  sandbox: true,
  zone: 2,
  billable_weight_kg: 2,
  base: 15_000,
  fuel_surcharge: 1_000,
  extended_zone_surcharge: 0,
  extended_zone: false,
  subtotal: 16_000,
  vat: 2_560,
  total: 18_560,
  transit_days: { min: 1, max: 1 },
  estimated_delivery: '2026-11-22',
  cheapest: true,
  fastest: true,
};

export const QUOTE: QuoteView = {
  id: QUOTE_ID,
  status: 'quote',
  origin_zip: '64000',
  destination_zip: '03100',
  parcels: [],
  rates: [RATE],
  unavailable: [],
  created_at: '2026-11-20T17:00:00.000Z',
  expires_at: '2026-11-21T17:00:00.000Z',
};

export const page = <T>(data: T[]) =>
  json(200, { data, meta: { page: 1, pageSize: 100, total: data.length } });

const ADDRESS = {
  street: 'Av. Insurgentes Sur',
  external_number: '1602',
  internal_number: null,
  reference: null,
  neighborhood: 'Del Valle Centro',
  city: 'Ciudad de México',
  municipality: 'Benito Juárez',
  state: 'Ciudad de México',
  zip: '03100',
  country: 'MX',
};

/** The stock location (an address-book location that keeps inventory). */
export const WAREHOUSE = {
  ...ADDRESS,
  id: LOCATION_ID,
  alias: 'Bodega Centro',
  company: null,
  contact_name: 'Ana López',
  contact_email: 'ana@example.mx',
  contact_phone: '5511112222',
  is_default: true,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
};

export const CUSTOMER = {
  id: 'da0b2a4e-5c6d-4e7f-8a9b-0c1d2e3f4a5d',
  name: 'Laura',
  last_name: 'Garza',
  company: null,
  email: 'laura@sol.mx',
  phone: '5512345678',
  is_favorite: false,
  created_at: '2026-03-02T16:00:00.000Z',
  default_address: {
    ...ADDRESS,
    id: 'ea0b2a4e-5c6d-4e7f-8a9b-0c1d2e3f4a5e',
    alias: 'Casa',
    company: null,
    contact_name: 'Laura Garza',
    contact_email: null,
    contact_phone: '5512345678',
    is_default: true,
  },
  address_count: 1,
};

export const MUG_PICK = {
  id: 'aa0b2a4e-5c6d-4e7f-8a9b-0c1d2e3f4a5a',
  product_id: 'ba0b2a4e-5c6d-4e7f-8a9b-0c1d2e3f4a5b',
  product_name: 'Taza',
  title: null,
  sku: 'TAZ-01',
  barcode: null,
  price: 12_900,
  sat_product_code: null,
  sat_unit_code: null,
  unit: 'cm_kg',
  weight: 0.4,
  length: 10,
  width: 10,
  height: 12,
  thumbnail_url: null,
  available: 3,
};

/** A bulk run just started, as the server answers it. */
export const BULK_RUN: BulkLabelsView = {
  id: '9d1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f',
  state: 'running',
  created_at: '2026-11-20T17:00:00.000Z',
  finished_at: null,
  total: 2,
  bought: 0,
  failed: 0,
  charged: 0,
  items: [],
  labels_ready: false,
};
