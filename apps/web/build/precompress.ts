import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { extname, join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin, ResolvedConfig } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Text formats: images and fonts in the build are compressed already. */
const COMPRESSIBLE = new Set([
  '.js',
  '.mjs',
  '.css',
  '.html',
  '.svg',
  '.json',
  '.webmanifest',
  '.txt',
  '.xml',
]);

/** The server's threshold for compressing at request time (http/compression.ts): the same idea. */
const MIN_BYTES = 1024;

async function filesUnder(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((entry) => {
      const path = join(folder, entry.name);
      return entry.isDirectory() ? filesUnder(path) : Promise.resolve([path]);
    }),
  );
  return nested.flat();
}

/** Writes `file.br` and `file.gz` beside `file`, each at its format's highest setting. */
async function precompressFile(path: string): Promise<void> {
  const bytes = await readFile(path);
  const [br, gz] = await Promise.all([
    brotli(bytes, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
      },
    }),
    gzipAsync(bytes, { level: constants.Z_BEST_COMPRESSION }),
  ]);
  await Promise.all([writeFile(`${path}.br`, br), writeFile(`${path}.gz`, gz)]);
}

/**
 * After `vite build`, writes brotli and gzip copies of every text file of the output (the hashed
 * assets, index.html, the manifest, the service worker's offline page) for the server to send as
 * they are (@fastify/static's `preCompressed`, apps/server/src/http/static-spa.ts). Compressing
 * once at build lets brotli run at its highest quality, which would cost too much per request.
 */
export function precompress(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'encore-precompress',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    async closeBundle() {
      const outDir = resolve(config.root, config.build.outDir);
      const files = await filesUnder(outDir);
      const worth = [];
      for (const file of files) {
        if (!COMPRESSIBLE.has(extname(file))) continue;
        if ((await stat(file)).size >= MIN_BYTES) worth.push(file);
      }
      await Promise.all(worth.map(precompressFile));
      config.logger.info(`precompress: wrote .br and .gz for ${worth.length} files`);
    },
  };
}
