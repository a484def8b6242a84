import { requiredText, urlField } from '../fields';
import { z } from '../validation';

/**
 * Stores (`settings/marketplaces`, issue 22): the online stores an organization connects so
 * their orders sync here. One connection per store; its credentials never leave the server.
 */
export const STORE_PLATFORMS = ['shopify', 'mercadolibre', 'woocommerce'] as const;
export type StorePlatform = (typeof STORE_PLATFORMS)[number];

/** Spec §4: a marketplace is enabled or disabled (a disabled store neither syncs nor pushes). */
export const STORE_STATUSES = ['enabled', 'disabled'] as const;
export type StoreStatus = (typeof STORE_STATUSES)[number];

/**
 * How the connection is doing: `ok`; `needs_reapproval` (the app now needs scopes or an API
 * version the merchant has not granted: the store shows a button that runs the authorization
 * again); `auth_failed` (the platform refused our credentials); `webhooks_failing` (the store
 * stopped delivering and could not be re-registered: the reconciliation still syncs).
 */
export const STORE_HEALTHS = ['ok', 'needs_reapproval', 'auth_failed', 'webhooks_failing'] as const;
export type StoreHealth = (typeof STORE_HEALTHS)[number];

/** A new store's first import of its open orders, shown with a progress bar. */
export const STORE_BACKFILL_STATES = ['running', 'done', 'failed'] as const;

export const shopDomainField = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9][a-z0-9-]*\.myshopify\.com$/, { error: 'shop_domain' });

/** What the merchant sends to connect a store; OAuth platforms answer a consent URL to open. */
export const storeConnectSchema = z.discriminatedUnion(
  'platform',
  [
    z.object({ platform: z.literal('shopify'), shop_domain: shopDomainField }),
    z.object({ platform: z.literal('mercadolibre') }),
    z.object({
      platform: z.literal('woocommerce'),
      url: urlField,
      consumer_key: requiredText(100).regex(/^ck_[A-Za-z0-9]+$/, { error: 'woo_key' }),
      consumer_secret: requiredText(100).regex(/^cs_[A-Za-z0-9]+$/, { error: 'woo_secret' }),
    }),
  ],
  { error: 'one_of' },
);
export type StoreConnectInput = z.input<typeof storeConnectSchema>;
export type StoreConnectData = z.infer<typeof storeConnectSchema>;

export const storeParamsSchema = z.object({ id: z.uuid({ error: 'invalid' }) });

export const storeStatusSchema = z.object({
  status: z.enum(STORE_STATUSES, { error: 'one_of' }),
});

export const storeBackfillViewSchema = z.object({
  state: z.enum(STORE_BACKFILL_STATES),
  done: z.number().int(),
  /** Null while the platform has not said how many there are. */
  total: z.number().int().nullable(),
  started_at: z.string(),
  finished_at: z.string().nullable(),
});

/** A connected store as the API answers it: never a credential. */
export const storeViewSchema = z.object({
  id: z.string(),
  platform: z.enum(STORE_PLATFORMS),
  name: z.string(),
  /** The platform's id of the store: shop domain, seller id, site URL. */
  external_id: z.string(),
  status: z.enum(STORE_STATUSES),
  health: z.enum(STORE_HEALTHS),
  /** Connected to this product's sandbox store, not the real platform. */
  sandbox: z.boolean(),
  /** The platform's API version it was granted (Shopify); null where the platform has none. */
  api_version: z.string().nullable(),
  connected_at: z.string(),
  /** The last reconciliation that finished. */
  last_synced_at: z.string().nullable(),
  backfill: storeBackfillViewSchema.nullable(),
  orders_count: z.number().int(),
});
export type StoreView = z.infer<typeof storeViewSchema>;

/** The answer to a connect or re-authorize: where to send the browser, or the store itself. */
export const storeConnectAnswerSchema = z.object({
  /** The platform's consent screen (OAuth platforms); null when the store is already connected. */
  authorize_url: z.string().nullable(),
  store: storeViewSchema.nullable(),
});

export const storeWebhookAnswerSchema = z.object({
  data: z.object({ received: z.boolean(), duplicate: z.boolean() }),
});
