import { signedInUser } from './support/accounts.ts';
import { expect, test } from './support/csp-guard.ts';
import { announceShow, newPage } from './support/shows.ts';

/**
 * The public pages' HTML carries their own head for crawlers and link previews (the server writes
 * it into index.html, routes/page-html.routes.ts); in the browser the app starts from it as from
 * any page, and a URL with no page behind it answers 404 while the app draws its not-found screen.
 */
test('a shared show link opens the show page, with its own title and preview tags', {
  tag: '@any-viewport',
}, async ({ browser, page }) => {
  const performerPage = await newPage(browser);
  const performer = await signedInUser(performerPage, 'performer');
  const venuePage = await newPage(browser);
  const venue = await signedInUser(venuePage, 'venue');
  const showId = await announceShow(performerPage, venuePage, 30);
  const title = `Night Static ${performer.username} at The Lantern ${venue.username}`;

  const response = await page.goto(`/shows/${showId}`);
  expect(response?.status()).toBe(200);
  // The head as the server wrote it, before any script ran.
  const html = (await response?.text()) ?? '';
  expect(html).toContain(`<meta property="og:title" content="${title}">`);
  await expect(
    page.getByRole('heading', { level: 1, name: `Night Static ${performer.username}` }),
  ).toBeVisible();
  await expect(page).toHaveTitle(`${title} · Encore`);
  await expect(page.locator('meta[property="og:url"]')).toHaveAttribute(
    'content',
    new RegExp(`/shows/${showId}$`),
  );
  await expect(page.locator('meta[name="robots"]')).toHaveCount(0);
});

test('an unknown show and a made-up path answer 404; the app still draws its screens', {
  tag: '@any-viewport',
}, async ({ page }) => {
  const unknownShow = await page.goto('/shows/no-such-show');
  expect(unknownShow?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Show not found' })).toBeVisible();
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');

  const madeUp = await page.goto('/made/up/path');
  expect(madeUp?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Oops! Page not found' })).toBeVisible();
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
  await page.getByRole('link', { name: 'Return to Home' }).click();
  await expect(page.getByText('Never miss another show')).toBeVisible();
});
