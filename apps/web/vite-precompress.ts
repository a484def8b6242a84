import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Text the browser fetches; source maps are for developers and stay plain. */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt)$/;
/** Below this the headers outweigh the saving (the API's on-the-fly threshold too). */
const MIN_BYTES = 1024;

/** The `.br` and `.gz` of one file at the highest levels; a variant that saves nothing is left out. */
export async function precompressFile(file: string): Promise<string[]> {
  const content = await readFile(file);
  if (content.length < MIN_BYTES) return [];
  const variants: [string, Buffer][] = [
    [
      '.br',
      await brotli(content, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
        },
      }),
    ],
    ['.gz', await gzipAsync(content, { level: constants.Z_BEST_COMPRESSION })],
  ];
  const written: string[] = [];
  for (const [extension, compressed] of variants) {
    if (compressed.length >= content.length) continue;
    await writeFile(file + extension, compressed);
    written.push(file + extension);
  }
  return written;
}

/**
 * Writes `.br` and `.gz` beside every compressible file of the build, once, at levels too slow
 * for each request; the API serves them as they are (`preCompressed` in apps/api's spa.ts).
 */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'despacho:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async writeBundle(_options, bundle) {
      const files = Object.keys(bundle).filter((name) => COMPRESSIBLE.test(name));
      await Promise.all(files.map((name) => precompressFile(path.join(outDir, name))));
    },
  };
}
