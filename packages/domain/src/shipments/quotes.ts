import { CARRIER_KEYS, SERVICE_KINDS } from '../carriers/catalog';
import { PACKAGE_UNITS, dimensionField, weightField } from '../packages/schemas';
import { z } from '../validation';

/**
 * Quotes (quick quote and the quote step of create shipment): origin and destination zips and
 * the parcels → the rates of every enabled carrier. The API keeps each quote with its rates, so
 * a purchase charges the price shown; the browser never sends a price.
 */
export const QUOTE_STATUSES = ['quote', 'in_process', 'completed'] as const;
export type QuoteStatus = (typeof QUOTE_STATUSES)[number];

/** How long the prices of a quote hold; a purchase after that asks for a new quote. */
export const QUOTE_VALIDITY_MINUTES = 60;
export const MAX_PARCELS = 10;

export const zipField = z
  .string({ error: 'required' })
  .trim()
  .regex(/^\d{5}$/, { error: 'postal_code_digits' });

/**
 * A parcel as typed or taken from a saved package (`package_id`): its dimensions and weight in
 * the package's unit. The API converts in/lb to cm/kg before rating.
 */
export const parcelInputSchema = z.object({
  package_id: z.uuid({ error: 'invalid' }).nullish(),
  unit: z.enum(PACKAGE_UNITS, { error: 'one_of' }).default('cm_kg'),
  length: dimensionField,
  width: dimensionField,
  height: dimensionField,
  weight: weightField,
});
export type ParcelInput = z.input<typeof parcelInputSchema>;

export const parcelsField = z
  .array(parcelInputSchema)
  .min(1, { error: 'at_least_one_package' })
  .max(MAX_PARCELS);

export const quoteRequestSchema = z.object({
  origin_zip: zipField,
  destination_zip: zipField,
  parcels: parcelsField,
});
export type QuoteRequest = z.infer<typeof quoteRequestSchema>;
export type QuoteRequestInput = z.input<typeof quoteRequestSchema>;

/** A parcel as a quote stores it: centimetres and kilograms. */
export const quoteParcelSchema = z.object({
  length_cm: z.number(),
  width_cm: z.number(),
  height_cm: z.number(),
  weight_kg: z.number(),
});
export type QuoteParcel = z.infer<typeof quoteParcelSchema>;

/** One carrier service's price for the parcels, in integer centavos. */
export const rateViewSchema = z.object({
  /** Stable within the quote: `<carrier_key>:<service_key>`. */
  id: z.string(),
  carrier_key: z.enum(CARRIER_KEYS),
  carrier_name: z.string(),
  service_key: z.string(),
  service_name: z.string(),
  service_kind: z.enum(SERVICE_KINDS),
  /** The rate comes from a sandbox adapter: no real carrier was asked. */
  sandbox: z.boolean(),
  zone: z.number().int(),
  /** Sum over the parcels of max(actual, L×W×H/5000), each rounded up to the kilogram. */
  billable_weight_kg: z.number(),
  base: z.number().int(),
  fuel_surcharge: z.number().int(),
  extended_zone_surcharge: z.number().int(),
  extended_zone: z.boolean(),
  /** Before VAT: base + surcharges. */
  subtotal: z.number().int(),
  vat: z.number().int(),
  total: z.number().int(),
  transit_days: z.object({ min: z.number().int(), max: z.number().int() }),
  /** Latest expected delivery, a Mexico City calendar date (YYYY-MM-DD). */
  estimated_delivery: z.string(),
  cheapest: z.boolean(),
  fastest: z.boolean(),
});
export type RateView = z.infer<typeof rateViewSchema>;

/** Why a carrier answered no rate; the view adds the text in the caller's language. */
export const UNAVAILABLE_REASONS = [
  'weight_limit',
  'size_limit',
  'no_coverage',
  'carrier_unavailable',
] as const;
export type UnavailableReason = (typeof UNAVAILABLE_REASONS)[number];

/** A carrier that answered no rate, and why (limits exceeded, no coverage, unavailable). */
export const unavailableCarrierSchema = z.object({
  carrier_key: z.enum(CARRIER_KEYS),
  carrier_name: z.string(),
  reason_code: z.enum(UNAVAILABLE_REASONS),
  reason: z.string(),
});
export type UnavailableCarrier = z.infer<typeof unavailableCarrierSchema>;

export const quoteViewSchema = z.object({
  id: z.string(),
  status: z.enum(QUOTE_STATUSES),
  origin_zip: z.string(),
  destination_zip: z.string(),
  parcels: z.array(quoteParcelSchema),
  rates: z.array(rateViewSchema),
  unavailable: z.array(unavailableCarrierSchema),
  created_at: z.string(),
  expires_at: z.string(),
});
export type QuoteView = z.infer<typeof quoteViewSchema>;
