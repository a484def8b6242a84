import type { RouteAccess } from '@despacho/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  fillPath,
  loadOperations,
  pathParameters,
  routeUrl,
  type Operation,
} from '../test/openapi';
import {
  createTenantRecords,
  customerBody,
  packageBody,
  snapshotOrganization,
  vendorBody,
  type TenantRecords,
} from '../test/tenant-records';
import { originLocation } from './modules/shipments/guides.test-support';
import { productBody } from './modules/products/products.test-support';
import { createTestApp } from '../test/test-app';
import { createTestMerchant, createTestUser, type TestUser } from '../test/users';

/**
 * Organization A's real id for each path parameter, by the path up to that parameter. A route
 * with a path parameter that is in none of these lists fails the walk: a new domain must say
 * whose ids it takes.
 */
const IDS_OF_A: Record<string, (a: TenantRecords) => string> = {
  '/api/v1/users/{id}': (a) => a.userId,
  '/api/v1/user/verify-code/{userId}': (a) => a.userId,
  '/api/v1/users/invitations/{id}': (a) => a.invitationId,
  '/api/v1/users/update/{id}': (a) => a.userId,
  '/api/v1/user/{id}': (a) => a.userId,
  '/api/v1/notifications/{id}': (a) => a.notificationId,
  '/api/v1/staff/notifications/{id}': (a) => a.notificationId,
  '/api/v1/staff/conversations/{id}': (a) => a.conversationId,
  '/api/v1/support/tickets/{id}': (a) => a.ticketId,
  '/api/v1/support/tickets/{id}/messages/{messageId}': (a) => a.ticketMessageId,
  '/api/v1/support/tickets/{id}/attachments/{attachmentId}': (a) => a.ticketAttachmentId,
  '/api/v1/staff/tickets/{id}': (a) => a.ticketId,
  '/api/v1/tariff-classifications/{id}': (a) => a.classificationRequestId,
  '/api/v1/tariff-classifications/{id}/items/{itemId}': (a) => a.classificationItemId,
  '/api/v1/staff/classification/{id}': (a) => a.classificationItemId,
  '/api/v1/staff/classification/{id}/images/{imageId}': (a) => a.productImageId,
  '/api/v1/embarques/{id}': (a) => a.embarqueId,
  '/api/v1/embarques/{id}/documents/{documentId}': (a) => a.embarqueDocumentId,
  '/api/v1/embarques/{id}/invoices/{invoiceId}': (a) => a.invoiceId,
  '/api/v1/embarques/{id}/payment-requests/{paymentId}': (a) => a.embarquePaymentRequestId,
  '/api/v1/staff/embarques/{id}': (a) => a.embarqueId,
  '/api/v1/staff/embarques/{id}/documents/{documentId}': (a) => a.embarqueDocumentId,
  '/api/v1/staff/embarques/{id}/payment-requests/{paymentId}': (a) => a.embarquePaymentRequestId,
  '/api/v1/staff/embarques/organizations/{organizationId}': (a) => a.organizationId,
  '/api/v1/staff/tickets/{id}/messages/{messageId}': (a) => a.ticketMessageId,
  '/api/v1/staff/tickets/{id}/attachments/{attachmentId}': (a) => a.ticketAttachmentId,
  '/api/v1/staff/verifications/{organizationId}': (a) => a.organizationId,
  '/api/v1/packages/{id}': (a) => a.packageId,
  '/api/v1/locations/{id}': (a) => a.locationId,
  '/api/v1/deposits/{id}': (a) => a.depositId,
  '/api/v1/staff/deposits/{id}': (a) => a.pendingDepositId,
  '/api/v1/staff/bank-transfers/{id}': (a) => a.bankTransferId,
  '/api/v1/invoices/{id}': (a) => a.invoiceId,
  '/api/v1/staff/invoices/{id}': (a) => a.invoiceId,
  '/api/v1/customers/{id}': (a) => a.customerId,
  '/api/v1/customers/{id}/addresses/{addressId}': (a) => a.addressId,
  '/api/v1/vendors/{id}': (a) => a.vendorId,
  '/api/v1/developers/api-keys/{id}': (a) => a.apiKeyId,
  '/api/v1/webhook-endpoints/{id}': (a) => a.webhookEndpointId,
  '/api/v1/webhook-endpoints/{id}/deliveries/{deliveryId}': (a) => a.webhookDeliveryId,
  '/api/v1/collections/{id}': (a) => a.collectionId,
  '/api/v1/quotes/{id}': (a) => a.quoteId,
  '/api/v1/shipments/{id}': (a) => a.shipmentId,
  '/api/v1/pickups/{id}': (a) => a.pickupId,
  '/api/v1/tracking/{trackingNumber}': (a) => a.trackingNumber,
  '/api/v1/logos/{fileId}': (a) => a.logoFileId,
  '/api/v1/product-imports/{id}': (a) => a.productImportId,
  '/api/v1/products/{id}': (a) => a.productId,
  '/api/v1/product-images/{imageId}': (a) => a.productImageId,
  '/api/v1/product-datasheets/{fileId}': (a) => a.productDatasheetId,
  '/api/v1/inventory/locations/{locationId}': (a) => a.locationId,
  '/api/v1/inventory/variants/{variantId}': (a) => a.variantId,
  '/api/v1/entries/{id}': (a) => a.entryId,
  '/api/v1/entries/{id}/incidents/{incidentId}': (a) => a.entryIncidentId,
  '/api/v1/entries/{id}/photos/{photoId}': (a) => a.entryPhotoId,
  '/api/v1/staff/receiving/{id}': (a) => a.entryId,
  '/api/v1/staff/receiving/{id}/incidents/{incidentId}': (a) => a.entryIncidentId,
  '/api/v1/staff/receiving/{id}/photos/{photoId}': (a) => a.entryPhotoId,
  '/api/v1/exits/{id}': (a) => a.exitId,
  '/api/v1/staff/exits/{id}': (a) => a.exitId,
  '/api/v1/stores/{id}': (a) => a.storeId,
  '/api/v1/stores/customer-data/{fileId}': (a) => a.storeCustomerDataFileId,
  '/api/v1/webhooks/stores/woocommerce/{id}': (a) => a.storeId,
  '/api/v1/orders/{id}': (a) => a.orderId,
  '/api/v1/orders/{id}/lines/{lineId}': (a) => a.orderLineId,
  '/api/v1/orders/{id}/fulfillments/{fulfillmentId}': (a) => a.fulfillmentId,
  '/api/v1/orders/bulk-labels/{id}': (a) => a.bulkLabelsId,
  '/api/v1/international-shipments/quotes/{id}': (a) => a.t1QuoteId,
  '/api/v1/international-shipments/{id}': (a) => a.t1ShipmentId,
  '/api/v1/staff/international/shipments/{id}': (a) => a.t1ShipmentId,
};

