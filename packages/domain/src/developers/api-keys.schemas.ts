import { ALL_PERMISSIONS, type PermissionKey } from '../accounts/permissions';
import { requiredText } from '../fields';
import { paginationQuerySchema } from '../pagination';
import { z } from '../validation';
import { API_KEY_MAX_ALLOWED_IPS, API_KEY_MODES, isIpOrCidr } from './api-keys.rules';

/**
 * API keys (`development`): what an owner or administrator creates for the organization's own
 * systems. A scope is one of the menu's permission keys with `read` (GET calls only) or `write`
 * (every call the permission opens).
 */
export const API_KEY_ACCESS = ['read', 'write'] as const;
export type ApiKeyAccess = (typeof API_KEY_ACCESS)[number];

export const API_KEY_STATUSES = ['active', 'expired', 'revoked'] as const;
export type ApiKeyStatus = (typeof API_KEY_STATUSES)[number];

export const apiKeyScopeSchema = z.object({
  permission: z.enum(ALL_PERMISSIONS as [PermissionKey, ...PermissionKey[]], { error: 'one_of' }),
  access: z.enum(API_KEY_ACCESS, { error: 'one_of' }),
});
export type ApiKeyScope = z.infer<typeof apiKeyScopeSchema>;

export const apiKeyCreateSchema = z.object({
  name: requiredText(100),
  mode: z.enum(API_KEY_MODES, { error: 'one_of' }),
  scopes: z
    .array(apiKeyScopeSchema)
    .min(1, { error: 'at_least_one' })
    .max(ALL_PERMISSIONS.length, { error: 'max_items' })
    .refine((scopes) => new Set(scopes.map((s) => s.permission)).size === scopes.length, {
      error: 'no_duplicates',
    }),
  /** When the key stops working; none: until revoked. Must lie in the future. */
  expires_at: z.iso.datetime({ offset: true, error: 'invalid' }).nullable().default(null),
  /** Addresses or CIDR blocks the key may be used from; empty: from anywhere. */
  allowed_ips: z
    .array(z.string().trim().refine(isIpOrCidr, { error: 'ip_cidr' }))
    .max(API_KEY_MAX_ALLOWED_IPS, { error: 'max_items' })
    .refine((ips) => new Set(ips).size === ips.length, { error: 'no_duplicates' })
    .default([]),
});
export type ApiKeyCreateInput = z.input<typeof apiKeyCreateSchema>;
export type ApiKeyCreateData = z.infer<typeof apiKeyCreateSchema>;

export const apiKeyParamsSchema = z.object({ id: z.uuid({ error: 'invalid' }) });

export const apiKeysQuerySchema = paginationQuerySchema.extend({
  status: z.enum(API_KEY_STATUSES, { error: 'one_of' }).optional(),
});
export type ApiKeysQuery = z.infer<typeof apiKeysQuerySchema>;

export const apiKeyViewSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The key's first characters (`dsp_live_AbC123`): enough to recognise it, never to use it. */
  prefix: z.string(),
  mode: z.enum(API_KEY_MODES),
  scopes: z.array(apiKeyScopeSchema),
  status: z.enum(API_KEY_STATUSES),
  expires_at: z.string().nullable(),
  allowed_ips: z.array(z.string()),
  last_used_at: z.string().nullable(),
  last_used_ip: z.string().nullable(),
  created_by: z.object({ id: z.string(), name: z.string() }).nullable(),
  created_at: z.string(),
  revoked_at: z.string().nullable(),
  /** The last rotation, and until when the secret it replaced still works (null once over). */
  rotated_at: z.string().nullable(),
  previous_secret_valid_until: z.string().nullable(),
});
export type ApiKeyView = z.infer<typeof apiKeyViewSchema>;

/** The answer of create and rotate: the only time the secret is ever sent. */
export const apiKeySecretSchema = z.object({
  key: apiKeyViewSchema,
  secret: z.string(),
});
export type ApiKeySecret = z.infer<typeof apiKeySecretSchema>;
