import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from './app-error.ts';
import type { CachedPage, PublicCache } from './public-cache.ts';
import type { SpaShell } from './spa-index.ts';

/** The HTML of a page is revalidated on every load, as index.html: it names the build's scripts. */
const HTML_CACHE = 'no-cache';

/**
 * A public page's HTML: the web app's index.html with the page's own title, description and
 * preview tags (services/page-head.service.ts), so a crawler or a link preview that runs no script
 * reads the page. The head is made from the JSON page the API serves, taken from the public cache
 * (`value`: one read for both), and kept in the same cache under its own key with the JSON page's
 * tables and tags, so whatever drops the JSON page drops its HTML; its bytes are compressed once
 * per entry and encoding, with an ETag (304) and the early answer (http/cached-hits.ts) as the
 * JSON's. Without a web build, the app's not-found answer, as every page then.
 */
export function createPageHtml(publicCache: PublicCache, shell: SpaShell | null) {
  /** The HTML twin of a JSON page: its key marked, its dependencies and turns the same. */
  function htmlOf<T>(page: CachedPage<T>, head: (value: T) => string): CachedPage<T> {
    return {
      key: `html|${page.key}`,
      tables: page.tables,
      byRow: page.byRow,
      tags: page.tags,
      expiresAt: page.expiresAt,
      cacheControl: HTML_CACHE,
      load: () => publicCache.value(page),
      html: (value) => (shell as SpaShell).withHead(head(value)),
    };
  }

  return {
    /**
     * The page's HTML; for a page nobody may see (an unknown id, a place the listing does not
     * know), the not-found page: 404 and `noindex`. `viewerMaySeeMore`: a request with a cookie
     * gets the plain index.html instead, since its viewer may see what strangers may not (a show
     * still waiting for its other party's word), and the app then asks the API as that viewer.
     */
    async send<T>(
      request: FastifyRequest,
      reply: FastifyReply,
      page: CachedPage<T>,
      head: (value: T) => string,
      { viewerMaySeeMore = false } = {},
    ): Promise<FastifyReply> {
      if (!shell) return withoutWebBuild(reply);
      try {
        return await publicCache.send(request, reply, htmlOf(page, head));
      } catch (error) {
        if (!isNothingThere(error)) throw error;
        if (viewerMaySeeMore && request.headers.cookie) return shell.sendPage(request, reply);
        return shell.sendNotFound(request, reply);
      }
    },

    /** A page whose head depends on nothing stored (the listing's search box), cached all the same. */
    sendFixed(
      request: FastifyRequest,
      reply: FastifyReply,
      name: string,
      head: () => string,
    ): FastifyReply | Promise<FastifyReply> {
      if (!shell) return withoutWebBuild(reply);
      return publicCache.send(request, reply, {
        key: `html|${name}`,
        tables: [],
        byRow: [],
        cacheControl: HTML_CACHE,
        load: async () => null,
        html: () => shell.withHead(head()),
      });
    },

    /** The not-found page (a listing query that cannot be read is no page either). */
    sendNotFound(request: FastifyRequest, reply: FastifyReply): FastifyReply {
      if (!shell) return withoutWebBuild(reply);
      return shell.sendNotFound(request, reply);
    },
  };
}

export type PageHtml = ReturnType<typeof createPageHtml>;

/** The app's not-found answer (JSON), as for every page without a web build. */
function withoutWebBuild(reply: FastifyReply): FastifyReply {
  reply.callNotFound();
  return reply;
}

/** The API's answers for "no such page": not found, or a listing's place that is not one. */
const isNothingThere = (error: unknown) =>
  error instanceof AppError && (error.code === 'NOT_FOUND' || error.code === 'VALIDATION_FAILED');
