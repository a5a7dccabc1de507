import type { onSendHookHandler } from 'fastify';
import { accessKey, isGuardedUrl } from './access-rules.ts';
import { CACHED_PAGES } from './cached-pages.ts';

/** A calendar app polls a fan's feed: it may keep it for five minutes, for that fan only. */
export const CALENDAR_FEED_CACHE = 'private, max-age=300';
/**
 * Every cache (browser, CDN) may keep a photo but must ask again before each use: a photo the
 * user deleted or replaced is gone at the next look, not a year later (second security probe). Asking again
 * costs a 304 with no body: the ETag is the key, whose bytes never change.
 */
export const PHOTO_CACHE = 'public, no-cache';

/**
 * The API routes whose answers a browser, proxy or CDN may keep, with the header each sets: the
 * public pages served from memory (their header in http/cached-pages.ts), a fan's calendar feed
 * and the photos. Every other answer under /api, /go and /uploads (errors and unmatched paths
 * included) is `Cache-Control: no-store`, set once by `cacheControl` below: a route that reads or
 * changes someone's own data needs to do nothing to stay out of caches, and a listed route still
 * gets no-store on any answer where it sets no header itself (a signed-in view, an error). Keys
 * as in access-rules.ts; `test/security/access-matrix.test.ts` checks every answer it sees.
 * (The SPA's files, /robots.txt and /sitemap.xml are outside the API and set their own.)
 */
export const CACHEABLE_ROUTES: Readonly<Record<string, string>> = {
  ...Object.fromEntries(
    Object.values(CACHED_PAGES).flatMap((page) =>
      page.cache === 'public' ? [[page.route, page.cacheControl]] : [],
    ),
  ),
  'GET /api/calendar/:token.ics': CALENDAR_FEED_CACHE,
  'GET /uploads/:key': PHOTO_CACHE,
};

/** Sets no-store on every guarded answer that is not a listed route's own cacheable one. */
export function cacheControl(): onSendHookHandler {
  // A callback, not an async function: run on every answer, a promise apiece is measurable.
  return (request, reply, payload, done) => {
    const url = request.routeOptions.url ?? request.url;
    if (isGuardedUrl(url)) {
      const listed = Object.hasOwn(CACHEABLE_ROUTES, accessKey(request.method, url));
      if (!listed || !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    }
    done(null, payload);
  };
}
