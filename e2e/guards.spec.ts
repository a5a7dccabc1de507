import { expect, test } from './support/csp-guard.ts';
import { markProfileComplete } from './support/db.ts';
import { loginViaUi, signUpViaApi, uniqueUser } from './support/fixtures.ts';

test('signed out, protected pages send you to the role choice', { tag: '@any-viewport' }, async ({
  page,
}) => {
  for (const path of ['/dashboard', '/discovery', '/settings/fan', '/venue-dashboard']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/landing$/);
  }
});

test('signed out, setup screens send you to log in', { tag: '@any-viewport' }, async ({ page }) => {
  await page.goto('/profile/performer-setup');
  await expect(page).toHaveURL(/\/auth\/login$/);
});

test("a signed-in user who opens another role's page is sent to their own home", async ({
  page,
  request,
}) => {
  const fan = uniqueUser('fan');
  await signUpViaApi(request, fan);
  await markProfileComplete(fan.email);
  await loginViaUi(page, fan);
  await expect(page).toHaveURL(/\/dashboard$/);

  for (const path of ['/venue-dashboard', '/performer-dashboard', '/settings/venue']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/dashboard$/);
  }
  // Their own pages open, with the fan's bottom navigation.
  await page.goto('/discovery');
  await expect(page).toHaveURL(/\/discovery$/);
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'Discovery' })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await nav.getByRole('link', { name: 'Alerts' }).click();
  await expect(page).toHaveURL(/\/alerts$/);
});

test('a signed-in user opening login is sent home', { tag: '@any-viewport' }, async ({
  page,
  request,
}) => {
  const venue = uniqueUser('venue');
  await signUpViaApi(request, venue);
  await loginViaUi(page, venue);
  await expect(page).toHaveURL(/\/profile\/venue-setup$/);
  await page.goto('/auth/login');
  await expect(page).toHaveURL(/\/profile\/venue-setup$/);
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/profile\/venue-setup$/);
});
