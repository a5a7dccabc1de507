import { escapeHtml } from './escape-html.ts';

/** What a public page says of itself to a tab, a search engine and a link preview. */
export type PageHead = {
  /** The tab's title, as the web app sets it ("Name · Encore"). */
  title: string;
  /** The title in a preview, where `og:site_name` names Encore. */
  previewTitle: string;
  description: string;
  /** The page's absolute URL (canonical). */
  url: string;
  /** An absolute image URL, and what it shows. */
  image: string;
  imageAlt: string;
};

const SITE_NAME = 'Encore';

/**
 * The head's tags for `head`: title, description, canonical link, Open Graph and the Twitter
 * card (which reads the rest from Open Graph). Every value is typed by someone (names, bios):
 * each is escaped for its attribute or text.
 */
export function pageHeadHtml(head: PageHead): string {
  const meta = (key: 'name' | 'property', name: string, content: string) =>
    `<meta ${key}="${name}" content="${escapeHtml(content)}">`;
  return [
    `<title>${escapeHtml(head.title)}</title>`,
    meta('name', 'description', head.description),
    `<link rel="canonical" href="${escapeHtml(head.url)}">`,
    meta('property', 'og:site_name', SITE_NAME),
    meta('property', 'og:type', 'website'),
    meta('property', 'og:title', head.previewTitle),
    meta('property', 'og:description', head.description),
    meta('property', 'og:url', head.url),
    meta('property', 'og:image', head.image),
    meta('property', 'og:image:alt', head.imageAlt),
    meta('name', 'twitter:card', 'summary'),
  ].join('\n    ');
}

/** Longest description kept: search results and previews cut near 160–200 characters. */
const DESCRIPTION_MAX = 200;

/** `text` on one line, cut at a word before DESCRIPTION_MAX with an ellipsis. */
export function shortDescription(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  if (line.length <= DESCRIPTION_MAX) return line;
  const cut = line.slice(0, DESCRIPTION_MAX - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > DESCRIPTION_MAX / 2 ? cut.slice(0, space) : cut).replace(/[\s,.;:]+$/, '')}…`;
}
