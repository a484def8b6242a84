import { expect } from 'vitest';
import type { createTestApp } from '../../../test/test-app';
import { callAs, type TestUser } from '../../../test/users';

type Ctx = Awaited<ReturnType<typeof createTestApp>>;

/** A webhook endpoint of the merchant's organization with one delivery (a test event) in its log. */
export async function createTenantWebhook(ctx: Ctx, owner: TestUser) {
  const endpoint = await callAs(ctx.app, owner, 'POST', '/webhook-endpoints', {
    url: 'http://127.0.0.1:9/hooks',
    events: ['shipment.created'],
  });
  expect(endpoint.statusCode, endpoint.body).toBe(201);
  const webhookEndpointId = (endpoint.json().data as { id: string }).id;
  const test = await callAs(ctx.app, owner, 'POST', `/webhook-endpoints/${webhookEndpointId}/test`);
  expect(test.statusCode, test.body).toBe(202);
  return { webhookEndpointId, webhookDeliveryId: (test.json().data as { id: string }).id };
}
