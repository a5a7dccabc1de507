/** Where each kind of public page lives in the web app (apps/web/src/config/paths.ts). */
const PAGE_PATHS = {
  artist: '/artists/',
  venue: '/venues/',
  show: '/shows/',
} as const;

export type PublicPageKind = keyof typeof PAGE_PATHS;

/** A public page's absolute URL, as the sitemap and the pages' own heads name it. */
export function publicPageUrl(publicUrl: string, kind: PublicPageKind, id: string): string {
  return `${publicUrl}${PAGE_PATHS[kind]}${encodeURIComponent(id)}`;
}
