import { createServer } from 'node:http';
import type { FastifyServerFactory } from 'fastify';
import type { PublicCache } from './public-cache.ts';
import { fixedSecurityHeaders } from './security-headers.ts';

/** Fastify's own defaults, which it sets only on a server it creates itself. */
const KEEP_ALIVE_TIMEOUT_MS = 72_000;

/**
 * The HTTP server under Fastify, with one step before it: an anonymous GET of a public page that
 * is in the cache is answered from there (`PublicCache.answerEarly`), without Fastify's routing,
 * hooks and reply. Most requests to a busy Encore are those, and through Fastify each cost twice
 * the CPU (docs/performance.md, "Public hits before Fastify"). Everything else, and every miss,
 * goes to Fastify as before. What the skipped hooks do is void for these requests: a GET passes
 * the CSRF guard, the pages' routes are public and not rate limited, and the answer's headers
 * (security ones included) are written with the bytes.
 */
export function serverAnsweringPublicHits(
  publicCache: PublicCache,
  publicUrl: string,
): FastifyServerFactory {
  // The policy is the page's (JSON or HTML), written with its other headers.
  const fixed = Object.entries(fixedSecurityHeaders(publicUrl)).flat();
  return (fastifyHandler) => {
    const server = createServer((req, res) => {
      if (!publicCache.answerEarly(req, res, fixed)) fastifyHandler(req, res);
    });
    server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
    server.requestTimeout = 0;
    return server;
  };
}
