import { SPA_PAGE_PATHS } from '@encore/contract';

/**
 * The web app's page patterns as React Router matches them (its `compilePath`): any case, trailing
 * slashes allowed, a `:param` one non-empty segment. A path the server calls a page must be one the
 * app draws as a page, or a real page would answer 404 to crawlers.
 */
const PATTERNS = SPA_PAGE_PATHS.map((path) => {
  const source = path
    .replace(/[\\.*+^${}|()[\]]/g, '\\$&')
    .replace(/\/:[\w-]+/g, () => '/([^\\/]+)');
  return new RegExp(`^${source}\\/*$`, 'i');
});

/** Whether the web app has a page at `url` (its path; the query and fragment do not count). */
export function isSpaPage(url: string): boolean {
  const end = url.search(/[?#]/);
  const path = decodeSegments(end < 0 ? url : url.slice(0, end));
  return PATTERNS.some((pattern) => pattern.test(path));
}

/** Each segment decoded, as the router does before matching (an encoded `/` stays in its segment). */
function decodeSegments(path: string): string {
  return path
    .split('/')
    .map((segment) => {
      try {
        return decodeURIComponent(segment).replaceAll('/', '%2F');
      } catch {
        return segment;
      }
    })
    .join('/');
}
