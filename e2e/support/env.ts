/**
 * Where the end-to-end server listens and the secret it signs access tokens with. Read by
 * `playwright.config.ts`, by `scripts/e2e-server.mjs` (through tsx) and by the specs.
 */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3100);
export const E2E_BASE_URL = `http://127.0.0.1:${E2E_PORT}`;
/** Only for the throwaway e2e server: lets specs mint tokens (e.g. an expired one). */
export const E2E_JWT_SECRET = 'despacho-e2e-only-secret-not-for-any-real-server-0001';
