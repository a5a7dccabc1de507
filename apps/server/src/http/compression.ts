import { constants } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import { ONCE_COMPRESSION } from '../lib/public-response-cache.ts';

/** Below this a response gains little from compression and pays its CPU all the same. */
export const COMPRESS_THRESHOLD_BYTES = 1024;

/**
 * Up to this size a response is compressed in one synchronous call, not through zlib streams.
 * @fastify/compress picks 8 KB on 2 cores (more cores, less: it counts on the thread pool to
 * compress beside the event loop), so every API page above 8 KB took the stream path, whose
 * JavaScript alone (stream setup, chunk writes, callbacks) cost more main-thread CPU than
 * compressing the page at once (issue 29: a CPU profile of uncached pages). With one API
 * process per core there is no spare core for the pool to use anyway. At brotli 2 a 62 KB page
 * took ~0.45 ms, so 256 KB holds the event loop for a couple of milliseconds at most; larger
 * answers (exports) stream.
 */
export const COMPRESS_SYNC_MAX_BYTES = 256 * 1024;

/**
 * Text, JSON, JavaScript and XML/SVG: what shrinks. Not text/event-stream (the notification
 * stream must reach the browser event by event, and it is hijacked anyway), nor images and
 * octet-streams (uploads are JPEG/PNG, already compressed).
 */
const COMPRESSIBLE = /^text\/(?!event-stream)|[+/]json(?:;|$)|[+/]xml(?:;|$)|javascript/u;

/**
 * Compresses responses (brotli, else gzip) for clients that accept it: API JSON above ~1 KB,
 * and the SPA's files that were not precompressed at build (http/static-spa.ts serves those
 * as built, with their Content-Encoding already set, which this plugin leaves alone). Each answer
 * here is compressed for one request, so at ONCE_COMPRESSION's levels (brotli 2, gzip 1), as the
 * page caches compress a page read for one request: Your Alerts' 25.8 KB first page took 0.39 ms
 * at brotli 4 and 0.23 ms at 2, for 6.3 against 6.7 KB (issue 29). 11 is for build time.
 * Registered before every route: it hooks routes as they are added. Request bodies are never
 * inflated (globalDecompression false): nothing sends compressed bodies, and inflating them
 * would let a small request grow past the body limit's intent.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, {
    global: true,
    globalDecompression: false,
    encodings: ['br', 'gzip'],
    threshold: COMPRESS_THRESHOLD_BYTES,
    syncThreshold: COMPRESS_SYNC_MAX_BYTES,
    brotliOptions: {
      params: {
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_QUALITY]: ONCE_COMPRESSION.brotliQuality,
      },
    },
    zlibOptions: { level: ONCE_COMPRESSION.gzipLevel },
    customTypes: COMPRESSIBLE,
  });
}
