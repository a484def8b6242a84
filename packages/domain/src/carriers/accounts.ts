import { z } from '../validation';

/**
 * The carriers Despacho can reach through their own APIs (issue 27), where an organization
 * chooses the account its guides are bought with: the platform's negotiated account (billed to
 * Despacho, then to the merchant's balance as any guide) or its own, billed by the carrier.
 */
export const CARRIER_ACCOUNT_KEYS = ['dhl_express', 'fedex'] as const;
export type CarrierAccountKey = (typeof CARRIER_ACCOUNT_KEYS)[number];

export function isCarrierAccountKey(value: string): value is CarrierAccountKey {
  return (CARRIER_ACCOUNT_KEYS as readonly string[]).includes(value);
}

/** How a carrier runs on this platform: its sandbox, its test environment or its live one. */
export const CARRIER_MODES = ['sandbox', 'test', 'production'] as const;
export type CarrierMode = (typeof CARRIER_MODES)[number];

export const CARRIER_ACCOUNT_CHOICES = ['platform', 'own'] as const;
export type CarrierAccountChoice = (typeof CARRIER_ACCOUNT_CHOICES)[number];

/** An organization's own account as shown: the secret is write-only, only its last 4 characters. */
export const ownCarrierAccountSchema = z.object({
  account_number: z.string(),
  key: z.string(),
  secret_last4: z.string(),
  secret_set_at: z.iso.datetime(),
});
export type OwnCarrierAccount = z.infer<typeof ownCarrierAccountSchema>;

export const carrierAccountSchema = z.object({
  carrier_key: z.enum(CARRIER_ACCOUNT_KEYS),
  carrier_name: z.string(),
  /** In `sandbox` no account applies: nothing reaches the carrier. */
  mode: z.enum(CARRIER_MODES),
  /** What the organization's guides are bought with (`own` only with an own account stored). */
  choice: z.enum(CARRIER_ACCOUNT_CHOICES),
  own: ownCarrierAccountSchema.nullable(),
});
export type CarrierAccount = z.infer<typeof carrierAccountSchema>;

const text = (max: number) => z.string().trim().min(1).max(max);

/**
 * An own account as typed: its number (digits) and the API key and secret the carrier issued.
 * The secret may be left blank to keep the one stored.
 */
export const ownCarrierAccountInputSchema = z.object({
  account_number: z
    .string()
    .trim()
    .regex(/^\d{6,12}$/, { error: 'carrier_account_number' }),
  key: text(200),
  secret: z
    .string()
    .trim()
    .max(200)
    .optional()
    .transform((value) => (value ? value : undefined)),
});
export type OwnCarrierAccountInput = z.input<typeof ownCarrierAccountInputSchema>;

/** The choice, and with `own` the account (`ownCarrierAccountInputSchema`). */
export const carrierAccountUpdateSchema = z.discriminatedUnion('choice', [
  z.object({ choice: z.literal('platform') }),
  ownCarrierAccountInputSchema.extend({ choice: z.literal('own') }),
]);
export type CarrierAccountUpdate = z.infer<typeof carrierAccountUpdateSchema>;
