import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { createTestApp } from '../../../test/test-app';
import { callAs, createTestMerchant, type TestUser } from '../../../test/users';
import { createLocation, fund } from '../shipments/guides.test-support';
import { activate, insertVariants } from './stock.test-support';

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

/**
 * A new merchant whose own stock location keeps `onHand` units of one variant per SKU given (one
 * variant without a SKU when none is), funded with `funds` centavos when given; `active` makes
 * the products active, as a store's orders need to map their SKUs.
 */
export async function stockedMerchant(
  ctx: Ctx,
  options: { onHand: number; company?: string; skus?: string[]; funds?: number; active?: boolean },
) {
  const { user, organization } = await createTestMerchant(
    ctx,
    options.company ?? `Tienda ${randomUUID()}`,
  );
  if (options.funds) await fund(ctx, organization.id, options.funds);
  const { locationId, stockLocationId } = await createOwnStockLocation(ctx, user);
  const skus = options.skus ?? [];
  const variantIds = await insertVariants(ctx.db, organization.id, Math.max(skus.length, 1), {
    skus,
  });
  if (options.active) await activate(ctx.db, variantIds);
  await ctx.app.services.stock.adjust(organization.id, {
    cause: { type: 'adjustment', id: `count-${randomUUID()}` },
    location: stockLocationId,
    lines: variantIds.map((variant_id) => ({ variant_id, on_hand: options.onHand })),
  });
  return {
    user,
    organizationId: organization.id,
    locationId,
    stockLocationId,
    variantIds,
    variantId: variantIds[0]!,
  };
}
