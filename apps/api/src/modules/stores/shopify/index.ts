// The Shopify platform: its adapter and its sandbox store (issue 22).
export { createShopifyAdapter, type ShopifyAdapterOptions } from './shopify-adapter';
export { SANDBOX_SHOPIFY_APP, SHOPIFY_SCOPES, shopifyApp, type ShopifyApp } from './shopify-app';
export { webhookHmac } from './shopify-signatures';
export { ShopifySandbox, type SandboxOrderInput } from './shopify-sandbox';
export { buildShopifySandbox } from './shopify-sandbox.services';
export { shopifySandboxRoutes } from './shopify-sandbox.routes';
