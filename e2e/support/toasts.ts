import { expect, type Page } from '@playwright/test';
import { budget } from './budget.ts';

/**
 * On a phone a toast comes down over the header (app/provider.tsx: as the phone's own banners
 * do) for 5 s, covering the bell, Feedback and Settings. A journey about to use the header lets
 * such toasts go first, as the fan would. The pointer is moved off them: sonner holds a toast
 * while the pointer is over it, so a click on a covered control hovered the toast, which then
 * stayed, and the click retried until the test's time ran out (loaded runs, issue 32). Toasts at
 * the bottom (a wide screen's) cover no header: nothing to wait for.
 */
export async function waitForHeaderToastsToGo(page: Page): Promise<void> {
  const viewport = page.viewportSize();
  if (viewport) await page.mouse.move(viewport.width / 2, viewport.height - 1);
  await expect(page.locator('[data-sonner-toast][data-y-position="top"]')).toHaveCount(0, {
    timeout: budget(20_000),
  });
}
