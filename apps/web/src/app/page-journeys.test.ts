import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROUTE_TABLE } from './route-table';

const e2e = join(import.meta.dirname, '../../../../e2e');

/**
 * Journeys that open every page of the route table by rote (a layout check, not a page's
 * journey): they do not count as a page's journey.
 */
const SWEEPS = new Set(['no-sideways-scroll.spec.ts']);

/**
 * Pages with no journey of their own yet, each with why. A page leaves this list when a journey
 * names its URL; the test fails on a page listed here that a journey now visits.
 */
const WITHOUT_JOURNEY: Record<string, string> = {
  '/venues/:id':
    'a venue’s public page: unit tests (shows-public) and the phone sweep only; a journey is owed',
};

/**
 * A journey visits a page when its text names the page's URL: in a `goto` ('/shows/${id}'), a
 * `toHaveURL` pattern (/\/shows\/[^/]+$/) or a link it follows. A `:param` stands for a template
 * hole, `[^/]+`, `\d+` or a literal segment; the URL must end there (a quote, `?`, `#`, `$`, `)`).
 */
function urlPattern(path: string): RegExp {
  const slash = String.raw`(?:/|\\/)`;
  if (path === '/') return /['"`]\/['"`?#]|\(\/\\\/\$\/\)/;
  const segments = path
    .split('/')
    .slice(1)
    .map((segment) =>
      segment.startsWith(':')
        ? String.raw`(?:\$\{[^}]+\}|\[\^/\]\+|\\d\+|[\w-]+)`
        : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/-/g, String.raw`(?:-|\\-)`),
    );
  return new RegExp(`${slash}${segments.join(slash)}(?=['"\`?#$)\\\\])`);
}

describe('the journeys (e2e/*.spec.ts)', () => {
  const journeys = readdirSync(e2e)
    .filter((name) => name.endsWith('.spec.ts') && !SWEEPS.has(name))
    .map((name) => ({ name, text: readFileSync(join(e2e, name), 'utf8') }));
  const pages = ROUTE_TABLE.map((row) => row.path).filter((path) => path !== '*');
  const visitedBy = (path: string) =>
    journeys.filter(({ text }) => urlPattern(path).test(text)).map(({ name }) => name);

  it('visit every page of the route table, or the page says why not', () => {
    expect(journeys.length).toBeGreaterThan(10);
    const missing = pages.filter((path) => !(path in WITHOUT_JOURNEY) && !visitedBy(path).length);
    expect(missing).toEqual([]);
  });

  it('leave no page on the list of pages without a journey once one visits it', () => {
    const stale = Object.keys(WITHOUT_JOURNEY).filter(
      (path) => !pages.includes(path) || visitedBy(path).length > 0,
    );
    expect(stale).toEqual([]);
  });

  it('are recognised by their URLs as journeys write them', () => {
    // biome-ignore lint/suspicious/noTemplateCurlyInString: a journey's template literal, as text
    expect(urlPattern('/shows/:id').test('goto(`/shows/${show.id}`)')).toBe(true);
    expect(urlPattern('/shows/:id').test('toHaveURL(/\\/shows\\/[^/]+$/)')).toBe(true);
    expect(urlPattern('/shows-attended').test('toHaveURL(/\\/shows-attended$/)')).toBe(true);
    expect(urlPattern('/unsubscribe').test('match(/\\/unsubscribe\\?token=/)')).toBe(true);
    expect(urlPattern('/').test("goto('/')")).toBe(true);
    // A longer URL is not its prefix's page.
    expect(urlPattern('/shows').test("goto('/shows-attending')")).toBe(false);
    expect(urlPattern('/my-shows').test("goto('/my-shows/new')")).toBe(false);
  });
});
