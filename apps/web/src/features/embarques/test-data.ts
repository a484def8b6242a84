import type { EmbarqueEvent, StaffEmbarque } from '@despacho/domain';
import { json } from '../../test/fixtures';

/** Embarques as the API answers them, for this feature's screens' tests. */

export const EMBARQUE_ID = '6a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';
export const ADVANCE_ID = '7b1c2d3e-4f5a-4b6c-8d7e-0f1a2b3c4d5e';
const ORGANIZATION = { id: '8c1d2e3f-4a5b-4c6d-8e7f-1a2b3c4d5e6f', name: 'Comercio Demo' };

export const page = (data: unknown[]) =>
  json(200, { data, meta: { page: 1, pageSize: 20, total: data.length } });

let eventNumber = 0;
export function event(
  kind: EmbarqueEvent['kind'],
  at: string,
  params: EmbarqueEvent['params'] = {},
): EmbarqueEvent {
  eventNumber += 1;
  return {
    id: `9d1e2f3a-4b5c-4d6e-8f7a-${String(eventNumber).padStart(12, '0')}`,
    kind,
    params,
    note: null,
    actor: { kind: 'staff', name: 'Staff' },
    at,
  };
}

const ACCOUNT = {
  pending_centavos: 1_500_000,
  advance_paid_centavos: 0,
  refunded_centavos: 0,
  service_paid_centavos: 0,
  uninvoiced_centavos: 0,
  expenses_centavos: 0,
  customs_expenses_centavos: 0,
  balance_centavos: 0,
  customs_covered: false,
};

/** An import by sea at customs with its pedimento, an advance of 15,000.00 MXN waiting. */
export function embarque(overrides: Partial<StaffEmbarque> = {}): StaffEmbarque {
  return {
    id: EMBARQUE_ID,
    number: 7,
    reference: 'EMB-000007',
    direction: 'import',
    mode: 'sea',
    incoterm: 'FOB',
    supplier: { name: 'Shenzhen Ceramics Co.', country: 'CHN' },
    origin: { country: 'CHN', place: 'Shenzhen' },
    destination: { country: 'MEX', place: 'Manzanillo' },
    customer_reference: 'OC-2026-114',
    step: 'customs',
    money_state: 'payment_requested',
    pedimento: { number: '264730126001234', formatted: '26  47  3012  6001234' },
    semaforo: null,
    balance_centavos: 0,
    pending_centavos: 1_500_000,
    created_at: '2026-11-20T16:00:00.000Z',
    updated_at: '2026-11-25T18:00:00.000Z',
    notes: null,
    lines: [
      {
        id: '1e1f2a3b-4c5d-4e6f-8a7b-2c3d4e5f6a7b',
        product: {
          id: '2f1a2b3c-4d5e-4f6a-8b7c-3d4e5f6a7b8c',
          name: 'Taza de Talavera',
          sku: 'TZ-01',
        },
        code: '6912000100',
        fraction: '69120001',
        nico: '00',
        tariff_description: 'Vajilla y artículos de cocina de cerámica',
        customs_unit: { code: '01', name: 'Kilogramo' },
        commercial_quantity: 500,
        commercial_unit: 'pieza',
        customs_quantity: 210.5,
        value_cents: 125_000,
        currency: 'USD',
        origin_country: 'CHN',
        validated_on: '2026-11-20',
      },
    ],
    documents: [],
    payment_requests: [
      {
        id: ADVANCE_ID,
        kind: 'advance',
        concept: 'Anticipo de impuestos',
        amount_centavos: 1_500_000,
        status: 'pending',
        refunded_centavos: 0,
        invoice_id: null,
        requested_at: '2026-11-24T17:00:00.000Z',
        paid_at: null,
      },
    ],
    expenses: [],
    supplier_payments: [],
    invoices: [],
    account: ACCOUNT,
    // Out of order on purpose: the screen orders them.
    timeline: [
      event('payment_requested', '2026-11-24T17:00:00.000Z', {
        kind: 'advance',
        concept: 'Anticipo de impuestos',
        amount_centavos: 1_500_000,
      }),
      event('created', '2026-11-20T16:00:00.000Z'),
      event('pedimento_recorded', '2026-11-25T18:00:00.000Z', {
        number: '26  47  3012  6001234',
      }),
      event('step', '2026-11-22T15:00:00.000Z', { from: 'origin', to: 'customs' }),
      event('document_added', '2026-11-21T15:00:00.000Z', {
        kind: 'commercial_invoice',
        name: 'factura.pdf',
      }),
    ],
    next_steps: [
      { step: 'previous', blocked_by: [] },
      { step: 'dispatch', blocked_by: ['customs_covered'] },
      { step: 'cancelled', blocked_by: [] },
    ],
    organization: ORGANIZATION,
    ...overrides,
  };
}

export const balance = (available: number) => () =>
  json(200, { data: { available_centavos: available, on_hold_centavos: 0, currency: 'MXN' } });