/**
 * Path parameters that name no organization's record — a catalogue key, a document kind, a
 * signed token — with the value used: the walk still calls them and checks nothing of A moves.
 */
const NOT_RECORDS: Record<string, string> = {
  '/api/v1/user/verify-code/{userId}/{code}': '123456',
  '/api/v1/wizard/{token}': 'not-a-signed-token',
  '/api/v1/notifications/notices/{key}': 'shop_policy_2025_06',
  '/api/v1/staff/verifications/{organizationId}/documents/{kind}': 'id',
  '/api/v1/verification/documents/{kind}': 'id',
  '/api/v1/postal-codes/{zip}': '06700',
  '/api/v1/sat-products/{code}': '24112700',
  '/api/v1/carriers/{key}': 'estafeta',
  '/api/v1/carriers/accounts/{key}': 'dhl_express',
  // A background job is the platform's, not an organization's (staff only).
  '/api/v1/staff/jobs/{id}': '00000000-0000-4000-8000-000000000000',
  '/api/v1/webhooks/carriers/{carrier}': 'estafeta',
  // A canned reply is the helpdesk's, not an organization's (staff only).
  '/api/v1/staff/canned-replies/{id}': '00000000-0000-4000-8000-000000000000',
  // A warehouse is the platform's, not an organization's (staff only).
  '/api/v1/staff/warehouses/{id}': '00000000-0000-4000-8000-000000000000',
  // News is the platform's, published by staff to every organization (staff only).
  '/api/v1/staff/news/{id}': '00000000-0000-4000-8000-000000000000',
  // The courier path's duty rates, exchange rates and restrictions are the platform's (staff only).
  '/api/v1/staff/international/duty-rates/{id}': '00000000-0000-4000-8000-000000000000',
  '/api/v1/staff/international/exchange-rates/{id}': '00000000-0000-4000-8000-000000000000',
  '/api/v1/staff/international/restrictions/{id}': '00000000-0000-4000-8000-000000000000',
};

