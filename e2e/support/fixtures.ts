import { randomBytes } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import type { TRole } from '@encore/contract';
import { type APIRequestContext, expect, type Page } from '@playwright/test';

export type TestUser = { username: string; email: string; password: string; role: TRole };

/** A user no other test uses: tests share one database, so uniqueness replaces a reset. */
export function uniqueUser(role: TRole = 'fan'): TestUser {
  const tag = randomBytes(5).toString('hex');
  return {
    username: `${role.slice(0, 4)}_${tag}`,
    email: `${role}.${tag}@example.test`,
    password: 'Encore2026!',
    role,
  };
}

/** Creates the account through the API (fast set-up for tests about what comes after). */
export async function signUpViaApi(request: APIRequestContext, user: TestUser): Promise<void> {
  const response = await request.post('/api/account/sign-up', {
    data: { ...user, confirmPassword: user.password },
  });
  expect(response.status(), await response.text()).toBe(201);
}

/** Logs in through the login screen, as a person would. */
export async function loginViaUi(page: Page, user: TestUser): Promise<void> {
  await page.goto('/auth/login');
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
}

/** Fails on serious or critical axe violations (contrast, names, labels, landmarks). */
export async function expectNoSeriousA11yViolations(page: Page): Promise<void> {
  let serious = await seriousViolations(page);
  // Journeys share one server, so another test's announcement can bring a live alert's toast in
  // the middle of a scan, and axe then measures it half faded in. Violations only inside the
  // toaster are scanned again once it has settled: a toast that fails settled still fails.
  if (serious.length > 0 && (await onlyInToaster(page, serious))) {
    serious = await seriousViolations(page);
  }
  expect(
    serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`),
  ).toEqual([]);
}

type Violation = Awaited<ReturnType<AxeBuilder['analyze']>>['violations'][number];

async function seriousViolations(page: Page): Promise<Violation[]> {
  // Colours mid-transition are neither state's: a toast fading in is half transparent, and a
  // button the pointer happens to rest on after a navigation is half way to its hover colour.
  // Axe would measure their contrast there, so scan once no finite animation or transition is
  // running (spinners loop for ever and are left out).
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          animation.playState !== 'running' ||
          animation.effect?.getComputedTiming().iterations === Number.POSITIVE_INFINITY,
      ),
  );
  // Legacy mode: axe.run in the page itself. The default runs each frame's part and then opens a
  // blank page to join them (for cross-origin frames, which Encore's pages have none of): the same
  // rules and results in ~0.55 s a scan instead of ~1 s (2026-12-02; 178 scans a full run).
  const results = await new AxeBuilder({ page }).setLegacyMode(true).analyze();
  return results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

async function onlyInToaster(page: Page, violations: Violation[]): Promise<boolean> {
  const selectors = violations.flatMap((v) => v.nodes.map((n) => n.target.join(' ')));
  return page.evaluate(
    (all) =>
      all.every((selector) => {
        try {
          return document.querySelector(selector)?.closest('[data-sonner-toaster]') != null;
        } catch {
          return false; // a selector into a frame or shadow root: not a toast
        }
      }),
    selectors,
  );
}
