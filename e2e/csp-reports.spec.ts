import type { Page } from '@playwright/test';
import { signedInUser } from './support/accounts.ts';
import { expect, test } from './support/csp-guard.ts';

/**
 * Violations that the page catches itself (zod 4 probing `new Function('')` to compile its
 * parsers, inside a try) leave no console error for csp-guard to see, but the browser still
 * reports them (DevTools' Issues panel; Lighthouse's best practices count them). The
 * `securitypolicyviolation` event sees every one. apps/web/public/browser-config.js turns the
 * probe off before the app's scripts run.
 */
async function watchViolations(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspReports: string[] }).cspReports = seen;
    document.addEventListener('securitypolicyviolation', (event) => {
      seen.push(`${event.violatedDirective} ${event.blockedURI} at ${event.sourceFile}`);
    });
  });
  return () => page.evaluate(() => (window as unknown as { cspReports: string[] }).cspReports);
}

test('the role choice and the login form run without a CSP report', {
  tag: '@any-viewport',
}, async ({ page }) => {
  const reports = await watchViolations(page);
  await page.goto('/landing');
  await expect(page.getByRole('radio', { name: 'Fan' })).toBeVisible();
  expect(await reports()).toEqual([]);

  await page.goto('/auth/login');
  // A bad address runs the contract's zod schema in the page.
  await page.getByLabel('Email').fill('not-an-email');
  await page.getByLabel('Password', { exact: true }).fill('whatever-it-is-1');
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page.getByText(/valid email address/i)).toBeVisible();
  expect(await reports()).toEqual([]);
});

test("the fan's dashboard runs without a CSP report", { tag: '@any-viewport' }, async ({
  page,
}) => {
  await signedInUser(page, 'fan');
  const reports = await watchViolations(page);
  await page.goto('/dashboard');
  await expect(page.getByRole('region', { name: 'Quick Access' })).toBeVisible();
  expect(await reports()).toEqual([]);
});
