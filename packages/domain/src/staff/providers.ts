import { paginationQuerySchema } from '../pagination';
import { z } from '../validation';

/**
 * Outside providers as the operators' console shows them (`/staff/providers`, issue 27): each
 * one's mode from the configuration, whether its last call went well, and its latest failures.
 */
export const PROVIDER_KINDS = ['carrier', 'payments', 'cfdi', 'sms', 'files'] as const;
export type ProviderKind = (typeof PROVIDER_KINDS)[number];

/** `live` bills real money or reaches real people; `test` is the provider's own test mode. */
export const PROVIDER_MODES = ['live', 'test', 'sandbox'] as const;
export type ProviderMode = (typeof PROVIDER_MODES)[number];

export const PROVIDER_FAILURE_CODES = [
  'timeout',
  'rate_limited',
  'unavailable',
  'rejected',
  'malformed',
] as const;

/** `ok` when its last call answered well, `failed` when it failed, `unknown` before any call. */
export const PROVIDER_OUTCOMES = ['ok', 'failed', 'unknown'] as const;

/** A provider's name as the API records it (`dhl_express`, `twilio`). */
const providerNameSchema = z.string().regex(/^[a-z0-9_]{1,40}$/);

export const staffProviderSchema = z.object({
  kind: z.enum(PROVIDER_KINDS),
  provider: providerNameSchema,
  /** Null for a provider called since, but no longer configured. */
  mode: z.enum(PROVIDER_MODES).nullable(),
  last_outcome: z.enum(PROVIDER_OUTCOMES),
  last_success_at: z.string().nullable(),
  last_failure_at: z.string().nullable(),
});
export type StaffProvider = z.infer<typeof staffProviderSchema>;

/** `GET staff/providers/failures`: newest first, optionally of one kind and/or one provider. */
export const staffProviderFailuresQuerySchema = paginationQuerySchema.extend({
  kind: z.enum(PROVIDER_KINDS).optional(),
  provider: providerNameSchema.optional(),
});
export type StaffProviderFailuresQuery = z.infer<typeof staffProviderFailuresQuerySchema>;

export const staffProviderFailureSchema = z.object({
  id: z.uuid(),
  kind: z.enum(PROVIDER_KINDS),
  provider: providerNameSchema,
  operation: z.string(),
  code: z.enum(PROVIDER_FAILURE_CODES),
  http_status: z.number().int().nullable(),
  /** The provider's own error code (Twilio's 21211, DHL's…), when it gave one. */
  provider_code: z.string().nullable(),
  /** The provider's own message, with anything secret-looking redacted. */
  message: z.string(),
  occurred_at: z.string(),
});
export type StaffProviderFailure = z.infer<typeof staffProviderFailureSchema>;
