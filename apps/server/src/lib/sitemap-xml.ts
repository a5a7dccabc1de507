/** One <url> of a sitemap (sitemaps.org protocol 0.9): an absolute URL and its last change. */
export type SitemapEntry = { loc: string; lastmod: Date };

/** The protocol's limit of URLs in one sitemap file (it also caps a file at 50 MB unzipped). */
export const SITEMAP_MAX_URLS = 50_000;

const XML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};

function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => XML_ESCAPES[char] ?? char);
}

/** The sitemap document; `lastmod` as a W3C date (the day is all crawlers use). */
export function sitemapXml(entries: readonly SitemapEntry[]): string {
  const urls = entries.map(
    ({ loc, lastmod }) =>
      `<url><loc>${escapeXml(loc)}</loc><lastmod>${lastmod.toISOString().slice(0, 10)}</lastmod></url>`,
  );
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n');
}
