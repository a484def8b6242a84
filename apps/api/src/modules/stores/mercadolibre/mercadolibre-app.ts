import type { Config } from '../../../config';

/** The development app the sandbox knows; never valid at Mercado Libre. */
export const SANDBOX_MERCADOLIBRE_APP = {
  appId: '7000000000000001',
  clientSecret: 'meli_despacho_sandbox_development_secret',
} as const;

/** Where the sandbox is mounted, beside the app and outside /api/v1 (like decision 013). */
export const MERCADOLIBRE_SANDBOX_PATH = '/sandbox/mercadolibre';

/** What Mercado Libre grants a seller app: reading and writing, and refresh tokens. */
export const MERCADOLIBRE_SCOPES = ['offline_access', 'read', 'write'] as const;

/** Access tokens live 6 hours (`expires_in: 21600`). */
export const ACCESS_TOKEN_TTL_SECONDS = 21_600;

/** How the adapter reaches Mercado Libre: the app, and the three origins it calls. */
export interface MercadoLibreApp {
  appId: string;
  clientSecret: string;
  /** The consent screen (MLM's auth domain). */
  authOrigin: string;
  /** The REST API (`/oauth/token`, `/orders/search`…). */
  apiOrigin: string;
  sandbox: boolean;
}

/**
 * The app the configuration describes: the real one when its id and secret are set, else the
 * sandbox's outside production (served by this process at `APP_URL`); null in production
 * without them (not offered).
 */
export function mercadoLibreApp(config: Config): MercadoLibreApp | null {
  if (config.MERCADOLIBRE_APP_ID && config.MERCADOLIBRE_CLIENT_SECRET) {
    return {
      appId: config.MERCADOLIBRE_APP_ID,
      clientSecret: config.MERCADOLIBRE_CLIENT_SECRET,
      authOrigin: 'https://auth.mercadolibre.com.mx',
      apiOrigin: 'https://api.mercadolibre.com',
      sandbox: false,
    };
  }
  if (config.NODE_ENV === 'production') return null;
  return sandboxApp(config.APP_URL);
}

/** The sandbox's app, served at `origin` (tests pass their ephemeral server's). */
export function sandboxApp(origin: string): MercadoLibreApp {
  return {
    ...SANDBOX_MERCADOLIBRE_APP,
    authOrigin: `${origin}${MERCADOLIBRE_SANDBOX_PATH}`,
    apiOrigin: `${origin}${MERCADOLIBRE_SANDBOX_PATH}/api`,
    sandbox: true,
  };
}
