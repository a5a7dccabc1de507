import { expect, test } from './support/csp-guard.ts';
import { DEMO_SERVER_URL, demoLogin } from './support/demo.ts';
import { expectNoSeriousA11yViolations } from './support/fixtures.ts';

/**
 * Issue 16: the tour-planning assistant on the demo world (the demo-data server), from the
 * performer's prompt to the venue's answer.
 */
test.use({ baseURL: DEMO_SERVER_URL });

test('the demo performer signs in on the demo-data server', async ({ page }) => {
  const { email, password } = demoLogin('performer');
  await page.goto('/auth/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Performer Dashboard', level: 1 })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});
