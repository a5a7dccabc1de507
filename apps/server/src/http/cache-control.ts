import type { onSendHookHandler } from 'fastify';
import { accessKey, isGuardedUrl } from './access-rules.ts';

/**
 * The API routes whose answers a browser, proxy or CDN may keep, each with the header its route sets
 * and why. Every other answer under /api, /go and /uploads (errors and unmatched paths included)
 * is `Cache-Control: no-store`, set once by `cacheControl` below: a route that reads or changes
 * someone's own data needs to do nothing to stay out of caches, and a route that opts in here
 * still gets no-store on any answer where it sets no header itself (a signed-in view, an error).
 * Keys as in access-rules.ts; `test/security/access-matrix.test.ts` checks every answer it sees.
 * (The SPA's files, /robots.txt and /sitemap.xml are outside the API and set their own.)
 */
export const CACHEABLE_ROUTES: Readonly<Record<string, string>> = {
  // Public pages from memory (http/public-cache.ts): the same for everyone, revalidated by ETag.
  'GET /api/shows/:id': 'no-cache, the anonymous page (a signed-in viewer’s page is no-store)',
  'GET /api/artists/:id': 'no-cache, the page without a fan’s own alert',
  'GET /api/venues/:id': 'no-cache, the page as everyone sees it',
  'GET /api/shows': 'public, max-age=60: the city listing, shared as a link',
  'GET /api/calendar/:token.ics': 'private, max-age=300: a calendar app polls the feed',
  'GET /uploads/:key': 'public, no-cache with an ETag: a deleted photo goes at the next look',
};

/** Sets no-store on every guarded answer that is not a listed route's own cacheable one. */
export function cacheControl(): onSendHookHandler {
  return async (request, reply) => {
    const url = request.routeOptions.url ?? request.url;
    if (!isGuardedUrl(url)) return;
    const listed = Object.hasOwn(CACHEABLE_ROUTES, accessKey(request.method, url));
    if (!listed || !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
  };
}
