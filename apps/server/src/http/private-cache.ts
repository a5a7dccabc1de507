import type { FastifyReply, FastifyRequest } from 'fastify';
import { userTag } from './cached-pages.ts';
import { type CachedPage, createPublicCache } from './public-cache.ts';

export type PrivatePage<T> = CachedPage<T>;

/**
 * Responses private to one signed-in user (the notification centre, the fan dashboard, Your
 * Alerts, the performer's and venue's dashboards, Discovery's search), cached per process with the
 * public pages' machinery (lib/public-response-cache.ts: bytes, compressed variants, ETag, the
 * commit race), keyed by the user's id (added here, never left out), route and query (the pages,
 * the tables each reads and the rows it follows: http/cached-pages.ts). A hit is served only after
 * `sync`: every change notice committed before the request has been handled (decision 029), so
 * a change is visible on the next request; when that cannot be known the page is read afresh.
 */
export function createPrivateCache(options: { off?: boolean } = {}) {
  const pages = createPublicCache({ off: options.off });
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
        // A change to one of the user's own rows (and their read mark) drops their pages.
        tags: async (value) => [userTag(userId), ...((await page.tags?.(value)) ?? [])],
      });
    },
  };
}

export type PrivateCache = ReturnType<typeof createPrivateCache>;
