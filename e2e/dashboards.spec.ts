import { readFile } from 'node:fs/promises';
import type { Browser, Page } from '@playwright/test';
import { signedInUser } from './support/accounts.ts';
import { expect, test } from './support/csp-guard.ts';
import { moveShowToPast } from './support/db.ts';
import { expectNoSeriousA11yViolations } from './support/fixtures.ts';
import { announceShow, inDays, signedInId } from './support/shows.ts';

/**
 * The performer and venue dashboards against the real server. Each figure is read
 * before and after a real change (a fan follows, goes, results are entered), so the page is
 * shown to follow Encore's rows, not a fixture.
 */

async function newPage(browser: Browser): Promise<Page> {
  return (await browser.newContext()).newPage();
}

/** A fan, signed in on its own page, who sets an email alert on `performerId` and goes to `showId`. */
async function fanWhoFollowsAndGoes(browser: Browser, performerId: string, showId?: string) {
  const fanPage = await newPage(browser);
  await signedInUser(fanPage, 'fan');
  const alert = await fanPage.request.put(`/api/artists/${performerId}/alert`, {
    data: { channels: ['email'] },
  });
  expect(alert.status(), await alert.text()).toBe(200);
  if (showId) {
    const going = await fanPage.request.put(`/api/shows/${showId}/attendance`, {
      data: { status: 'going' },
    });
    expect(going.status(), await going.text()).toBe(200);
  }
  await fanPage.close();
}

const figure = (page: Page, name: string) => page.getByRole('region', { name, exact: true });

/** Nothing wider than the screen: on a phone the page scrolls down, never sideways. */
async function expectNoSidewaysScroll(page: Page) {
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
  expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
}

test('a performer sees followers, going fans, ticket clicks, results and merch arrive on the dashboard', async ({
  browser,
  page,
}) => {
  await signedInUser(page, 'performer');
  const performerId = await signedInId(page);
  const venuePage = await newPage(browser);
  await signedInUser(venuePage, 'venue');

  // A new performer: no followers, nothing to count, and the page says what to do.
  await page.goto('/performer-dashboard');
  await expect(page.getByRole('heading', { name: 'Performer Dashboard', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'No followers yet' })).toBeVisible();
  await expect(figure(page, 'Total followers')).toContainText('0');
  await expect(figure(page, 'Last tour attendance')).toContainText('—');
  await expectNoSeriousA11yViolations(page);

  // A show to come and one already played at an Encore venue; a fan follows and goes.
  const upcoming = await announceShow(page, venuePage, 20, {
    ticketUrl: 'https://tickets.example.test/night-static',
  });
  const played = await announceShow(page, venuePage, 10);
  await moveShowToPast(played, 3);
  await fanWhoFollowsAndGoes(browser, performerId, upcoming);
  await page.reload();
  await expect(figure(page, 'Upcoming shows')).toContainText('0 ticket clicks');

  // Someone follows 'Purchase Ticket(s)': Encore's redirect counts the click.
  const visitor = await browser.newContext();
  const click = await visitor.request.get(`/go/ticket/${upcoming}`, { maxRedirects: 0 });
  expect(click.status()).toBe(302);
  await visitor.close();

  await page.reload();
  await expect(figure(page, 'Total followers')).toContainText('1');
  await expect(figure(page, 'Alert activations')).toContainText('1 this month');
  await expect(page.getByRole('heading', { name: 'No followers yet' })).toHaveCount(0);
  await expect(figure(page, 'Upcoming shows')).toContainText('1 going · 1 ticket click');
  // The venue is on Encore: it enters the results, the performer waits for them.
  await expect(figure(page, 'Waiting for results')).toContainText('Waiting for the venue');
  await expect(figure(page, 'Last tour attendance')).toContainText(
    'Enter the results of your past shows to see attendance.',
  );

  // The venue enters 240 of its 300 seats and $1,200 of merch.
  const results = await venuePage.request.put(`/api/shows/${played}/results`, {
    data: { attendance: 240, grossRevenue: 6000, merchRevenue: 1200 },
  });
  expect(results.status(), await results.text()).toBe(200);

  await page.reload();
  await expect(figure(page, 'Last tour attendance')).toContainText('80%');
  await expect(figure(page, 'Last tour attendance')).toContainText('240 of 300');
  await expect(figure(page, 'Merch revenue per head')).toContainText('$5.00');
  await expect(figure(page, 'Waiting for results')).toContainText(
    'Every past show has its results.',
  );

  // Each definition is one tap away, by keyboard too.
  const definition = figure(page, 'Last tour attendance').getByText('How is this counted?');
  await definition.focus();
  await page.keyboard.press('Enter');
  await expect(figure(page, 'Last tour attendance')).toContainText('less than 30 days');

  // The follower chart's numbers as a table.
  const chart = page.getByRole('figure', { name: 'Followers at the end of each month' });
  await chart.getByText('Show as table').click();
  await expect(chart.getByRole('table').getByRole('row').last()).toContainText('1');
  await expectNoSidewaysScroll(page);
  await expectNoSeriousA11yViolations(page);
  await venuePage.close();
});

