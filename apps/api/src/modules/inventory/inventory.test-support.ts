import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { createTestApp } from '../../../test/test-app';
import { callAs, type TestUser } from '../../../test/users';
import { createLocation } from '../shipments/guides.test-support';

type Ctx = Awaited<ReturnType<typeof createTestApp>>;

/** A platform warehouse's address (staff create warehouses with one; exits quote from it). */
export const warehouseAddress = {
  street: 'Av. Recursos Hidráulicos',
  external_number: '8',
  neighborhood: 'La Loma',
  city: 'Tultitlán',
  municipality: 'Tultitlán',
  state: 'Estado de México',
  zip: '54060',
};

/** A warehouse's contact: the sender's phone on its exits' guides. */
export const warehouseContact = { contact_phone: '5558761200' };

/** Posts an adjustment (merchant or staff) under an Idempotency-Key, new unless given. */
export function postAdjustment(
  ctx: Ctx,
  user: TestUser,
  body: object,
  options: { key?: string; language?: 'es' | 'en'; staff?: boolean } = {},
) {
  return ctx.app.inject({
    method: 'POST',
    url: `/api/v1${options.staff ? '/staff' : ''}/inventory/adjustments`,
    headers: user.headers({
      'x-language': options.language ?? 'es',
      'idempotency-key': options.key ?? `key-${randomUUID()}`,
    }),
    payload: body,
  });
}

/** An address-book location of the user's organization marked as keeping stock: its stock location id. */
export async function createOwnStockLocation(ctx: Ctx, user: TestUser, alias = 'Bodega propia') {
  const locationId = await createLocation(ctx, user, { alias });
  const response = await callAs(ctx.app, user, 'PUT', `/inventory/locations/${locationId}`, {
    keeps_stock: true,
  });
  expect(response.statusCode, response.body).toBe(200);
  return { locationId, stockLocationId: (response.json().data as { id: string }).id };
}
