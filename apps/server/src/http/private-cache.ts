import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Compression } from '../lib/public-response-cache.ts';
import { userTag } from './cached-pages.ts';
import { type CachedPage, createPublicCache } from './public-cache.ts';

export type PrivatePage<T> = CachedPage<T>;

/**
 * A user's own page is read by its user alone, often once before the next change drops it: its
 * compression is paid about once per request, not shared by thousands. Brotli 2 / gzip 1 against
 * the public pages' 4 / 6, on Your Alerts' answers (every demo fan's, 14.6 KB on average): 88
 * instead of 172 µs of CPU for 4,064 instead of 3,847 bytes (gzip 91 instead of 133 µs).
 */
export const PRIVATE_COMPRESSION: Compression = { brotliQuality: 2, gzipLevel: 1 };

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
  const pages = createPublicCache({ off: options.off, compression: PRIVATE_COMPRESSION });
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
      // Nothing kept (PAGE_CACHES=off): no notice to wait for, the page is read afresh anyway.
      if (!options.off && !(await sync())) return reply.send(await page.load());
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
