import type { StorePlatform } from '@despacho/domain';
import type { Config } from '../../config';
import type { Clock } from '../../platform/clock';
import { createMercadoLibreAdapter, mercadoLibreApp } from './mercadolibre';
import { createShopifyAdapter, shopifyApp } from './shopify';
import { StoreApiError, type StoreAdapter } from './store-adapter';
import { createWooCommerceAdapter, wooCommerceOptions } from './woocommerce';

/** One adapter per platform: the stores module speaks to every platform through it. */
export type StoreAdapters = Record<StorePlatform, StoreAdapter>;

/**
 * A platform whose adapter is not in this build: it connects nothing and answers every call
 * as unavailable, so the app still starts and the store screen says the platform cannot be
 * reached. The platforms' real factories (`createShopifyAdapter`, `createMercadoLibreAdapter`,
 * `createWooCommerceAdapter`) replace these in `storeAdapters` below.
 */
function unwired(platform: StorePlatform): StoreAdapter {
  const unavailable = () => {
    throw new StoreApiError('unavailable', `The ${platform} adapter is not wired`);
  };
  return {
    platform,
    sandbox: true,
    authorizeUrl: unavailable,
    authorize: async () => unavailable(),
    requiredGrant: () => ({ scopes: [] }),
    listOrdersChangedSince: async () => unavailable(),
    listOpenOrders: async () => unavailable(),
    getOrder: async () => unavailable(),
    registerWebhooks: async () => unavailable(),
    verifyWebhook: () => null,
    pushFulfilment: async () => unavailable(),
  };
}

/**
 * The adapters the app uses unless the composition root is given others (tests). Shopify without
 * its keys in production is not offered (`shopifyApp` is null): it answers as unwired.
 */
export function storeAdapters(deps: {
  config: Config;
  clock: Clock;
  log: { warn: (detail: Record<string, unknown>, message: string) => void };
}): StoreAdapters {
  const shopify = shopifyApp(deps.config);
  const mercadolibre = mercadoLibreApp(deps.config);
  return {
    shopify: shopify
      ? createShopifyAdapter(shopify, { warn: (message, detail) => deps.log.warn(detail, message) })
      : unwired('shopify'),
    mercadolibre: mercadolibre ? createMercadoLibreAdapter(mercadolibre) : unwired('mercadolibre'),
    woocommerce: createWooCommerceAdapter(wooCommerceOptions(deps.config)),
  };
}
