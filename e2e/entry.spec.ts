import { expect, test } from './support/csp-guard.ts';
import { expectNoSeriousA11yViolations } from './support/fixtures.ts';

test('splash shows the tagline, then moves on to the role choice after 2500 ms', async ({
  page,
}) => {
  // The page's clock is ours, so the spec's delay is checked exactly, not raced.
  await page.clock.install({ time: 0 });
  await page.clock.pauseAt(1000);
  await page.goto('/');
  await expect(page.getByText('Never miss another show')).toBeVisible();
  await expect(page.getByRole('img', { name: 'Encore' }).first()).toBeVisible();
  await page.clock.runFor(2400);
  await expect(page).toHaveURL(/\/$/);
  await page.clock.runFor(200);
  await expect(page).toHaveURL(/\/landing$/);
});

test('the splash passes the accessibility check', async ({ page }) => {
  // axe needs running timers, so this one races the real 2500 ms (it needs well under a second).
  await page.goto('/');
  await expect(page.getByText('Never miss another show')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

test('role choice: Continue waits for a role, the choice can change, and it reaches sign-up', async ({
  page,
}) => {
  await page.goto('/landing');
  await expect(
    page.getByRole('heading', { name: 'Choose how you want to continue' }),
  ).toBeVisible();
  const continueButton = page.getByRole('button', { name: 'Continue' });
  await expect(continueButton).toBeDisabled();

  await expect(page.getByText('Discover live music')).toBeVisible();
  await expect(page.getByText('Share your music')).toBeVisible();
  await expect(page.getByText('Host events')).toBeVisible();

  await page.getByRole('radio', { name: /Fan/ }).click();
  await expect(page.getByRole('radio', { name: /Fan/ })).toHaveAttribute('aria-checked', 'true');
  await expect(continueButton).toBeEnabled();
  await page.getByRole('radio', { name: /Venue/ }).click();
  await expect(page.getByRole('radio', { name: /Fan/ })).toHaveAttribute('aria-checked', 'false');
  await expectNoSeriousA11yViolations(page);

  await continueButton.click();
  await expect(page).toHaveURL(/\/auth\/create-account$/);
  await expect(page.getByRole('heading', { name: 'Create Account' })).toBeVisible();
  await expect(page.getByText('Join as a venue')).toBeVisible();
});

test('role choice works from the keyboard', async ({ page }) => {
  await page.goto('/landing');
  await page.getByRole('radio', { name: /Fan/ }).focus();
  await page.keyboard.press('Space');
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('radio', { name: /Performer/ })).toHaveAttribute(
    'aria-checked',
    'true',
  );
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Join as a performer')).toBeVisible();
});

test('sign-up without a chosen role joins as a fan, and links to login', async ({ page }) => {
  await page.goto('/auth/create-account');
  await expect(page.getByText('Join as a fan')).toBeVisible();
  await page.getByRole('link', { name: /Login/ }).click();
  await expect(page).toHaveURL(/\/auth\/login$/);
});

test('the role choice offers a way to log in', async ({ page }) => {
  await page.goto('/landing');
  await page.getByRole('link', { name: 'Login', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
});

test('/auth leads to the login screen', { tag: '@any-viewport' }, async ({ page }) => {
  await page.goto('/auth');
  await expect(page).toHaveURL(/\/auth\/login$/);
});

test('an unknown path shows the 404 page and logs the path', { tag: '@any-viewport' }, async ({
  page,
}) => {
  const logged = page.waitForRequest(
    (r) => r.url().endsWith('/api/client-events/not-found') && r.method() === 'POST',
  );
  const response = await page.goto('/no/such/page');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Oops! Page not found' })).toBeVisible();
  expect((await logged).postDataJSON()).toEqual({ path: '/no/such/page' });
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('link', { name: 'Return to Home' }).click();
  await expect(page.getByText('Never miss another show')).toBeVisible();
});
