import { defineConfig, devices } from '@playwright/test';
import { E2E_BASE_URL } from './e2e/support/env';

/**
 * End-to-end specs against the real built app (scripts/e2e-server.mjs) in Debian's Chromium.
 * Playwright never downloads a browser here: `npm run test:e2e` makes sure /usr/bin/chromium
 * exists (scripts/ensure-chromium.mjs) and builds the web app first.
 */
export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results',
  // One worker: the machine has 2 cores, shared by Chromium, the API and PostgreSQL. Specs stay
  // independent (each creates its own users), so `--workers=2` works for a faster local run.
  workers: 1,
  fullyParallel: false,
  retries: 0,
  forbidOnly: !!process.env.CI,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['html', { outputFolder: 'playwright-report', open: 'never' }]],
  use: {
    baseURL: E2E_BASE_URL,
    locale: 'es-MX',
    timezoneId: 'America/Mexico_City',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    navigationTimeout: 15_000,
    actionTimeout: 10_000,
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: {
          executablePath: '/usr/bin/chromium',
          args: [
            '--no-sandbox',
            '--disable-gpu',
            '--disable-background-networking',
            '--disable-component-update',
            '--disable-sync',
            '--no-first-run',
            '--disable-quic',
          ],
        },
      },
    },
  ],
  webServer: {
    command: 'node scripts/e2e-server.mjs',
    // The sandbox carriers confirm a cancellation within seconds and the job runner polls often,
    // so the shipment specs see the refund land without waiting minutes (decision 017).
    env: { CARRIER_SANDBOX_CANCEL_DELAY_SECONDS: '3', JOBS_POLL_MS: '500' },
    url: `${E2E_BASE_URL}/api/v1/health`,
    // Never reuse a server started elsewhere: the specs rely on this one's token secret.
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'pipe',
    stderr: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 20_000 },
  },
});
