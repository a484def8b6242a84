// The WooCommerce platform: its adapter and its sandbox store (issue 22).
export {
  createWooCommerceAdapter,
  wooCommerceOptions,
  type WooCommerceAdapterOptions,
} from './woocommerce-adapter';
export { WooCommerceSandbox, type SandboxWooOrderInput } from './woocommerce-sandbox';
export { buildWooCommerceSandbox } from './woocommerce-sandbox.services';
export { wooCommerceSandboxRoutes } from './woocommerce-sandbox.routes';
