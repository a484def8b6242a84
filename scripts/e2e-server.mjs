// The server the Playwright specs run against (playwright.config.ts starts it): the real app as
// `npm start` runs it, serving the built SPA, on a throwaway embedded PostgreSQL in a fresh
// temporary DATA_DIR that is removed when it stops. Port and token secret come from
// e2e/support/env.ts (E2E_PORT overrides the port, default 3100).
import { existsSync } from 'node:fs';
import path from 'node:path';
import { tsImport } from 'tsx/esm/api';
import { root, startThrowawayApp } from './lib/throwaway-app.mjs';

const { E2E_PORT, E2E_BASE_URL, E2E_JWT_SECRET } = await tsImport(
  '../e2e/support/env.ts',
  import.meta.url,
);

if (!existsSync(path.join(root, 'apps/web/dist/index.html'))) {
  console.error('apps/web/dist is missing: run `npm run build` first (npm run test:e2e does).');
  process.exit(1);
}

const app = startThrowawayApp({
  port: E2E_PORT,
  name: 'e2e',
  env: {
    NODE_ENV: 'development', // the dev mailbox (/api/v1/dev/mailbox, /dev/mailbox) is on
    JWT_SECRET: E2E_JWT_SECRET,
    // Where the browser reaches the app: a store's consent screen sends it back here.
    APP_URL: E2E_BASE_URL,
    AUTH_RATE_LIMIT: process.env.E2E_AUTH_RATE_LIMIT ?? '1000',
    LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
  },
});

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => void app.stop().then(() => process.exit(0)));
}
const { code, signal } = await app.exited;
if (!app.isStopping()) {
  console.error(`e2e server: the app exited on its own (code ${code}, signal ${signal}).`);
  process.exit(code || 1);
}
