import { GENRES, genreSlug } from '@encore/contract';
import type { Browser, Page } from '@playwright/test';
import { paths } from '../apps/web/src/config/paths.ts';
import { budget } from './support/budget.ts';
import { expect, test } from './support/csp-guard.ts';
import { DEMO_SERVER_URL, demoLogin } from './support/demo.ts';

/**
 * On a phone (390×844) no page of the route table scrolls sideways, each opened by the
 * role it is for with the demo data it shows (the genre and Recommended cards once ran 473 and
 * 429 px wide). The pages come from config/paths, so a page added there without a visit here fails
 * the first test.
 */
test.use({ baseURL: DEMO_SERVER_URL, viewport: { width: 390, height: 844 } });
// Forty-odd pages in four sessions: a budget, not a speed goal.
test.describe.configure({ timeout: budget(180_000) });

type Role = 'guest' | 'fan' | 'performer' | 'venue';

/** Not pages: the server's ticket redirect (it leaves the app) and the catch-all. */
const NOT_PAGES = new Set<string>([paths.ticketLink.path]);

/** Every page's path and who opens it; `:id` pages get their demo ids from the pages themselves. */
const VISITS: Record<string, readonly Role[]> = {
  [paths.splash.path]: ['guest'],
  [paths.landing.path]: ['guest'],
  [paths.auth.root.path]: ['guest'],
  [paths.auth.login.path]: ['guest'],
  [paths.auth.createAccount.path]: ['guest'],
  [paths.fan.setup.path]: ['fan'],
  [paths.fan.settings.path]: ['fan'],
  [paths.fan.onboardingLocation.path]: ['fan'],
  [paths.fan.onboardingSpotify.path]: ['fan'],
  [paths.fan.onboardingSpotifyCallback.path]: ['fan'],
  [paths.fan.dashboard.path]: ['fan'],
  [paths.fan.discovery.path]: ['fan'],
  [paths.fan.discoveryGenre.path]: ['fan'],
  [paths.fan.alerts.path]: ['fan'],
  [paths.fan.social.path]: ['fan'],
  [paths.fan.watching.path]: ['fan'],
  [paths.fan.showsAttending.path]: ['fan'],
  [paths.fan.showsAttended.path]: ['fan'],
  [paths.fan.recommended.path]: ['fan'],
  [paths.fanProfile.path]: ['fan'],
  [paths.notifications.path]: ['fan', 'performer', 'venue'],
  [paths.unsubscribe.path]: ['guest'],
  [paths.confirmEmail.path]: ['guest'],
  [paths.performer.setup.path]: ['performer'],
  [paths.performer.settings.path]: ['performer'],
  [paths.performer.dashboard.path]: ['performer'],
  [paths.venue.setup.path]: ['venue'],
  [paths.venue.settings.path]: ['venue'],
  [paths.venue.dashboard.path]: ['venue'],
  [paths.show.path]: ['guest', 'fan'],
  [paths.cityShows.path]: ['guest'],
  [paths.artistPage.path]: ['guest', 'fan'],
  [paths.venuePage.path]: ['guest', 'fan'],
  [paths.manageShows.list.path]: ['performer', 'venue'],
  [paths.manageShows.announce.path]: ['performer', 'venue'],
  [paths.manageShows.edit.path]: ['performer', 'venue'],
};

/** Every `path` in config/paths (the route table's URLs). */
function allPaths(node: unknown): string[] {
  if (typeof node !== 'object' || node === null) return [];
  const own = 'path' in node && typeof node.path === 'string' ? [node.path] : [];
  return [...own, ...Object.values(node).flatMap(allPaths)];
}

test('every page of the route table has a visit on the phone', () => {
  const pages = allPaths(paths).filter((path) => !NOT_PAGES.has(path));
  expect(pages.filter((path) => !(path in VISITS))).toEqual([]);
});

test('no page scrolls sideways on a phone, for each role, with the demo data', async ({
  browser,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'phone', 'a phone-width check');
  const ids = await demoIds(browser);
  const wide: string[] = [];
  for (const role of ['guest', 'fan', 'performer', 'venue'] as const) {
    const page = await session(browser, role);
    for (const [path, roles] of Object.entries(VISITS)) {
      if (!roles.includes(role)) continue;
      for (const url of concrete(path, role, ids)) {
        await page.goto(url);
        await settled(page);
        const { scrollWidth, clientWidth } = await page.evaluate(() => ({
          scrollWidth: document.documentElement.scrollWidth,
          clientWidth: document.documentElement.clientWidth,
        }));
        if (scrollWidth > clientWidth) wide.push(`${role} ${url}: ${scrollWidth} > ${clientWidth}`);
      }
    }
    await page.context().close();
  }
  expect(wide).toEqual([]);
});

interface DemoIds {
  show: string;
  artist: string;
  venue: string;
  fan: string;
  editShow: Record<'performer' | 'venue', string>;
}

/** The URLs of a page: its `:id` filled from the demo, and every genre (their cards differ). */
function concrete(path: string, role: Role, ids: DemoIds): string[] {
  if (path === paths.fan.discoveryGenre.path) {
    return GENRES.map((genre) => paths.fan.discoveryGenre.href(genreSlug(genre)));
  }
  return [url(path, role, ids)];
}

