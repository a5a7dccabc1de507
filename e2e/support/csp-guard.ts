import { type BrowserContext, test as base, expect, type Page } from '@playwright/test';

/**
 * Every journey runs under the server's Content-Security-Policy, and a violation fails it: the
 * browser blocks what the policy refuses, often silently (a style missing, a script not run), so
 * the console message is the only sign. Chromium reports each one as a console error
 * ("Refused to … because it violates the following Content Security Policy directive …").
 *
 * Pages of contexts a test opens itself (`browser.newContext()`) are watched too.
 */
export const test = base.extend<{ cspViolations: string[] }>({
  cspViolations: [
    async ({ browser, context }, use, testInfo) => {
      const violations: string[] = [];
      const watched = new WeakSet<Page>();
      const watchPage = (page: Page) => {
        if (watched.has(page)) return;
        watched.add(page);
        page.on('console', (message) => {
          if (isCspViolation(message.text())) violations.push(`${page.url()}: ${message.text()}`);
        });
      };
      const watchContext = (watchedContext: BrowserContext) => {
        for (const page of watchedContext.pages()) watchPage(page);
        watchedContext.on('page', watchPage);
      };
      watchContext(context);
      const newContext = browser.newContext;
      browser.newContext = async (...args) => {
        const created = await newContext.apply(browser, args);
        watchContext(created);
        return created;
      };
      try {
        await use(violations);
      } finally {
        browser.newContext = newContext;
      }
      if (testInfo.status !== testInfo.expectedStatus) {
        // The test's own error comes first; a blocked script or style may be why it failed.
        for (const violation of violations) {
          testInfo.annotations.push({ type: 'csp-violation', description: violation });
        }
        return;
      }
      expect(violations, 'Content-Security-Policy violations').toEqual([]);
    },
    { auto: true },
  ],
});

export function isCspViolation(text: string): boolean {
  return /Content Security Policy/i.test(text);
}

export { expect };
