import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/**
 * Compresses answers on the fly, brotli first, then gzip, for clients that accept them: JSON and
 * other text above 1 KB, and streamed downloads of text (CSV, XML) whatever their size. Images,
 * PDFs and answers already encoded (the SPA's precompressed assets, see spa.ts) go as they are.
 * Registered before the routes: the plugin attaches itself to each route as it is declared.
 * Brotli at quality 4 (the plugin's default): at 11 a large JSON answer would cost more CPU than
 * the bytes it saves.
 */
export async function registerCompression(app: FastifyInstance) {
  await app.register(compress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    // Answers only: request bodies stay as they were, read plain and within the body limit.
    globalDecompression: false,
  });
}
