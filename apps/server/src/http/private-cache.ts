import type { FastifyReply, FastifyRequest } from 'fastify';
import { type CachedPage, createPublicCache } from './public-cache.ts';

/** The tag of everything cached for one user. */
export const ownTag = (userId: string) => `user:${userId}`;

export type PrivatePage<T> = Omit<CachedPage<T>, 'key' | 'tables'> & {
  /**
   * Route and normalised query (http/cached-pages.ts' `cachedPage`); the user's id is added to it
   * here, never left out.
   */
  key: string;
  tables: readonly string[];
};

/**
 * Responses private to one signed-in user (the notification centre, the fan dashboard, Your
 * Alerts, the performer's and venue's dashboards, Discovery's search), cached per process with the
 * public pages' machinery (lib/public-response-cache.ts: bytes, compressed variants, ETag, the
 * commit race), keyed by the user's id, route and query (the pages and the tables each reads:
 * http/cached-pages.ts). A hit is served only after `sync`: every
 * change notice committed before the request has been handled (decision 029), so a change is
 * visible on the next request; when that cannot be known the page is read afresh.
 */
export function createPrivateCache() {
  const pages = createPublicCache();
  let sync: () => Promise<boolean> = async () => false;

  return {
    cache: pages.cache,

    /** The barrier of the connection that hears this cache's notices. */
    useSync(barrier: () => Promise<boolean>) {
      sync = barrier;
    },

    async send<T>(
      request: FastifyRequest,
      reply: FastifyReply,
      userId: string,
      page: PrivatePage<T>,
    ) {
      if (!(await sync())) return reply.send(await page.load());
      return pages.send(request, reply, {
        ...page,
        key: `${userId}\n${page.key}`,
        tables: [...page.tables, ownTag(userId)],
      });
    },
  };
}

export type PrivateCache = ReturnType<typeof createPrivateCache>;
