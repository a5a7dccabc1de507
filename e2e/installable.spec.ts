import { expect, test } from './support/csp-guard.ts';
import { expectNoSeriousA11yViolations } from './support/fixtures.ts';

const OFFLINE_HEADING = "You're offline — Encore will be back when your connection is.";

test('the app can be installed: index.html links a manifest that is served with its icons', {
  tag: '@any-viewport',
}, async ({ page, request }) => {
  await page.goto('/landing');
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBe('/manifest.webmanifest');
  const response = await request.get(href ?? '');
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toMatch(/^application\/manifest\+json/);
  const manifest = (await response.json()) as { name: string; icons: { src: string }[] };
  expect(manifest.name).toBe('Encore');
  for (const icon of manifest.icons) {
    const image = await request.get(icon.src);
    expect(image.status(), icon.src).toBe(200);
    expect(image.headers()['content-type'], icon.src).toBe('image/png');
  }
});

test('offline, a page opens as the offline page, and Retry brings the app back once online', async ({
  page,
  context,
}) => {
  await page.goto('/landing');
  // The worker registers a while after the page's load (SERVICE_WORKER_DELAY_MS); it controls
  // the page once it has activated.
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);

  await context.setOffline(true);
  await page.goto('/auth/login');
  await expect(page.getByRole('heading', { name: OFFLINE_HEADING })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // Retry offline keeps the offline page (not the browser's error). The heading is the same
  // before and after the reload, so wait for the reloaded page's load: a click on it before its
  // offline.js has run would do nothing (the trace of a failed CI run showed no request).
  const reloaded = page.waitForEvent('load');
  await page.getByRole('button', { name: 'Retry' }).click();
  await reloaded;
  await expect(page.getByRole('heading', { name: OFFLINE_HEADING })).toBeVisible();

  await context.setOffline(false);
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
  await expect(page).toHaveURL(/\/auth\/login$/);
});
