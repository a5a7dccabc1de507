import type { Locator } from '@playwright/test';
import { expect, test } from './support/csp-guard.ts';
import { DEMO_SERVER_URL, demoLogin } from './support/demo.ts';

/**
 * Issue 32 §7: on a phone, the login's toast came up over the dashboard's Next Show card. The
 * demo fan has a next show, so the card is there to be covered.
 */
test.use({ baseURL: DEMO_SERVER_URL, viewport: { width: 390, height: 844 } });

const STEP_MS = 50;

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** Its box once its entrance transition has finished. */
async function settledBox(element: Locator): Promise<Box> {
  await element.evaluate((el) => Promise.all(el.getAnimations().map((a) => a.finished)));
  const box = await element.boundingBox();
  if (!box) throw new Error('not on the page');
  return box;
}

test("on a phone, 'Login successful' leaves the Next Show card and the heading uncovered, and closes", async ({
  page,
}) => {
  const { email, password } = demoLogin('fan');
  // The toast goes after 5 s, and the dashboard can take longer than that to load on a busy
  // machine. On a paused page clock the test moves time on itself, in small steps, until the
  // toast and the card are both there (the app's own timers must run to get there).
  await page.clock.install();
  await page.goto('/auth/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.clock.pauseAt(Date.now() + 1_000);
  await page.getByRole('button', { name: 'Login', exact: true }).click();

  const toast = page.locator('[data-sonner-toast]', { hasText: 'Login successful' });
  const card = page.getByRole('region', { name: 'Next Show' });
  await expect(async () => {
    const mounted = await toast.getAttribute('data-mounted', { timeout: 1 }).catch(() => null);
    if (mounted !== 'true' || !(await card.isVisible())) await page.clock.runFor(STEP_MS);
    await expect(toast).toHaveAttribute('data-mounted', 'true', { timeout: 1 });
    await expect(card).toBeVisible({ timeout: 1 });
  }).toPass();
  await expect(toast).toContainText('Welcome back!');

  const toastBox = await settledBox(toast);
  const heading = page.getByRole('heading', { level: 1 });
  expect(overlaps(toastBox, await settledBox(card)), 'toast over the Next Show card').toBe(false);
  expect(overlaps(toastBox, await settledBox(heading)), 'toast over the heading').toBe(false);
  // Readable: all of it on the screen.
  expect(toastBox.y).toBeGreaterThanOrEqual(0);
  expect(toastBox.y + toastBox.height).toBeLessThanOrEqual(844);

  await toast.getByRole('button', { name: 'Close toast' }).click();
  await page.clock.runFor(1_000); // sonner unmounts a closed toast after its exit animation
  await expect(toast).toBeHidden();
});