/**
 * Public operations that take A's ids by design, and why another caller may reach them: they
 * must still change nothing of A.
 */
const PUBLIC_BY_DESIGN: Record<string, string> = {
  'PUT /api/v1/users/{id}': 'sign-up step keyed by the new user id, before any organization',
  'PATCH /api/v1/user/verify-code/{userId}/{code}': 'sign-up phone check, by the new user id',
  'GET /api/v1/tracking/{trackingNumber}': 'public tracking page, by the guide number',
  'GET /api/v1/logos/{fileId}': "the logo its public tracking page shows, by the file's random id",
  'POST /api/v1/webhooks/stores/woocommerce/{id}':
    "a WooCommerce site delivers to its store's URL; refused unless signed with that store's secret",
};

/** A body each write accepts in shape, so the answer is about the id, not the payload. */
const BODIES: Record<string, object> = {
  'PUT /api/v1/webhook-endpoints/{id}': {
    url: 'https://b.example/hooks',
    events: ['shipment.created'],
  },
  'PATCH /api/v1/webhook-endpoints/{id}/status': { enabled: false },
  'PUT /api/v1/users/update/{id}': {
    name: 'Ana',
    last_name: 'Prueba',
    role: 'member',
    permissions: ['dashboard'],
  },
  'PUT /api/v1/user/{id}/status': { status: 'inactive' },
  'POST /api/v1/support/tickets/{id}/messages': { body: 'Respuesta ajena' },
  'POST /api/v1/support/tickets/{id}/rating': { rating: 1 },
  'POST /api/v1/tariff-classifications/{id}/items/{itemId}/resubmit': {
    description: 'Cambiada',
    materials: 'Cambiada',
    use: 'Cambiada',
    origin_country: 'USA',
  },
  'PUT /api/v1/packages/{id}': { ...packageBody, name: 'Cambiada' },
  'PUT /api/v1/locations/{id}': originLocation({ alias: 'Cambiada' }),
  'PUT /api/v1/customers/{id}': { ...customerBody, name: 'Cambiado' },
  'PATCH /api/v1/customers/{id}/favorite': { is_favorite: true },
  'PUT /api/v1/vendors/{id}': { ...vendorBody, name: 'Cambiado' },
  'PATCH /api/v1/vendors/{id}/status': { status: 'disabled' },
  'PUT /api/v1/products/{id}': productBody({
    name: 'Cambiado',
    variants: [{ sku: 'CAMBIADO', price: '1' }],
  }),
  'PUT /api/v1/collections/{id}': { name: 'Cambiada' },
  'POST /api/v1/collections/{id}/products': {
    product_ids: ['00000000-0000-4000-8000-000000000000'],
  },
  'POST /api/v1/collections/{id}/products/remove': {
    product_ids: ['00000000-0000-4000-8000-000000000000'],
  },
  'PUT /api/v1/carriers/{key}': { enabled: false },
  'PUT /api/v1/carriers/accounts/{key}': { choice: 'platform' },
  'POST /api/v1/pickups/{id}/reschedule': { date: '2026-03-03', start: '09:00', end: '13:00' },
  'PUT /api/v1/inventory/locations/{locationId}': { keeps_stock: false },
  'POST /api/v1/entries/{id}/incidents/{incidentId}/answer': { answer: 'Cambiada' },
  'POST /api/v1/exits/{id}/process': {},
  'PATCH /api/v1/stores/{id}/status': { status: 'disabled' },
  'PUT /api/v1/orders/{id}/tags': { tags: ['cambiada'] },
  'PUT /api/v1/orders/{id}/address': {
    shipping_address: {
      contact_name: 'Cambiada',
      email: 'cambiada@prueba.mx',
      phone: '5511112222',
      street: 'Otra',
      external_number: '1',
      neighborhood: 'Centro',
      city: 'Monterrey',
      municipality: 'Monterrey',
      state: 'Nuevo León',
      zip: '64000',
    },
  },
  'PUT /api/v1/orders/{id}/lines/{lineId}/variant': {
    variant_id: '00000000-0000-4000-8000-000000000000',
  },
  'POST /api/v1/orders/{id}/cancel': { at_store: true },
  'POST /api/v1/orders/{id}/quote': {
    origin_id: '00000000-0000-4000-8000-000000000000',
    parcels: [{ length: 30, width: 20, height: 15, weight: 1 }],
    lines: [{ line_id: '00000000-0000-4000-8000-000000000000', quantity: 1 }],
  },
  'POST /api/v1/orders/{id}/fulfillments': {
    origin_id: '00000000-0000-4000-8000-000000000000',
    parcels: [{ length: 30, width: 20, height: 15, weight: 1 }],
    lines: [{ line_id: '00000000-0000-4000-8000-000000000000', quantity: 1 }],
    quote_id: '00000000-0000-4000-8000-000000000000',
    rate_id: 'estafeta:terrestre',
  },
};

