import type {
  ApiKeyView,
  WebhookDeliveryView,
  WebhookEndpointView,
  WebhookEventType,
} from '@despacho/domain';
import { json } from '../../test/fixtures';

/** A live key for the ERP, used an hour ago: override what a test is about. */
export function apiKey(overrides: Partial<ApiKeyView> = {}): ApiKeyView {
  return {
    id: '3f0c7a52-6b1e-4d3a-9c2b-5e4f6a7b8c91',
    name: 'ERP',
    prefix: 'dsp_live_AbCdEf',
    mode: 'live',
    scopes: [
      { permission: 'shipments.quick_quote', access: 'write' },
      { permission: 'shipments.create_shipment', access: 'write' },
      { permission: 'shipments.pickup', access: 'write' },
      { permission: 'ecommerce.orders', access: 'read' },
    ],
    status: 'active',
    expires_at: null,
    allowed_ips: [],
    last_used_at: '2026-11-28T18:30:00.000Z',
    last_used_ip: '203.0.113.7',
    created_by: { id: '7c1f3f0e-2f1e-4b36-9d8a-4b3e6c3a9e11', name: 'Ana López' },
    created_at: '2026-11-01T16:00:00.000Z',
    revoked_at: null,
    rotated_at: null,
    previous_secret_valid_until: null,
    ...overrides,
  };
}

export const SECRET = 'dsp_test_AbCdEfGhIjKlMnOpQrStUvWxYz01233jZRME';
export const WHSEC = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';

export function endpoint(overrides: Partial<WebhookEndpointView> = {}): WebhookEndpointView {
  return {
    id: '5b2d9c40-1a7e-4f3b-8e6d-2c9a0b1d3e4f',
    url: 'https://erp.example.mx/hooks/despacho',
    description: 'ERP',
    events: ['shipment.created', 'shipment.cancelled'],
    enabled: true,
    disabled_reason: null,
    previous_secret_expires_at: null,
    failing_since: null,
    consecutive_failed_events: 0,
    created_at: '2026-11-20T16:00:00.000Z',
    updated_at: '2026-11-20T16:00:00.000Z',
    ...overrides,
  };
}

/** A label's event, refused once (a 500 after 120 ms) then taken. */
export function delivery(overrides: Partial<WebhookDeliveryView> = {}): WebhookDeliveryView {
  return {
    id: '9e8d7c6b-5a4f-4e3d-8c2b-1a0f9e8d7c6b',
    event_id: 'msg_2Kq7dYb8sV1',
    event_type: 'shipment.created',
    status: 'succeeded',
    next_attempt_at: null,
    created_at: '2026-11-28T18:00:00.000Z',
    attempts: [
      {
        number: 1,
        at: '2026-11-28T18:00:00.000Z',
        status_code: 500,
        latency_ms: 120,
        response_excerpt: 'Internal Server Error',
        succeeded: false,
      },
      {
        number: 2,
        at: '2026-11-28T18:00:05.000Z',
        status_code: 200,
        latency_ms: 48,
        response_excerpt: '{"ok":true}',
        succeeded: true,
      },
    ],
    ...overrides,
  };
}

export const CATALOGUE: { type: WebhookEventType; schema: Record<string, unknown> }[] = (
  [
    'shipment.created',
    'shipment.tracking_updated',
    'shipment.cancelled',
    'deposit.credited',
    'order.synced',
  ] as const
).map((type) => ({ type, schema: {} }));

export const page = <T>(rows: T[]) =>
  json(200, { data: rows, meta: { page: 1, pageSize: 20, total: rows.length } });
