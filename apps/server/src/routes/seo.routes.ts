import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { mediaAnswer } from '../http/openapi-media.ts';
import type { SeoService } from '../services/seo.service.ts';

/** Crawlers come back daily at most; an hour in caches spares the database a sitemap per visit. */
const CRAWLER_CACHE = 'public, max-age=3600';

/**
 * GET /robots.txt and GET /sitemap.xml, at the site's root where crawlers look for them (before
 * these, both answered the SPA's index.html). Text, not JSON: each answer a
 * `mediaAnswer`.
 */
export const seoRoutes: FastifyPluginAsyncZod<{ service: SeoService }> = async (
  app,
  { service },
) => {
  app.get(
    '/robots.txt',
    {
      schema: {
        tags: ['operations'],
        summary: 'Crawler rules: the private areas disallowed, and where the sitemap is',
        response: { 200: mediaAnswer('text/plain', 'robots.txt') },
      },
    },
    async (_request, reply) =>
      reply
        .type('text/plain; charset=utf-8')
        .header('cache-control', CRAWLER_CACHE)
        .send(service.robotsTxt()),
  );

  app.get(
    '/sitemap.xml',
    {
      schema: {
        tags: ['operations'],
        summary:
          'Sitemap of the public artist, venue and upcoming confirmed show pages (at most 50,000)',
        response: { 200: mediaAnswer('application/xml', 'A sitemaps.org urlset') },
      },
    },
    async (_request, reply) =>
      reply
        .type('application/xml; charset=utf-8')
        .header('cache-control', CRAWLER_CACHE)
        .send(await service.sitemapXml()),
  );
};