/** The path up to and including one of its parameters: `/api/v1/customers/{id}`. */
const upTo = (operation: Operation, name: string) =>
  operation.path.slice(0, operation.path.indexOf(`{${name}}`) + name.length + 2);

/** Whether any path parameter of the operation takes one of A's records. */
const takesIdsOfA = (operation: Operation) =>
  pathParameters(operation).some(({ name }) => IDS_OF_A[upTo(operation, name)]);

/** The value of each path parameter, or the reason the walk cannot go on. */
function valuesFor(operation: Operation, a: TenantRecords): Record<string, string> | string {
  const values: Record<string, string> = {};
  for (const { name } of pathParameters(operation)) {
    const id = IDS_OF_A[upTo(operation, name)];
    const other = NOT_RECORDS[upTo(operation, name)];
    if (id) values[name] = id(a);
    else if (other) values[name] = other;
    else return `no id of organization A registered for ${upTo(operation, name)}`;
  }
  return values;
}

/** What B's owner must get: a status, or any answer but a 5xx; or why the walk cannot tell. */
function expectedFor(operation: Operation, access: RouteAccess | undefined) {
  const key = `${operation.method} ${operation.path}`;
  if (access === 'staff') return { status: 403 };
  if (!takesIdsOfA(operation)) return { status: null };
  if (access === 'public') {
    return PUBLIC_BY_DESIGN[key] ? { status: null } : { problem: 'public, not declared by design' };
  }
  if (operation.body && !BODIES[key]) return { problem: 'no body registered in BODIES' };
  return { status: 404 };
}

describe('another organization reaches nothing of A through any operation with a path parameter', () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  let operations: Operation[];
  let a: TenantRecords;
  let b: TestUser;

  beforeAll(async () => {
    ctx = await createTestApp();
    operations = (await loadOperations(ctx.app)).filter((op) => pathParameters(op).length > 0);
    const staff = await createTestUser(ctx, { isStaff: true });
    a = await createTenantRecords(ctx, staff);
    b = (await createTestMerchant(ctx, 'Comercio B')).user;
  }, 60_000);
  afterAll(() => ctx.close());

  it('knows whose ids every path parameter takes', () => {
    const unknown = operations.flatMap((op) => {
      const values = valuesFor(op, a);
      return typeof values === 'string' ? [`${op.method} ${op.path}: ${values}`] : [];
    });
    expect(unknown).toEqual([]);
    expect(operations.length).toBeGreaterThan(40);
  });

  it("answers 404 (403 on staff routes) to B's owner for each of A's ids, and A stays as it was", async () => {
    const access = new Map(
      ctx.app.declaredRoutes.map((route) => [`${route.method} ${route.url}`, route.access]),
    );
    const before = await snapshotOrganization(ctx, a.organizationId);
    expect(Object.values(before).flat().length).toBeGreaterThan(15);
    const wrong: string[] = [];
    for (const operation of operations) {
      const values = valuesFor(operation, a);
      if (typeof values === 'string') continue; // reported by the test above
      const key = `${operation.method} ${operation.path}`;
      const expected = expectedFor(
        operation,
        access.get(`${operation.method} ${routeUrl(operation)}`),
      );
      const body = BODIES[key];
      const response = await ctx.app.inject({
        method: operation.method,
        url: fillPath(operation, (name) => values[name]!),
        headers: b.headers({
          'x-language': 'en',
          'idempotency-key': `walk-${key.replaceAll(' ', '-')}`,
        }),
        ...(body ? { payload: body } : {}),
      });
      const status = response.statusCode;
      const answer = `${status} ${response.body.slice(0, 150)}`;
      if ('problem' in expected) wrong.push(`${key}: ${expected.problem}`);
      else if (expected.status === null ? status >= 500 : status !== expected.status) {
        wrong.push(`${key}: expected ${expected.status ?? 'no 5xx'}, got ${answer}`);
      }
    }
    expect(wrong).toEqual([]);
    expect(await snapshotOrganization(ctx, a.organizationId)).toEqual(before);
  });
});
