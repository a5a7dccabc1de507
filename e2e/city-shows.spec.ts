import type { TCityShows } from '@encore/contract';
import { expect, test } from './support/csp-guard.ts';
import { DEMO_SERVER_URL } from './support/demo.ts';
import { expectNoSeriousA11yViolations } from './support/fixtures.ts';

/**
 * The public city listing on the demo world. A signed-out visitor opens a
 * shared link to the shows near Boston, narrows it to one genre and opens a show.
 */
test.use({ baseURL: DEMO_SERVER_URL });

test('a signed-out visitor lists shows near Boston, filters by genre and opens one', async ({
  page,
}) => {
  const api = await page.request.get('/api/shows?near=Boston');
  expect(api.status()).toBe(200);
  const listing = (await api.json()) as TCityShows;
  const genre = listing.shows[0]?.genre ?? '';
  expect(genre, 'the demo world has shows near Boston').not.toBe('');

  await page.goto('/shows?near=Boston');
  await expect(
    page.getByRole('heading', { name: 'Shows near Boston, MA', level: 1 }),
  ).toBeVisible();
  await expect(page).toHaveTitle(/Shows near Boston, MA/);
  // No login wall: the public header offers it instead.
  await expect(page.getByRole('link', { name: 'Login', exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Boston, GA' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  // On a phone the page scrolls down, never sideways.
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
  expect(scrollWidth).toBeLessThanOrEqual(clientWidth);

  await page.getByLabel('Genre').selectOption(genre);
  await expect(page).toHaveURL(new RegExp(`[?&]genre=${encodeURIComponent(genre)}`));
  const shows = page.getByRole('main').getByRole('listitem');
  await expect(shows.first()).toBeVisible();
  const expected = listing.shows.filter((s) => s.genre === genre);
  await expect(shows).toHaveCount(expected.length);
  for (const text of await shows.allTextContents()) expect(text).toContain(genre);

  // The filtered URL is the page: opened afresh, it shows the same list.
  await page.reload();
  await expect(shows).toHaveCount(expected.length);

  const first = expected[0];
  await shows.first().getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`/shows/${first?.id}$`));
  await expect(
    page.getByRole('heading', { name: first?.artist.name ?? '', level: 1 }),
  ).toBeVisible();
  await page.getByRole('link', { name: /^More shows near / }).click();
  await expect(page).toHaveURL(/\/shows\?near=/);
  await expect(page.getByRole('heading', { name: /^Shows near /, level: 1 })).toBeVisible();
});

test('an unknown place says so and keeps the search box', async ({ page }) => {
  await page.goto('/shows?near=Atlantis');
  await expect(page.getByRole('alert')).toContainText('We could not find “Atlantis”');
  const box = page.getByRole('searchbox', { name: 'City or ZIP' });
  await box.fill('02118');
  await box.press('Enter');
  await expect(
    page.getByRole('heading', { name: 'Shows near Boston, MA 02118', level: 1 }),
  ).toBeVisible();
});
