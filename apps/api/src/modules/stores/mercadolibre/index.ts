// The Mercado Libre platform (site MLM): its adapter and its sandbox (issue 22).
export { createMercadoLibreAdapter } from './mercadolibre-adapter';
export {
  mercadoLibreApp,
  sandboxApp,
  SANDBOX_MERCADOLIBRE_APP,
  type MercadoLibreApp,
} from './mercadolibre-app';
export { MercadoLibreSandbox, type SandboxMlOrderInput } from './mercadolibre-sandbox';
export { buildMercadoLibreSandbox } from './mercadolibre-sandbox.services';
export { mercadoLibreSandboxRoutes } from './mercadolibre-sandbox.routes';
