import { publicPageUrl } from '../lib/page-urls.ts';
import { SITEMAP_MAX_URLS, sitemapXml } from '../lib/sitemap-xml.ts';
import type { SitemapRepo } from '../repositories/sitemap.repo.ts';

/**
 * The API reads the public pages need, allowed before `Disallow: /api/`: a crawler that runs the
 * page's script (Googlebot does) must fetch them to see the page's content. Crawlers that take
 * the first matching line read these first; Google takes the most specific, the same answer.
 */
const CRAWLABLE_API = ['/api/artists/', '/api/venues/', '/api/shows/', '/api/account/session'];

/**
 * The app's pages behind a sign-in, and links with side effects (/go/ counts ticket clicks):
 * nothing a crawler may see or should trigger. Disallow matches by prefix, so `/shows-attending`
 * does not hide `/shows/`.
 */
const PRIVATE_PREFIXES = [
  '/api/',
  '/go/',
  '/auth/',
  '/profile/',
  '/onboarding/',
  '/settings/',
  '/dashboard',
  '/performer-dashboard',
  '/venue-dashboard',
  '/my-shows',
  '/notifications',
  '/discovery',
  '/recommended',
  '/alerts',
  '/watching',
  '/shows-attending',
  '/shows-attended',
  '/social',
  '/fans/',
  '/unsubscribe',
];

/** robots.txt and the sitemap of the public artist, venue and show pages. */
export function createSeoService(repo: SitemapRepo, publicUrl: string) {
  return {
    robotsTxt(): string {
      return [
        '# Encore: public artist, venue and show pages are listed in the sitemap.',
        'User-agent: *',
        ...CRAWLABLE_API.map((path) => `Allow: ${path}`),
        ...PRIVATE_PREFIXES.map((path) => `Disallow: ${path}`),
        '',
        `Sitemap: ${publicUrl}/sitemap.xml`,
        '',
      ].join('\n');
    },

    /** Capped at the protocol's 50,000 URLs: past that, the furthest shows are left out. */
    async sitemapXml(): Promise<string> {
      const pages = await repo.publicPages(SITEMAP_MAX_URLS);
      return sitemapXml(
        pages.map((page) => ({
          loc: publicPageUrl(publicUrl, page.kind, page.id),
          lastmod: page.updatedAt,
        })),
      );
    },
  };
}

export type SeoService = ReturnType<typeof createSeoService>;
