import type { Page } from '@playwright/test';

/**
 * Keeps the browser's own setTimeout and clearTimeout aside before `page.clock.install()` fakes
 * them, for the few checks that need timers to run while the page's clock stays paused.
 */
export async function keepRealTimers(page: Page) {
  await page.addInitScript(() => {
    Object.assign(window, {
      __realTimers: { setTimeout: window.setTimeout, clearTimeout: window.clearTimeout },
    });
  });
}

/**
 * Runs `check` with the real timers in the page: axe waits on setTimeout between its rules,
 * which a paused clock never fires. Timers the app set before stay on the paused clock.
 */
export async function withRealTimers(page: Page, check: () => Promise<void>) {
  const swap = (toReal: boolean) =>
    page.evaluate((toReal) => {
      type Timers = Pick<Window, 'setTimeout' | 'clearTimeout'>;
      const held = window as unknown as { __realTimers: Timers; __fakeTimers?: Timers };
      if (toReal) {
        if (!String(held.__realTimers.setTimeout).includes('[native code]')) {
          throw new Error('the timers kept aside are not the browser’s own');
        }
        held.__fakeTimers = { setTimeout: window.setTimeout, clearTimeout: window.clearTimeout };
      }
      Object.assign(window, toReal ? held.__realTimers : held.__fakeTimers);
    }, toReal);
  await swap(true);
  try {
    await check();
  } finally {
    await swap(false);
  }
}
