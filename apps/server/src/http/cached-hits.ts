import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { FastifyServerFactory } from 'fastify';
import type { PublicCache } from './public-cache.ts';
import { fixedSecurityHeaders } from './security-headers.ts';

/** Fastify's own defaults, which it sets only on a server it creates itself. */
const KEEP_ALIVE_TIMEOUT_MS = 72_000;

/**
 * The users' own pages' early answer (http/private-cache.ts' `answerEarly` with the session read
 * from memory), set once the session cache and the private cache exist, after Fastify.
 */
export type OwnPageHits = {
  answer?: (
    req: IncomingMessage,
    res: ServerResponse,
    fixed: readonly string[],
  ) => false | Promise<boolean>;
};

/**
 * The HTTP server under Fastify, with one step before it: a GET of a page that is in a cache is
 * answered from there, without Fastify's routing, hooks and reply. Most requests to a busy Encore
 * are those, and through Fastify each costs twice the CPU (docs/performance.md, "Public hits
 * before Fastify"). Two kinds:
 * - an anonymous GET of a public page (`PublicCache.answerEarly`), at once;
 * - a signed-in user's GET of their own page (`ownPages`), once the change notices committed
 *   before it are handled, as through Fastify (http/private-cache.ts).
 * Everything else, and every miss, goes to Fastify as before. What the skipped hooks do is void
 * for these requests: a GET passes the CSRF guard, the session and role the access guard asks for
 * are checked from the same memory, these routes are not rate limited, and the answer's headers
 * (security ones included) are written with the bytes.
 */
export function serverAnsweringCachedHits(
  publicCache: PublicCache,
  publicUrl: string,
  ownPages: OwnPageHits,
): FastifyServerFactory {
  // The policy is the page's (JSON or HTML), written with its other headers.
  const fixed = Object.entries(fixedSecurityHeaders(publicUrl)).flat();
  return (fastifyHandler) => {
    const server = createServer((req, res) => {
      if (publicCache.answerEarly(req, res, fixed)) return;
      const own = req.headers.cookie !== undefined && ownPages.answer?.(req, res, fixed);
      if (!own) return fastifyHandler(req, res);
      own.then(
        (answered) => answered || fastifyHandler(req, res),
        // Nothing written: Fastify answers, and meets (and logs) the same failure if it lasts.
        () => res.headersSent || fastifyHandler(req, res),
      );
    });
    server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
    server.requestTimeout = 0;
    return server;
  };
}
