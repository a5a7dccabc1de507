import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, Page, Request } from '@playwright/test';
import { signedInUser, venueProfile } from './support/accounts.ts';
import { expect, test } from './support/csp-guard.ts';
import { ticketClicks } from './support/db.ts';
import { expectNoSeriousA11yViolations } from './support/fixtures.ts';
import { announceShow, newPage, signedInId } from './support/shows.ts';

const TICKETS = 'https://tickets.example.com/widget-night';

/**
 * The tour-dates widget where it lives: on a performer's own site, another origin (and another
 * site: 127.0.0.1, not localhost) served by a tiny server of the test's own, which pastes the
 * snippets the performer copied from Settings › Booking.
 */
let site: Server;
let siteHtml = '';
test.beforeAll(async () => {
  site = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(siteHtml);
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
});
test.afterAll(() => new Promise<void>((resolve) => site.close(() => resolve())));
const siteUrl = () => `http://127.0.0.1:${(site.address() as AddressInfo).port}/`;

/** A performer with an upcoming show at an Encore venue whose name carries markup. */
async function performerOnTour(browser: Browser, page: Page) {
  await signedInUser(page, 'performer');
  const venuePage = await newPage(browser);
  const venue = await signedInUser(venuePage, 'venue');
  const renamed = await venuePage.request.put('/api/profile/venue', {
    data: { ...venueProfile(venue), venueName: '<i>The</i> Widget Room' },
  });
  expect(renamed.status(), await renamed.text()).toBe(200);
  const showId = await announceShow(page, venuePage, 12, { ticketUrl: TICKETS });
  await venuePage.context().close();
  return { showId, performerId: await signedInId(page) };
}

test('a performer copies the widget from Settings and it works on their own site', async ({
  browser,
  page,
  context,
  baseURL,
}, testInfo) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
  const { showId, performerId } = await performerOnTour(browser, page);

  await page.goto('/settings/performer?tab=booking');
  // The ticket seller below is reached through the app's service worker, whose fetch the
  // context's routing answers (Playwright does not route the target of a redirect the browser
  // follows itself, manage-shows.spec.ts): the worker registers a while after the page's load.
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  const section = page.getByRole('region', { name: 'Tour-dates widget' });
  await expect(section.getByRole('heading', { name: 'Tour-dates widget' })).toBeVisible();
  // The live preview is the widget itself, the venue's name drawn as text.
  const preview = section.getByTestId('tour-dates-preview');
  await expect(preview.getByText('<i>The</i> Widget Room')).toBeVisible();
  await section.getByRole('button', { name: 'Copy script snippet' }).click();
  await expect(section.getByText('Script snippet copied to clipboard')).toBeAttached();
  const script = await page.evaluate(() => navigator.clipboard.readText());
  expect(script).toBe(
    `<script src="${baseURL}/embed/tour-dates.js" data-artist="${performerId}" async></script>`,
  );
  const iframe = await section.getByRole('textbox', { name: 'Iframe snippet' }).inputValue();
  expect(iframe).toContain(`src="${baseURL}/embed/artists/${performerId}"`);
  await section.scrollIntoViewIfNeeded();
  await page.screenshot({ path: testInfo.outputPath('settings-widget.png'), fullPage: true });
  await expectNoSeriousA11yViolations(page);

  // On the performer's site, visited in the same browser: Encore's cookie stays home.
  siteHtml = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Band site</title></head>
<body><h1>On tour</h1>${script}<h2>Framed</h2>${iframe}</body></html>`;
  const feedRequests: Request[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/shows.json')) feedRequests.push(request);
  });
  await page.goto(siteUrl());
  const scripted = page.locator('.encore-tour-dates');
  const framed = page.frameLocator('iframe[title="Tour dates"]');
  for (const widget of [scripted, framed.locator('body')]) {
    const show = widget.getByRole('listitem').filter({ hasText: 'Widget Room' });
    await expect(show).toBeVisible();
    await expect(show.getByText('<i>The</i> Widget Room')).toBeVisible();
    const tickets = show.getByRole('link', { name: 'Purchase Ticket(s)' });
    await expect(tickets).toHaveAttribute('href', `${baseURL}/go/ticket/${showId}`);
    await expect(tickets).toHaveAttribute('target', '_blank');
    const alert = show.getByRole('link', { name: 'Set Alert' });
    await expect(alert).toHaveAttribute('href', `${baseURL}/artists/${performerId}`);
  }
  expect(feedRequests.length).toBeGreaterThanOrEqual(2);
  for (const request of feedRequests) {
    expect((await request.allHeaders()).cookie, request.url()).toBeUndefined();
  }
  await page.screenshot({ path: testInfo.outputPath('performer-site.png'), fullPage: true });

  // 'Purchase Ticket(s)' goes through Encore's counted link to the ticket seller, in a new tab.
  await context.route(TICKETS, (route) =>
    route.fulfill({ status: 200, contentType: 'text/html', body: '<title>Tickets</title>' }),
  );
  const popup = page.waitForEvent('popup');
  await framed.getByRole('link', { name: 'Purchase Ticket(s)' }).click();
  await expect(await popup).toHaveURL(TICKETS);
  await expect.poll(() => ticketClicks(showId)).toBe(1);
});
