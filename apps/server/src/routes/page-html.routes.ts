import { ZCityShowsQuery, zSingleLineText } from '@encore/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CACHED_PAGES } from '../http/cached-pages.ts';
import { mediaAnswer } from '../http/openapi-media.ts';
import { operationId } from '../http/openapi-operations.ts';
import type { PageHtml } from '../http/page-html.ts';
import { pageValue } from '../http/profile-page-json.ts';
import type { PublicPages } from '../http/public-pages.ts';
import type { PageHeads } from '../services/page-head.service.ts';

export type PageHtmlRoutesOptions = { html: PageHtml; publicPages: PublicPages; heads: PageHeads };

/** As the JSON routes take an id; any other answers the not-found page, not a JSON 400. */
const ZId = zSingleLineText().min(1).max(200);
/** Documented, not enforced: a link may carry anything (a preview adds `fbclid`). */
const params = z.object({ id: z.string() });
/** `getShowsByIdHtml`: the JSON route at `/api/shows/:id` has the name without `Html`. */
const htmlId = (path: string) => `${operationId('GET', path)}Html`;
const response = {
  200: mediaAnswer('text/html', 'The web app’s index.html with the page’s title and preview tags'),
  404: mediaAnswer('text/html', 'The web app’s index.html for a page that is not there, noindex'),
};

/**
 * The public pages' HTML at their web app URLs (/shows/:id, /artists/:id, /venues/:id, /shows):
 * index.html with the page's title, description and preview tags (http/page-html.ts), for
 * crawlers and link previews that run no script; the app then starts as on any page.
 */
export const pageHtmlRoutes: FastifyPluginAsyncZod<PageHtmlRoutesOptions> = async (app, o) => {
  const { html, publicPages, heads } = o;
  const summary = (what: string) =>
    `${what}: the web app’s HTML with its title, description and link preview tags (404 when there is no such page)`;
  async function cityPage(request: FastifyRequest, reply: FastifyReply) {
    const given = cityParams(request.query);
    if (given.near === undefined) {
      return html.sendFixed(request, reply, 'city-search', heads.citySearch);
    }
    const query = ZCityShowsQuery.safeParse(given);
    if (!query.success) return html.sendNotFound(request, reply);
    return html.send(request, reply, publicPages.city(query.data), (page) =>
      heads.city(page, query.data),
    );
  }
  const byId = (
    path: string,
    what: string,
    send: (id: string, request: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply>,
  ) =>
    app.get(
      path,
      {
        schema: {
          tags: ['pages'],
          summary: summary(what),
          operationId: htmlId(path),
          params,
          response,
        },
      },
      async (request, reply) => {
        // The router gives `/shows/` an empty id; the web app's router, the listing at /shows.
        if (request.params.id === '' && path === '/shows/:id') return cityPage(request, reply);
        const id = ZId.safeParse(request.params.id);
        if (!id.success) return html.sendNotFound(request, reply);
        return send(id.data, request, reply);
      },
    );

  byId('/shows/:id', 'A show’s page', (id, request, reply) =>
    html.send(request, reply, publicPages.show(id), heads.show, { viewerMaySeeMore: true }),
  );
  byId('/artists/:id', 'An artist’s page', (id, request, reply) =>
    html.send(request, reply, publicPages.artist(id), (page) => heads.artist(pageValue(page))),
  );
  byId('/venues/:id', 'A venue’s page', (id, request, reply) =>
    html.send(request, reply, publicPages.venue(id), (page) => heads.venue(pageValue(page))),
  );

  app.get(
    '/shows',
    {
      schema: {
        tags: ['pages'],
        summary: summary('Shows near a city or ZIP (?near=)'),
        operationId: htmlId('/shows'),
        response,
      },
    },
    async (request, reply) => cityPage(request, reply),
  );
};

/**
 * The listing's parameters as the web page reads them (apps/web's `cityParams`): the known names
 * with a value, trimmed; anything else in the URL is not the page's.
 */
function cityParams(query: unknown): Record<string, string> {
  const given: Record<string, string> = {};
  const all = (query ?? {}) as Record<string, unknown>;
  for (const name of CACHED_PAGES.city.key) {
    const raw = all[name];
    const value = (Array.isArray(raw) ? raw[0] : raw)?.toString().trim();
    if (value) given[name] = value;
  }
  return given;
}
