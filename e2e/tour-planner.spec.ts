import type { Browser, Page } from '@playwright/test';
import { budget } from './support/budget.ts';
import { expect, test } from './support/csp-guard.ts';
import { DEMO_SERVER_URL, demoLogin } from './support/demo.ts';
import { expectNoSeriousA11yViolations } from './support/fixtures.ts';
import { waitForHeaderToastsToGo } from './support/toasts.ts';

/**
 * The tour-planning assistant on the demo world (the demo-data server), from the
 * performer's prompt to the venue's answer. The phone and desktop runs plan different months, so
 * their requests to the demo venue are for different nights and never meet.
 */
test.use({ baseURL: DEMO_SERVER_URL });
// Two accounts, a plan over the demo world and three axe scans of long pages: ~25 s alone, and one
// scan took 25 s by itself on a machine loaded six times over. A budget, not a speed goal (those
// are benches: bench:planner).
test.describe.configure({ timeout: budget(120_000) });

const DEMO_VENUE = 'The Halcyon Room';

async function signIn(page: Page, role: 'performer' | 'venue') {
  const { email, password } = demoLogin(role);
  await page.goto('/auth/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  const heading = role === 'performer' ? 'Performer Dashboard' : 'Venue Dashboard';
  await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
}

async function venuePage(browser: Browser, baseURL: string) {
  const context = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 } });
  return context.newPage();
}

/** Nothing wider than the screen: on a phone the page scrolls down, never sideways. */
async function expectNoSidewaysScroll(page: Page) {
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
  expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
}

test('the demo performer plans a Northeast run, copies the email, asks the demo venue for a night, the venue hears of it under the bell and holds it', async ({
  browser,
  context,
  page,
}, testInfo) => {
  const month = testInfo.project.name === 'phone' ? 'March' : 'April';
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], {
    origin: DEMO_SERVER_URL,
  });
  await signIn(page, 'performer');

  // The seed's dialog: a blank prompt is refused on the spot.
  await page.getByRole('button', { name: 'Launch AI Agent' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Plan my tour' }).click();
  await expect(dialog.getByText('Please enter your tour planning prompt')).toBeVisible();

  await dialog
    .getByLabel('Your tour')
    .fill(`10 dates in the Northeast in ${month}, 500-1000 capacity, max 300 miles a day`);
  await dialog.getByRole('button', { name: 'Plan my tour' }).click();
  await expect(page.getByText('AI Agent analysis complete')).toBeVisible({
    timeout: budget(20_000),
  });
  const planName = (await dialog.getByRole('heading', { level: 3 }).first().innerText()).trim();

  // What was understood, ten real venues on the route, the figures and the email.
  const understood = dialog.getByRole('region', { name: 'What I understood' });
  await expect(understood).toContainText('10 dates');
  await expect(understood).toContainText('Northeast');
  await expect(understood).toContainText('300 miles');
  const venues = dialog.getByRole('region', { name: 'Venues' }).getByRole('article');
  await expect(venues).toHaveCount(10);
  const halcyon = venues.filter({ has: page.getByRole('heading', { name: DEMO_VENUE }) });
  await expect(halcyon).toHaveCount(1);
  await expect(halcyon).toContainText('New York, NY');
  await expectNoSeriousA11yViolations(page);
  if (testInfo.project.name === 'phone') await expectNoSidewaysScroll(page);

  // 'Email Draft' copies the draft, says 'Copied', and is back after 2 s.
  const emailDraft = (await dialog.getByRole('region', { name: 'Email draft' }).innerText())
    .replace(/^Email draft\s*/, '')
    .trim();
  await dialog.getByRole('button', { name: 'Email Draft', exact: true }).click();
  await expect(page.getByText('Email Draft copied to clipboard')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Copied' })).toBeVisible();
  const clipboard = await page.evaluate(() => navigator.clipboard.readText());
  expect(clipboard.trim()).toBe(emailDraft);
  await expect(dialog.getByRole('button', { name: 'Email Draft', exact: true })).toBeVisible({
    timeout: budget(5_000),
  });

  // A booking request to the demo venue, for its night on the route.
  await halcyon.getByRole('button', { name: 'Send booking request' }).click();
  const request = page.getByRole('dialog', { name: `Booking request to ${DEMO_VENUE}` });
  await expect(request.getByLabel('Message')).toHaveValue(/Neon Harbor/);
  await request.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(page.getByText('Booking request sent')).toBeVisible();
  await expect(halcyon.getByText('Requested')).toBeVisible();

  // The venue hears of it under the bell, and its notice leads to My Shows, where it holds the date.
  const venue = await venuePage(browser, DEMO_SERVER_URL);
  await signIn(venue, 'venue');
  const bell = venue.getByRole('link', { name: /^Notifications/ });
  await expect(bell).toHaveAccessibleName(/^Notifications, \d+ unread$/);
  // On a phone a toast comes down over the bell: let it go first, as a person would.
  await waitForHeaderToastsToGo(venue);
  await bell.click();
  // The other viewport's request (another month) may be there too: this run's is its month's.
  const notice = venue
    .getByRole('list', { name: 'Notices' })
    .getByRole('link')
    .filter({ hasText: 'Neon Harbor asked to play' })
    .filter({ hasText: ` ${month.slice(0, 3)} ` });
  await expect(notice).toHaveCount(1);
  await expect(notice).toContainText('Hold the date, decline or confirm it in My Shows');
  await notice.click();
  await expect(venue).toHaveURL(/\/my-shows$/);
  const requests = venue.getByRole('region', { name: 'Booking requests' });
  // The other viewport's request (another month) may be in the list too: this run's is its month's.
  const card = requests
    .getByRole('article')
    .filter({ hasText: 'Neon Harbor' })
    .filter({ has: venue.locator('time', { hasText: `${month.slice(0, 3)} ` }) });
  await expect(card).toHaveCount(1);
  await expect(card).toContainText('Requested');
  await expectNoSeriousA11yViolations(venue);
  await expectNoSidewaysScroll(venue);
  await card.getByRole('button', { name: 'Hold date' }).click();
  await expect(venue.getByText('Date held', { exact: true }).first()).toBeVisible();
  await expect(card).toContainText('Date held');
  await venue.context().close();

  // The performer hears the venue's answer under the bell, and sees it on the plan.
  await page.goto('/notifications');
  await expect(
    page
      .getByRole('list', { name: 'Notices' })
      .getByRole('link')
      .filter({ hasText: `${DEMO_VENUE} is holding` })
      .filter({ hasText: ` ${month.slice(0, 3)} ` }),
  ).toHaveCount(1);
  await page.goto('/performer-dashboard');
  await page.getByRole('button', { name: `Open ${planName}`, exact: true }).click();
  await expect(
    page
      .getByRole('dialog')
      .getByRole('region', { name: 'Venues' })
      .getByRole('article')
      .filter({ has: page.getByRole('heading', { name: DEMO_VENUE }) })
      .getByText('Date held'),
  ).toBeVisible();
});
