import { defineContract, defineOperation } from '../contract';
import { z } from '../validation';
import {
  STORE_PLATFORMS,
  storeConnectAnswerSchema,
  storeConnectSchema,
  storeParamsSchema,
  storeStatusSchema,
  storeViewSchema,
  storeWebhookAnswerSchema,
} from './schemas';

const access = 'ecommerce.stores';
const one = z.object({ data: storeViewSchema });

/** The platform's consent screen sends the browser back here with its query (code, state…). */
export const storeAuthorizationSchema = z.object({
  platform: z.enum(STORE_PLATFORMS, { error: 'one_of' }),
  query: z.record(z.string().max(100), z.string().max(4000)),
});

/**
 * The stores screen (`settings/marketplaces`): connect, enable/disable, re-authorize, sync and
 * disconnect online stores. The API implements it in modules/stores/stores.routes.ts, the web
 * calls it from features/stores/api.ts.
 */
export const storesContract = defineContract('stores', {
  list: defineOperation({
    method: 'GET',
    path: '/stores',
    access,
    description: 'The organization’s connected stores, the newest first; never a credential.',
    responses: { 200: z.object({ data: z.array(storeViewSchema) }) },
  }),
  get: defineOperation({
    method: 'GET',
    path: '/stores/:id',
    access,
    params: storeParamsSchema,
    responses: { 200: one },
  }),
  connect: defineOperation({
    method: 'POST',
    path: '/stores',
    access,
    description:
      'Starts connecting a store. Shopify and Mercado Libre answer `authorize_url` (the platform’s consent screen, valid 10 minutes, bound to the caller); WooCommerce checks the keys against the store and answers the store connected.',
    body: storeConnectSchema,
    responses: { 200: z.object({ data: storeConnectAnswerSchema }) },
  }),
  completeAuthorization: defineOperation({
    method: 'POST',
    path: '/stores/authorizations',
    access,
    description:
      'Finishes an OAuth connection with the query the platform sent the browser back with (verified: state bound to the caller, Shopify’s hmac); the store is connected, its webhooks registered and its open orders imported in the background (`backfill`).',
    body: storeAuthorizationSchema,
    responses: { 200: one },
  }),
  reauthorize: defineOperation({
    method: 'POST',
    path: '/stores/:id/reauthorize',
    access,
    description:
      'For a store that `needs_reapproval` (the app now needs more scopes or a newer API version): the consent screen’s URL to grant them.',
    params: storeParamsSchema,
    responses: { 200: z.object({ data: storeConnectAnswerSchema }) },
  }),
  setStatus: defineOperation({
    method: 'PATCH',
    path: '/stores/:id/status',
    access,
    description:
      'Enables or disables a store; a disabled store neither syncs nor receives tracking.',
    params: storeParamsSchema,
    body: storeStatusSchema,
    responses: { 200: one },
  }),
  sync: defineOperation({
    method: 'POST',
    path: '/stores/:id/sync',
    access,
    description: 'Runs the store’s reconciliation now (it also runs on a schedule).',
    params: storeParamsSchema,
    responses: { 202: one },
  }),
  customerData: defineOperation({
    method: 'GET',
    path: '/stores/customer-data/:fileId',
    access,
    description:
      'A customer’s data a store asked for (Shopify `customers/data_request`), prepared as JSON for the merchant to hand over; its notification links here.',
    params: z.object({ fileId: z.uuid({ error: 'invalid' }) }),
    download: true,
  }),
  disconnect: defineOperation({
    method: 'DELETE',
    path: '/stores/:id',
    access,
    description:
      'Disconnects a store: its credentials are erased and its webhooks removed; its orders stay, no longer synced.',
    params: storeParamsSchema,
    responses: { 204: null },
  }),
});

/**
 * What the platforms deliver: each verified on its raw bytes (401 when missing or wrong),
 * stored once per platform event and processed in a job; answered at once.
 */
export const storeWebhooksContract = defineContract('store-webhooks', {
  shopify: defineOperation({
    method: 'POST',
    path: '/webhooks/stores/shopify',
    access: 'public',
    tags: ['webhooks'],
    summary: 'Shopify webhook (orders, compliance topics), signed',
    description:
      '`X-Shopify-Hmac-Sha256`: base64 HMAC-SHA256 of the raw body with the app’s secret. `X-Shopify-Topic`, `X-Shopify-Shop-Domain` and `X-Shopify-Event-Id` (stored once) name the delivery.',
    signed: { header: 'x-shopify-hmac-sha256' },
    responses: { 200: storeWebhookAnswerSchema },
  }),
  woocommerce: defineOperation({
    method: 'POST',
    path: '/webhooks/stores/woocommerce/:id',
    access: 'public',
    tags: ['webhooks'],
    summary: 'WooCommerce webhook of one store, signed',
    description:
      '`X-WC-Webhook-Signature`: base64 HMAC-SHA256 of the raw body with the store’s webhook secret; `X-WC-Webhook-Delivery-ID` stored once.',
    params: storeParamsSchema,
    signed: { header: 'x-wc-webhook-signature' },
    responses: { 200: storeWebhookAnswerSchema },
  }),
  mercadolibre: defineOperation({
    method: 'POST',
    path: '/webhooks/stores/mercadolibre',
    access: 'public',
    tags: ['webhooks'],
    summary: 'Mercado Libre notification (points at a resource)',
    description:
      'Unsigned, as Mercado Libre sends them: `{ _id, resource, user_id, topic, application_id, attempts, sent, received }`. Accepted only for a connected seller and our application id, stored once by `_id`, answered at once; the job fetches the resource with the seller’s token.',
    body: z.looseObject({
      _id: z.string().max(100),
      resource: z.string().max(300),
      user_id: z.union([z.number().int(), z.string().max(30)]),
      topic: z.string().max(50),
      application_id: z.union([z.number().int(), z.string().max(30)]),
    }),
    responses: { 200: storeWebhookAnswerSchema },
  }),
});

/** Where members download a customer data export a store asked for. */
export const storeCustomerDataUrl = (fileId: string) =>
  `/api/v1${storesContract.customerData.path.replace(':fileId', fileId)}`;
