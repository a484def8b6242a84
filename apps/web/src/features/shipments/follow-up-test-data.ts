import type { PickupView, PublicTracking, ShipmentDetail, ShipmentSummary } from '@despacho/domain';
import { json } from '../../test/fixtures';

/** Fixtures of the shipments list, guide detail, pickup and public tracking tests. */

export const GUIDE_ID = '1b2c3d4e-5f60-4a7b-8c9d-0e1f2a3b4c5d';
export const OTHER_GUIDE_ID = '2c3d4e5f-6071-4b8c-9d0e-1f2a3b4c5d6e';
export const FAILED_ID = '3d4e5f60-7182-4c9d-8e1f-2a3b4c5d6e7f';
export const ORIGIN_ID = '4e5f6071-8293-4dae-9f20-3b4c5d6e7f80';
export const OTHER_ORIGIN_ID = '5f607182-93a4-4ebf-8031-4c5d6e7f8091';

export function makeSummary(overrides: Partial<ShipmentSummary> = {}): ShipmentSummary {
  return {
    id: GUIDE_ID,
    tracking_number: '8055241528464720099314',
    carrier_key: 'estafeta',
    carrier_name: 'Estafeta',
    service_name: 'Terrestre',
    cost: 19_140,
    dimensions: '30 × 20 × 15 cm',
    package_count: 1,
    billable_weight_kg: 2,
    insured: false,
    declared_value: null,
    status: 'created',
    purchase_state: 'purchased',
    location_id: ORIGIN_ID,
    origin_name: 'Bodega Centro',
    origin_zip: '06700',
    destination_name: 'Lucía Hernández',
    destination_zip: '64000',
    pickup: null,
    cancellation_requested_at: null,
    // 10:15 on March 2nd in Mexico City.
    created_at: '2026-03-02T16:15:00.000Z',
    ...overrides,
  };
}

export function makeDetail(overrides: Partial<ShipmentDetail> = {}): ShipmentDetail {
  return {
    ...makeSummary(),
    service_key: 'terrestre',
    quote_status: 'completed',
    carrier_status: 'CREATED',
    sandbox: true,
    rate: {
      zone: 5,
      transit_days: { min: 3, max: 5 },
      estimated_delivery: '2026-03-09',
      extended_zone: false,
    },
    reference: 'PED-1001',
    origin: {
      contact_name: 'Ana López',
      company: 'Comercial Jade',
      email: 'ana@jade.mx',
      phone: '5512345678',
      street: 'Av. Cuauhtémoc',
      external_number: '120',
      internal_number: null,
      reference: null,
      neighborhood: 'Roma Norte',
      city: 'Ciudad de México',
      municipality: 'Cuauhtémoc',
      state: 'Ciudad de México',
      zip: '06700',
      country: 'MX',
    },
    destination: {
      contact_name: 'Lucía Hernández',
      company: null,
      email: null,
      phone: '8112345678',
      street: 'Calle Morelos',
      external_number: '45',
      internal_number: 'B',
      reference: 'Portón verde',
      neighborhood: 'Centro',
      city: 'Monterrey',
      municipality: 'Monterrey',
      state: 'Nuevo León',
      zip: '64000',
      country: 'MX',
    },
    customer_id: null,
    packages: [
      {
        name: 'Caja mediana',
        length_cm: 30,
        width_cm: 20,
        height_cm: 15,
        weight_kg: 1.5,
        products: [
          {
            description: 'Taza de cerámica',
            quantity: 4,
            sat_product_code: '52151600',
            sat_unit_code: 'H87',
            unit_value: 12_500,
          },
        ],
      },
    ],
    charges: {
      carrier: 16_500,
      insurance_premium: 0,
      vat: 2_640,
      total: 19_140,
      deductible: null,
      refunded: 0,
    },
    failure_reason: null,
    events: [
      {
        status: 'CREATED',
        code: 'label_created',
        description: 'Guía creada',
        location: 'Ciudad de México',
        occurred_at: '2026-03-02T16:15:00.000Z',
      },
      {
        status: 'IN_TRANSIT',
        code: 'delayed_weather',
        description: 'Retraso por condiciones climáticas',
        location: 'Querétaro',
        occurred_at: '2026-03-03T20:00:00.000Z',
      },
      {
        status: 'IN_TRANSIT',
        code: 'picked_up',
        description: 'Paquete recolectado',
        location: 'Ciudad de México',
        occurred_at: '2026-03-02T22:40:00.000Z',
      },
    ],
    cancellable_until: '2026-03-05T17:15:00.000Z',
    cancellation_refusal: null,
    cancelled_at: null,
    refund_due_by: null,
    tracking_url: 'https://app.despacho.test/t/8055241528464720099314',
    ...overrides,
  };
}

export function makePickup(overrides: Partial<PickupView> = {}): PickupView {
  return {
    id: '6a718293-a4b5-4cd6-8e7f-5d6e7f8091a2',
    confirmation_number: 'EST-PU-4821',
    carrier_key: 'estafeta',
    carrier_name: 'Estafeta',
    location_id: ORIGIN_ID,
    location_alias: 'Bodega Centro',
    date: '2026-03-04',
    start: '09:00',
    end: '13:00',
    status: 'requested',
    package_count: 2,
    weight_kg: 3.5,
    tracking_numbers: ['8055241528464720099314'],
    changeable: true,
    rescheduled_at: null,
    cancelled_at: null,
    created_at: '2026-03-03T15:00:00.000Z',
    ...overrides,
  };
}

export function makeTracking(overrides: Partial<PublicTracking> = {}): PublicTracking {
  const detail = makeDetail();
  return {
    tracking_number: detail.tracking_number!,
    carrier_name: 'Estafeta',
    service_name: 'Terrestre',
    status: 'delayed',
    origin_city: 'Ciudad de México',
    destination_city: 'Monterrey',
    estimated_delivery: '2026-03-09',
    events: detail.events,
    merchant: { name: 'Tienda Jade', logo_url: null },
    carrier_tracking_url: null,
    ...overrides,
  };
}

export const page = <T>(rows: T[], total = rows.length, pageSize = 20) =>
  json(200, { data: rows, meta: { page: 1, pageSize, total } });

export const apiError = (status: number, code: string, message: string) =>
  json(status, { error: { code, message } });
