import { requiredText } from '../fields';
import { z } from '../validation';
import { SAT_PRODUCT_FAMILIES } from './sat-families';

/**
 * Packages (`settings/packages`): the boxes and envelopes a merchant ships with. Dimensions are
 * in cm or in and the weight in kg or lb, following `unit`; a new package starts with the unit
 * that matches the organization's `default_unit` (kg → cm_kg, lb → in_lb).
 *
 * Precision: dimensions take up to 2 decimals and the weight up to 3 (grams in kg), stored
 * exactly as numeric(10,2) and numeric(10,3).
 */
export const PACKAGE_UNITS = ['cm_kg', 'in_lb'] as const;
export type PackageUnit = (typeof PACKAGE_UNITS)[number];

export const PACKAGE_RULES = {
  nameMax: 50,
  dimensionMax: 9999,
  weightMax: 9999,
} as const;

/** The package unit that follows an organization's default unit of measure. */
export function packageUnitFor(defaultUnit: 'kg' | 'lb'): PackageUnit {
  return defaultUnit === 'lb' ? 'in_lb' : 'cm_kg';
}

/** Volumetric divisor: L×W×H/5000 for cm→kg, /139 for in→lb (carrier convention). */
export const VOLUMETRIC_DIVISOR: Record<PackageUnit, number> = { cm_kg: 5000, in_lb: 139 };

/** Volumetric weight in the package's weight unit, rounded to 3 decimals. */
export function volumetricWeight(pkg: {
  unit: PackageUnit;
  length: number;
  width: number;
  height: number;
}): number {
  const raw = (pkg.length * pkg.width * pkg.height) / VOLUMETRIC_DIVISOR[pkg.unit];
  return Math.round(raw * 1000) / 1000;
}

const hasAtMostDecimals = (value: number, decimals: number) => {
  const scaled = value * 10 ** decimals;
  return Math.abs(scaled - Math.round(scaled)) < 1e-6;
};

// Forms send numbers; an empty input arrives as undefined ("required").
export const dimensionField = z
  .number()
  .positive({ error: 'positive' })
  .max(PACKAGE_RULES.dimensionMax)
  .refine((value) => hasAtMostDecimals(value, 2), { error: 'dimension_decimals' });

export const weightField = z
  .number()
  .positive({ error: 'positive' })
  .max(PACKAGE_RULES.weightMax)
  .refine((value) => hasAtMostDecimals(value, 3), { error: 'weight_decimals' });

/**
 * A SAT Carta Porte product code (c_ClaveProdServCP): 8 digits whose family (first 4 digits)
 * exists in the catalogue (see sat-families.ts). This is the first filter, in the browser and the
 * API alike; once the catalogue is imported (`sat_product_codes`), the API also refuses a code
 * the catalogue does not hold.
 */
export function isSatProductCode(code: string): boolean {
  return /^\d{8}$/.test(code) && SAT_PRODUCT_FAMILIES.has(code.slice(0, 4));
}

export const satProductCodeField = z
  .string()
  .trim()
  .min(1, { error: 'required' })
  .refine(isSatProductCode, { error: 'sat_product_code' });

export const packageInputSchema = z.object({
  name: requiredText(PACKAGE_RULES.nameMax),
  unit: z.enum(PACKAGE_UNITS, { error: 'one_of' }),
  height: dimensionField,
  length: dimensionField,
  width: dimensionField,
  weight: weightField,
  sat_code: satProductCodeField,
  is_default: z.boolean().optional(),
});
export type PackageInput = z.infer<typeof packageInputSchema>;

export const packageSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  unit: z.enum(PACKAGE_UNITS),
  height: z.number(),
  length: z.number(),
  width: z.number(),
  weight: z.number(),
  volumetric_weight: z.number(),
  sat_code: z.string(),
  is_default: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Package = z.infer<typeof packageSchema>;

export const packagesQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
  search: z.string().trim().max(50).optional(),
});
export type PackagesQuery = z.infer<typeof packagesQuerySchema>;