test('a venue sees its genre table, revenue and audience follow its shows, keeps the period in the URL, and downloads the CSV', async ({
  browser,
  page,
}) => {
  const venue = await signedInUser(page, 'venue');
  const performerPage = await newPage(browser);
  await signedInUser(performerPage, 'performer');

  await page.goto('/venue-dashboard');
  await expect(page.getByRole('heading', { name: 'Venue Dashboard', level: 1 })).toBeVisible();
  await expect(figure(page, 'Shows by genre')).toContainText('No shows in the last 30 days.');
  await expect(figure(page, 'Capacity rate')).toContainText('—');
  await expectNoSeriousA11yViolations(page);

  // A Rock performer plays here; the show is over and waits for its results.
  const played = await announceShow(performerPage, page, 10, { genre: 'Rock' });
  await moveShowToPast(played, 3);
  const upcoming = await announceShow(performerPage, page, 12);
  await fanWhoFollowsAndGoes(browser, await signedInId(performerPage), upcoming);
  await performerPage.close();

  await page.reload();
  await expect(figure(page, 'Upcoming shows')).toContainText('1 going');
  // Days are counted in the venue's calendar (Chicago, accounts.ts), and inDays() dates the show
  // from today's UTC date: the two differ by a day in the evening of America.
  const venueToday = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Chicago' }).format(
    new Date(),
  );
  const days = Math.round((Date.parse(inDays(12).slice(0, 10)) - Date.parse(venueToday)) / 864e5);
  await expect(figure(page, 'Upcoming shows')).toContainText(`In ${days} days`);

  // The venue enters the results from the dashboard's link, in the results form of My Shows.
  await figure(page, 'Waiting for results')
    .getByRole('link', { name: /^Enter results for / })
    .click();
  await expect(page).toHaveURL(new RegExp(`/my-shows/${played}/edit#results$`));
  const resultsForm = page.getByRole('region', { name: 'Results' });
  await resultsForm.getByLabel('Attendance', { exact: true }).fill('240');
  await resultsForm.getByLabel('Gross Revenue', { exact: true }).fill('6000');
  await resultsForm.getByRole('button', { name: 'Save Results' }).click();
  await expect(page.getByText('Results saved')).toBeVisible();

  await page.goto('/venue-dashboard');
  const table = figure(page, 'Shows by genre').getByRole('table');
  await expect(table.getByRole('row', { name: /^Rock/ })).toContainText('240');
  await expect(table.getByRole('row', { name: /^Total/ })).toContainText('$6,000');
  await expect(figure(page, 'Capacity rate')).toContainText('80%');
  await expect(figure(page, 'Revenue per show')).toContainText('$6,000');
  // One fan is a small group: never broken down.
  await expect(figure(page, 'Average age')).toContainText('not enough data');
  await expectNoSidewaysScroll(page);
  await expectNoSeriousA11yViolations(page);

  const download = page.waitForEvent('download');
  await figure(page, 'Shows by genre').getByRole('button', { name: 'Download CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(
    `${venue.username.replaceAll('_', '-')}-genres-last-30-days.csv`,
  );
  expect(await readFile(await file.path(), 'utf8')).toBe(
    'Genre,Events,Attendance,Gross revenue (USD)\r\nRock,1,240,6000\r\nTotal,1,240,6000\r\n',
  );

  // The period lives in the URL: it survives a reload.
  await page
    .getByRole('navigation', { name: 'Period' })
    .getByRole('link', { name: 'Last 90 days' })
    .click();
  await expect(page).toHaveURL(/\?period=90$/);
  await expect(page.getByText('Your shows and audience over the last 90 days.')).toBeVisible();
  await page.reload();
  await expect(
    page.getByRole('navigation', { name: 'Period' }).getByRole('link', { name: 'Last 90 days' }),
  ).toHaveAttribute('aria-current', 'page');
  await expect(table.getByRole('row', { name: /^Total/ })).toContainText('240');
});

test('chart code loads only with a chart near the screen: not on the landing page, not at the top of a phone', async ({
  page,
}) => {
  // Every script the page loads, by URL, and whether it holds recharts (which writes this class
  // name into every chart it draws).
  const loaded: Array<Promise<{ url: string; recharts: boolean }>> = [];
  page.on('response', (response) => {
    // A 304 is the browser revalidating a script it already loaded (and this test already read):
    // it has no body to read.
    if (!response.url().endsWith('.js') || response.status() === 304) return;
    const url = new URL(response.url()).pathname;
    loaded.push(response.text().then((js) => ({ url, recharts: js.includes('recharts-wrapper') })));
  });
  const scriptsWithCharts = async () =>
    (await Promise.all(loaded)).filter((s) => s.recharts).map((s) => s.url);

  await page.goto('/landing');
  await expect(page.getByRole('radiogroup')).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(loaded.length).toBeGreaterThan(0);
  expect(await scriptsWithCharts()).toEqual([]);

  // A performer's dashboard on a phone: the followers chart is a screen and more below the top,
  // so its drawing (recharts) is not loaded until the performer scrolls towards it.
  await page.setViewportSize({ width: 390, height: 700 });
  await signedInUser(page, 'performer');
  await page.goto('/performer-dashboard');
  const chart = page.getByRole('figure', { name: 'Followers at the end of each month' });
  await expect(chart).toBeAttached();
  await page.waitForLoadState('networkidle');
  expect(await chart.evaluate((figure) => figure.getBoundingClientRect().top)).toBeGreaterThan(
    700 + 400,
  );
  expect(await scriptsWithCharts()).toEqual([]);
  await expect(chart.locator('.recharts-wrapper')).toHaveCount(0);

  await chart.scrollIntoViewIfNeeded();
  await expect(chart.locator('.recharts-wrapper')).toBeVisible();
  expect(await scriptsWithCharts()).not.toEqual([]);
});
