import { storeWebhooksContract } from '@despacho/domain';
import { implement } from '../../platform/contract-routes';
import type { AppModule } from '../services';

/**
 * What the platforms deliver (`storeWebhooksContract`): Shopify's and WooCommerce's bodies come
 * as raw bytes (their signatures cover them); Mercado Libre's unsigned notifications are parsed
 * by the contract and handed to its adapter as the bytes of that JSON.
 */
export const storeWebhooksRoutes: AppModule = async (app, { storeDeliveries }) => {
  implement(app, storeWebhooksContract, {
    shopify: async (request) => ({
      data: await storeDeliveries.ingest('shopify', request.body, request.headers),
    }),
    woocommerce: async (request) => ({
      data: await storeDeliveries.ingest(
        'woocommerce',
        request.body,
        request.headers,
        request.params.id,
      ),
    }),
    mercadolibre: async (request) => ({
      data: await storeDeliveries.ingest(
        'mercadolibre',
        Buffer.from(JSON.stringify(request.body)),
        request.headers,
      ),
    }),
  });
};
