import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/** Below this a response gains little from compression and pays its CPU all the same. */
export const COMPRESS_THRESHOLD_BYTES = 1024;

/**
 * Text, JSON, JavaScript and XML/SVG: what shrinks. Not text/event-stream (the notification
 * stream must reach the browser event by event, and it is hijacked anyway), nor images and
 * octet-streams (uploads are JPEG/PNG, already compressed).
 */
const COMPRESSIBLE = /^text\/(?!event-stream)|[+/]json(?:;|$)|[+/]xml(?:;|$)|javascript/u;

/**
 * Compresses responses (brotli, else gzip) for clients that accept it: API JSON above ~1 KB,
 * and the SPA's files that were not precompressed at build (http/static-spa.ts serves those
 * as built, with their Content-Encoding already set, which this plugin leaves alone). Brotli at
 * quality 4: 11 is for build time, at request time it costs more CPU than it saves bytes.
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
    customTypes: COMPRESSIBLE,
  });
}
