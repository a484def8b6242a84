import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { textPart } from './src/lib/text-parts.ts';
import { lazyChunks } from './vite-lazy-chunks.ts';
import { precompress } from './vite-precompress.ts';

// In development the API runs on API_PORT (see scripts/dev.mjs) and Vite proxies /api to it.
const apiPort = process.env.API_PORT ?? '3001';

// What only the dashboard's lazy charts bring in (recharts, d3, redux…: ~470 KB), in 4 chunks
// (180, 170, 64 and 61 KB; with 3 the first was 246 KB, too near the limit).
const chartChunk = lazyChunks(
  fileURLToPath(
    new URL('./src/features/dashboard/components/DashboardCharts.tsx', import.meta.url),
  ),
  'charts',
  4,
);

export default defineConfig({
  plugins: [react(), precompress()],
  server: {
    port: Number(process.env.PORT ?? 3000),
    proxy: { '/api': `http://127.0.0.1:${apiPort}` },
  },
  build: {
    outDir: 'dist',
    sourcemap: true,
    // No chunk above 250 KB (issue 12): the first screen downloads only what it shows.
    chunkSizeWarningLimit: 250,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/,
              priority: 3,
            },
            { name: 'router', test: /node_modules[\\/]react-router[\\/]/, priority: 3 },
            // Schemas and forms: every form screen needs them. Apart, because the login loads zod
            // (its shared schema) on the first keystroke but not the form library.
            { name: 'zod', test: /node_modules[\\/]zod[\\/]/, priority: 2 },
            {
              name: 'forms',
              test: /node_modules[\\/](react-hook-form|@hookform[\\/]resolvers)[\\/]/,
              priority: 2,
            },
            // ProseMirror under the product description's editor (products/create, edit): a chunk
            // of its own, loaded with the editor only, keeps the editor's chunks under the limit.
            {
              name: 'prosemirror',
              test: /node_modules[\\/](prosemirror-[\w-]+|orderedmap|rope-sequence|w3c-keyname|linkifyjs)[\\/]/,
              priority: 2,
            },
            // What the cold sign-in screen draws with (decision 030), with its dependencies: one
            // file beside the entry, not ~40 small shared ones that cost a request and headers each.
            {
              name: 'login',
              test: /src[\\/]app[\\/](SignInShell|PublicProviders)\.tsx$/,
              priority: 1,
            },
            // The app's start past the sign-in (route table, guards, providers, HTTP client): one
            // chunk with what it imports, as the entry was before decision 030.
            { name: 'app', test: /src[\\/]app[\\/]App\.tsx$/, priority: 0 },
            {
              debugName: 'charts',
              name: chartChunk,
              // Their dependencies are theirs already, or shared modules that stay where they are.
              includeDependenciesRecursively: false,
              priority: -1,
            },
            // Per language, two chunks, not one per file: the signed-out screens' texts ("es")
            // and the rest ("es-app"); lib/i18n.ts loads those of the language on screen.
            {
              debugName: 'locales',
              name: (id) => {
                const [, language, namespace] =
                  /[\\/]locales[\\/](\w+)[\\/]([\w-]+)\.json$/.exec(id) ?? [];
                if (!language || !namespace) return null;
                return textPart(namespace) === 'public' ? language : `${language}-app`;
              },
              test: /[\\/]src[\\/]locales[\\/]/,
              priority: 3,
            },
          ],
        },
      },
    },
  },
});
