import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: [
    './apps/api/src/modules/*/*.tables.ts',
    // A platform's sandbox store inside a module (stores/shopify/…).
    './apps/api/src/modules/*/*/*.tables.ts',
    './apps/api/src/platform/*.tables.ts',
  ],
  out: './apps/api/src/db/migrations',
  casing: 'snake_case',
});