function url(path: string, role: Role, ids: DemoIds): string {
  switch (path) {
    case paths.show.path:
      return paths.show.href(ids.show);
    case paths.artistPage.path:
      return paths.artistPage.href(ids.artist);
    case paths.venuePage.path:
      return paths.venuePage.href(ids.venue);
    case paths.fanProfile.path:
      return paths.fanProfile.href(ids.fan);
    case paths.manageShows.edit.path:
      return paths.manageShows.edit.href(ids.editShow[role === 'venue' ? 'venue' : 'performer']);
    case paths.cityShows.path:
      return paths.cityShows.href('New York, NY');
    default:
      return path;
  }
}

/**
 * The ids behind the `:id` pages: a show and an artist from the demo fan's Recommended, the fan's own
 * profile, a venue from the sitemap (venues without an account have no page to link to), and each
 * booker's first show.
 */
async function demoIds(browser: Browser): Promise<DemoIds> {
  const fan = await session(browser, 'fan');
  await fan.goto(paths.fan.recommended.href());
  const show = await linkedId(fan, /^\/shows\/([^/]+)$/);
  const artist = await linkedId(fan, /^\/artists\/([^/]+)$/);
  const me = await (await fan.request.get('/api/account/session')).json();
  const sitemap = await (await fan.request.get('/sitemap.xml')).text();
  const venue = /\/venues\/([^<]+)<\/loc>/.exec(sitemap)?.[1] ?? '';
  await fan.context().close();
  const editShow = { performer: '', venue: '' };
  for (const role of ['performer', 'venue'] as const) {
    const booker = await session(browser, role);
    await booker.goto(paths.manageShows.list.href());
    editShow[role] = await linkedId(booker, /^\/my-shows\/([^/]+)\/edit$/);
    await booker.context().close();
  }
  return { show, artist, venue, fan: me.user.username, editShow };
}

/** The id in the first link on the page whose path matches `pattern` (waits for the page's data). */
async function linkedId(page: Page, pattern: RegExp): Promise<string> {
  const href = await page.waitForFunction(
    (source) => {
      const wanted = new RegExp(source);
      const links = Array.from(document.querySelectorAll('a[href]'), (a) => a.getAttribute('href'));
      return links.find((link) => link !== null && wanted.test(link)) ?? null;
    },
    pattern.source,
    { timeout: budget(10_000) },
  );
  const id = pattern.exec((await href.jsonValue()) ?? '')?.[1];
  if (!id) throw new Error(`no link matching ${pattern} on ${page.url()}`);
  return decodeURIComponent(id);
}

/** A phone-sized page, signed in as the demo account of `role` (or signed out). */
async function session(browser: Browser, role: Role): Promise<Page> {
  const context = await browser.newContext({
    baseURL: DEMO_SERVER_URL,
    viewport: { width: 390, height: 844 },
  });
  const page = await context.newPage();
  if (role === 'guest') return page;
  const { email, password } = demoLogin(role);
  await page.goto(paths.auth.login.href());
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page).not.toHaveURL(/\/auth\/login/);
  return page;
}

/** The page has its heading and nothing still loading (skeletons and spinners announce 'Loading'). */
async function settled(page: Page) {
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await expect(page.getByRole('status', { name: /^Loading/ })).toHaveCount(0);
  await expect(page.getByText(/^Loading .*…$/)).toHaveCount(0);
}

test("the venue dashboard's 'Attendance by genre' labels do not run together on a phone", async ({
  browser,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'phone', 'a phone-width check');
  const page = await session(browser, 'venue');
  await page.goto(paths.venue.dashboard.href());
  const chart = page.getByRole('figure', { name: /^Attendance by genre/ });
  const labels = chart.locator('.recharts-xAxis-tick-labels text');
  await expect(labels.first()).toBeVisible();
  // Each label's box in the first label's own frame: slanted labels are all turned alike, so there
  // their boxes are upright and meet only where the letters would.
  const boxes = await labels.evaluateAll((texts) => {
    const frame = (texts[0] as SVGGraphicsElement).getScreenCTM()?.inverse();
    return texts.map((text) => {
      const label = text as SVGGraphicsElement;
      const box = label.getBBox();
      const toFrame = frame?.multiply(label.getScreenCTM() ?? new DOMMatrix());
      const a = new DOMPoint(box.x, box.y).matrixTransform(toFrame);
      const b = new DOMPoint(box.x + box.width, box.y + box.height).matrixTransform(toFrame);
      return {
        text: label.textContent,
        left: Math.min(a.x, b.x),
        right: Math.max(a.x, b.x),
        top: Math.min(a.y, b.y),
        bottom: Math.max(a.y, b.y),
      };
    });
  });
  const overlapping = boxes.flatMap((box, i) => {
    const next = boxes[i + 1];
    const meet = next && box.right > next.left && box.bottom > next.top && next.bottom > box.top;
    return meet ? [`${box.text} meets ${next.text}`] : [];
  });
  expect(overlapping).toEqual([]);
});
