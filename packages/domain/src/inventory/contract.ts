import { defineContract, defineOperation } from '../contract';
import { idParamsSchema } from '../ids';
import { pageSchema, paginationQuerySchema } from '../pagination';
import { z } from '../validation';
import {
  addressBookLocationParamsSchema,
  adjustmentSchema,
  adjustmentViewSchema,
  inventoryQuerySchema,
  inventoryRowSchema,
  keepsStockSchema,
  movementViewSchema,
  staffAdjustmentSchema,
  stockLocationViewSchema,
  variantParamsSchema,
  warehouseSchema,
  warehouseStatusSchema,
  warehouseViewSchema,
} from './schemas';

const access = 'warehousing.warehouse_inventory';
/** The address book's "keeps stock" switch is used from the addresses screen too. */
const locationsAccess = ['warehousing.warehouse_inventory', 'settings.address_book'] as const;
const adjustment = z.object({ data: adjustmentViewSchema });
const ADJUSTMENT_ANSWERS =
  'Header `Idempotency-Key` (8–100 characters) required: the same key with the same lines answers the first adjustment (200, `replayed: true`) and moves nothing; with other lines 409 IDEMPOTENCY_KEY_REUSED. A count that would leave a bucket below zero (or on hand below what is reserved) answers 409 INSUFFICIENT_STOCK with the variant in `details`.';

/**
 * The inventory screen (`products/inventory`): stock per variant and location, each variant's
 * movement history, adjustments at the merchant's own locations and which address-book locations
 * keep stock. The API implements it in modules/inventory/inventory.routes.ts, the web calls it
 * from features/inventory/api.ts.
 */
export const inventoryContract = defineContract('inventory', {
  locations: defineOperation({
    method: 'GET',
    path: '/inventory/locations',
    access: locationsAccess,
    summary: 'Where the organization may keep stock',
    description:
      'The platform’s active warehouses and the organization’s own locations that keep stock.',
    responses: { 200: z.object({ data: z.array(stockLocationViewSchema) }) },
  }),
  setKeepsStock: defineOperation({
    method: 'PUT',
    path: '/inventory/locations/:locationId',
    access: locationsAccess,
    summary: 'Marks an address-book location as keeping stock, or not',
    description:
      '`keeps_stock: true` creates (or reactivates) the location’s own stock location; `false` deactivates it, refused with 409 STOCK_LOCATION_HOLDS_STOCK while any balance there is not zero.',
    params: addressBookLocationParamsSchema,
    body: keepsStockSchema,
    responses: { 200: z.object({ data: stockLocationViewSchema.nullable() }) },
  }),
  list: defineOperation({
    method: 'GET',
    path: '/inventory',
    access,
    summary: 'Stock per variant and location',
    description:
      'One row per variant and location: every variant at each of the organization’s own stock-keeping locations, and every balance kept at a warehouse. `search` is a SKU (exact, any case) or words of the product’s name; `low_stock=true` keeps rows with available ≤ `threshold` (default 5); `out_of_stock=true` keeps rows with nothing available.',
    query: inventoryQuerySchema,
    responses: { 200: pageSchema(inventoryRowSchema) },
  }),
  movements: defineOperation({
    method: 'GET',
    path: '/inventory/variants/:variantId/movements',
    access,
    summary: 'A variant’s movement history, newest first',
    params: variantParamsSchema,
    query: paginationQuerySchema,
    responses: { 200: pageSchema(movementViewSchema) },
  }),
  adjust: defineOperation({
    method: 'POST',
    path: '/inventory/adjustments',
    access,
    summary: 'Adjusts stock at one of the organization’s own locations (a count, damage)',
    description: `Each line adds to or takes from on hand and not sellable. Only at the organization's own stock-keeping locations: a platform warehouse answers 403 WAREHOUSE_ADJUSTED_BY_STAFF. ${ADJUSTMENT_ANSWERS}`,
    body: adjustmentSchema,
    idempotencyKey: 'required',
    responses: { 200: adjustment, 201: adjustment },
  }),
});

const staffAccess = 'staff';
const tags = ['staff'];
const warehouse = z.object({ data: warehouseViewSchema });

/**
 * The operators' console of the platform's warehouses (`/staff/warehouses`) and the stock
 * adjustments staff make there, audited. The API implements it in
 * modules/inventory/staff-warehouses.routes.ts, the web calls it from features/inventory/warehouses-api.ts.
 */
export const staffWarehousesContract = defineContract('staff-warehouses', {
  list: defineOperation({
    method: 'GET',
    path: '/staff/warehouses',
    access: staffAccess,
    tags,
    summary: 'The platform’s warehouses, active and not, by name',
    responses: { 200: z.object({ data: z.array(warehouseViewSchema) }) },
  }),
  create: defineOperation({
    method: 'POST',
    path: '/staff/warehouses',
    access: staffAccess,
    tags,
    description:
      'Creates a warehouse; its code (upper-cased) must be new (409 WAREHOUSE_CODE_TAKEN).',
    body: warehouseSchema,
    responses: { 201: warehouse },
  }),
  update: defineOperation({
    method: 'PUT',
    path: '/staff/warehouses/:id',
    access: staffAccess,
    tags,
    params: idParamsSchema,
    body: warehouseSchema,
    responses: { 200: warehouse },
  }),
  setStatus: defineOperation({
    method: 'PATCH',
    path: '/staff/warehouses/:id/status',
    access: staffAccess,
    tags,
    description:
      'Activates or deactivates a warehouse; deactivating is refused with 409 STOCK_LOCATION_HOLDS_STOCK while any merchant keeps stock there.',
    params: idParamsSchema,
    body: warehouseStatusSchema,
    responses: { 200: warehouse },
  }),
  adjust: defineOperation({
    method: 'POST',
    path: '/staff/inventory/adjustments',
    access: staffAccess,
    tags,
    summary: 'Adjusts a merchant’s stock at a platform warehouse, audited',
    description: `Only at platform warehouses (an own location answers 409 STAFF_ADJUST_WAREHOUSES_ONLY); the organization's variants only. ${ADJUSTMENT_ANSWERS}`,
    body: staffAdjustmentSchema,
    idempotencyKey: 'required',
    responses: { 200: adjustment, 201: adjustment },
  }),
});
