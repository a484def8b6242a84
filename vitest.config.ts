import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'domain',
          include: ['packages/domain/src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'api',
          include: ['apps/api/src/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['apps/api/test/global-setup.ts'],
          // Files share a worker's modules instead of importing the whole API again each (about
          // 2 s of CPU per file here): every file builds its own app on its own database, and no
          // API test mocks a module.
          isolate: false,
          testTimeout: 20_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['apps/web/src/test-setup.ts'],
        },
      },
      {
        // The web app's build steps (vite-precompress.ts) run in Node, not in the page.
        test: { name: 'web-build', include: ['apps/web/*.test.ts'], environment: 'node' },
      },
    ],
  },
});
