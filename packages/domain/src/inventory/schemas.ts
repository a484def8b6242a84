import { addressFieldsSchema, addressViewSchema } from '../addresses/schemas';
import { noDuplicateVariants, optionalEmailField, phoneField, requiredText } from '../fields';
import { paginationQuerySchema } from '../pagination';
import { z } from '../validation';
import { STOCK_LOCATION_KINDS, STOCK_OPERATION_KINDS } from './rules';

/**
 * What the inventory screen (`products/inventory`), the address book's "keeps stock" switch and
 * the staff warehouses console (`/staff/warehouses`) send and receive.
 */
export const INVENTORY_RULES = {
  /** `low_stock` without a threshold: available at or below this. */
  lowStockDefault: 5,
  /** Largest change one adjustment line may make to a bucket (spec §5 maximum quantity). */
  maxDelta: 100_000,
  maxLines: 100,
  reasonMax: 200,
} as const;

const flag = z
  .enum(['true', 'false'], { error: 'one_of' })
  .transform((value) => value === 'true')
  .optional();

// Stock locations

export const stockLocationViewSchema = z.object({
  id: z.string(),
  kind: z.enum(STOCK_LOCATION_KINDS),
  name: z.string(),
  /** A warehouse's code; null for an own location. */
  code: z.string().nullable(),
  /** The address-book location an own stock location is; null for a warehouse. */
  location_id: z.string().nullable(),
  active: z.boolean(),
});
export type StockLocationView = z.infer<typeof stockLocationViewSchema>;

export const addressBookLocationParamsSchema = z.object({
  locationId: z.uuid({ error: 'invalid' }),
});

export const keepsStockSchema = z.object({ keeps_stock: z.boolean({ error: 'required' }) });

export const warehouseCodeField = z
  .string()
  .trim()
  .min(1, { error: 'required' })
  .regex(/^[A-Za-z0-9_-]{1,20}$/, { error: 'vendor_code' })
  .transform((code) => code.toUpperCase());

export const warehouseSchema = z.object({
  name: requiredText(100),
  code: warehouseCodeField,
  address: addressFieldsSchema,
  /** The sender's phone on the guides of the warehouse's exits: carriers require one. */
  contact_phone: phoneField,
  contact_email: optionalEmailField,
});
export type WarehouseInput = z.input<typeof warehouseSchema>;
export type WarehouseData = z.infer<typeof warehouseSchema>;

export const warehouseStatusSchema = z.object({ active: z.boolean({ error: 'required' }) });

export const warehouseViewSchema = z.object({
  id: z.string(),
  name: z.string(),
  code: z.string(),
  address: addressViewSchema,
  /** Null for a warehouse created before warehouses had a contact, until staff edit it. */
  contact_phone: z.string().nullable(),
  contact_email: z.string().nullable(),
  active: z.boolean(),
  created_at: z.string(),
});
export type WarehouseView = z.infer<typeof warehouseViewSchema>;

// The inventory list

export const inventoryQuerySchema = paginationQuerySchema.extend({
  location_id: z.uuid({ error: 'invalid' }).optional(),
  /** SKU (exact, any case) or words of the product's name. */
  search: z.string().trim().max(100).optional(),
  low_stock: flag,
  /** Available at or below this counts as low stock. */
  threshold: z.coerce
    .number()
    .int({ error: 'integer' })
    .min(0, { error: 'positive' })
    .max(INVENTORY_RULES.maxDelta)
    .default(INVENTORY_RULES.lowStockDefault),
  out_of_stock: flag,
});
export type InventoryQuery = z.infer<typeof inventoryQuerySchema>;

export const inventoryRowSchema = z.object({
  variant_id: z.string(),
  product_id: z.string(),
  product_name: z.string(),
  /** The variant's option values joined ("Rojo / M"); empty for a product without options. */
  variant_title: z.string(),
  sku: z.string().nullable(),
  location: stockLocationViewSchema,
  on_hand: z.number().int(),
  reserved: z.number().int(),
  available: z.number().int(),
  incoming: z.number().int(),
  not_sellable: z.number().int(),
});
export type InventoryRow = z.infer<typeof inventoryRowSchema>;

// Movement history

export const variantParamsSchema = z.object({ variantId: z.uuid({ error: 'invalid' }) });

export const movementViewSchema = z.object({
  id: z.number().int(),
  operation_id: z.string(),
  kind: z.enum(STOCK_OPERATION_KINDS),
  location: stockLocationViewSchema,
  on_hand: z.number().int(),
  reserved: z.number().int(),
  incoming: z.number().int(),
  not_sellable: z.number().int(),
  reason: z.string().nullable(),
  /** `label`: what the cause is called where it has a number (an entry's, a guide's tracking). */
  cause: z.object({ type: z.string(), id: z.string(), label: z.string().nullable() }),
  actor: z.object({ id: z.string(), name: z.string() }).nullable(),
  created_at: z.string(),
});
export type MovementView = z.infer<typeof movementViewSchema>;

// Adjustments

const deltaField = z
  .number()
  .int({ error: 'integer' })
  .min(-INVENTORY_RULES.maxDelta)
  .max(INVENTORY_RULES.maxDelta)
  .default(0);

export const adjustmentLineSchema = z
  .object({
    variant_id: z.uuid({ error: 'required' }),
    on_hand_delta: deltaField,
    not_sellable_delta: deltaField,
  })
  .refine((line) => line.on_hand_delta !== 0 || line.not_sellable_delta !== 0, {
    error: 'adjustment_line_empty',
    path: ['on_hand_delta'],
  });
export type AdjustmentLineInput = z.input<typeof adjustmentLineSchema>;

export const adjustmentSchema = z.object({
  location_id: z.uuid({ error: 'required' }),
  reason: requiredText(INVENTORY_RULES.reasonMax),
  lines: z
    .array(adjustmentLineSchema)
    .min(1, { error: 'at_least_one' })
    .max(INVENTORY_RULES.maxLines)
    .superRefine(noDuplicateVariants),
});
export type AdjustmentInput = z.input<typeof adjustmentSchema>;
export type AdjustmentData = z.infer<typeof adjustmentSchema>;

export const staffAdjustmentSchema = adjustmentSchema.extend({
  organization_id: z.uuid({ error: 'required' }),
});
export type StaffAdjustmentData = z.infer<typeof staffAdjustmentSchema>;

export const adjustmentViewSchema = z.object({
  operation_id: z.string(),
  /** The Idempotency-Key was already used with the same lines: nothing moved this time. */
  replayed: z.boolean(),
});
export type AdjustmentView = z.infer<typeof adjustmentViewSchema>;
