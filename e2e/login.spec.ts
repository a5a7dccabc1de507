import { expect, test } from './support/csp-guard.ts';
import { markProfileComplete } from './support/db.ts';
import {
  expectNoSeriousA11yViolations,
  loginViaUi,
  signUpViaApi,
  uniqueUser,
} from './support/fixtures.ts';
import { waitForHeaderToastsToGo } from './support/toasts.ts';

const homes = {
  fan: { setup: '/profile/fan-setup', dashboard: '/dashboard' },
  performer: { setup: '/profile/performer-setup', dashboard: '/performer-dashboard' },
  venue: { setup: '/profile/venue-setup', dashboard: '/venue-dashboard' },
} as const;

test('the login screen is labelled and accessible', async ({ page }) => {
  await page.goto('/auth/login');
  await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
  await expect(page.getByLabel('Email')).toBeVisible();
  await expect(page.getByLabel('Password', { exact: true })).toHaveAttribute('type', 'password');
  await page.getByRole('button', { name: 'Show password' }).click();
  await expect(page.getByLabel('Password', { exact: true })).toHaveAttribute('type', 'text');
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('link', { name: 'Create Account' }).click();
  await expect(page).toHaveURL(/\/landing$/);
});

for (const role of ['fan', 'performer', 'venue'] as const) {
  test(`a ${role} with an incomplete profile logs in to their setup screen`, {
    tag: '@any-viewport',
  }, async ({ page, request }) => {
    const user = uniqueUser(role);
    await signUpViaApi(request, user);
    await loginViaUi(page, user);
    await expect(page.getByText('Login successful')).toBeVisible();
    await expect(page.getByText('Welcome back!')).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`${homes[role].setup}$`));
  });

  test(`a ${role} with a complete profile logs in to their dashboard`, {
    tag: '@any-viewport',
  }, async ({ page, request }) => {
    const user = uniqueUser(role);
    await signUpViaApi(request, user);
    await markProfileComplete(user.email);
    await loginViaUi(page, user);
    await expect(page).toHaveURL(new RegExp(`${homes[role].dashboard}$`));
    await expect(page.getByRole('banner').getByText(user.username)).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });
}

test('a wrong password is refused with the spec message', { tag: '@any-viewport' }, async ({
  page,
  request,
}) => {
  const user = uniqueUser('fan');
  await signUpViaApi(request, user);
  await loginViaUi(page, { ...user, password: 'Wrong1Password' });
  await expect(page.getByText('Login failed')).toBeVisible();
  await expect(page.getByText('Invalid email or password')).toBeVisible();
  await expect(page).toHaveURL(/\/auth\/login$/);
});

test('the button says Logging in... while the request runs', { tag: '@any-viewport' }, async ({
  page,
  request,
}) => {
  const user = uniqueUser('venue');
  await signUpViaApi(request, user);
  await page.route('**/api/account/login', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 800));
    await route.continue();
  });
  await loginViaUi(page, user);
  await expect(page.getByRole('button', { name: 'Logging in...' })).toBeDisabled();
  await expect(page).toHaveURL(/\/profile\/venue-setup$/);
});

test('logout ends the session on the server and returns to the role choice', async ({
  page,
  request,
}) => {
  const user = uniqueUser('fan');
  await signUpViaApi(request, user);
  await loginViaUi(page, user);
  await expect(page).toHaveURL(/\/profile\/fan-setup$/);
  const cookiesBefore = await page.context().cookies();

  await waitForHeaderToastsToGo(page); // 'Login successful' covers the header on a phone
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/landing$/);
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/landing$/);

  // Replaying the old cookie does not bring the session back: it was destroyed on the server.
  await page.context().addCookies(cookiesBefore);
  const session = await page.request.get('/api/account/session');
  expect(await session.json()).toEqual({ user: null });
});
