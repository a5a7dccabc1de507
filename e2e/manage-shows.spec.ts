import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { performerProfile, signedInUser, venueProfile } from './support/accounts.ts';
import { budget } from './support/budget.ts';
import { expect, test } from './support/csp-guard.ts';
import { moveShowToPast, ticketClicks } from './support/db.ts';
import { expectNoSeriousA11yViolations } from './support/fixtures.ts';
import { announceShow, inDays, signedInId } from './support/shows.ts';
import { waitForHeaderToastsToGo } from './support/toasts.ts';

/**
 * 'Dec 12, 2026' for a show `days` ahead: the part of the card's date that does not depend on
 * the venue's time zone (20:00 in Chicago is the same day there), so it tells cards apart.
 */
function cardDay(days: number): string {
  return new Intl.DateTimeFormat('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${inDays(days).slice(0, 10)}T12:00Z`));
}

/** A performer, signed in in its own context, with one show at a new Encore venue per entry of `days`. */
async function performerWithShows(browser: Browser, days: number[]) {
  const venuePage = await (await browser.newContext()).newPage();
  const venue = await signedInUser(venuePage, 'venue');

  const page = await (await browser.newContext()).newPage();
  const performer = await signedInUser(page, 'performer');
  const showIds = [];
  for (const day of days) showIds.push(await announceShow(page, venuePage, day));
  await venuePage.close();
  await page.goto('/my-shows');
  await expect(page.getByRole('heading', { name: 'Your Shows', level: 1 })).toBeVisible();
  return {
    page,
    showIds,
    artist: performerProfile(performer).artistName,
    venueName: venueProfile(venue).venueName,
  };
}

/**
 * The POSTs the page makes to show actions ending in `action` ('postpone', 'cancel'), collected
 * as they go out: a dismissed dialog must not have sent one, whatever the card shows meanwhile.
 */
function actionsSent(page: Page, action: string): string[] {
  const sent: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().endsWith(`/${action}`))
      sent.push(request.url());
  });
  return sent;
}

/** The card in 'Your Shows' whose date falls `days` ahead. */
function showCard(page: Page, days: number) {
  return page.getByRole('article').filter({ hasText: cardDay(days) });
}

test('a performer postpones a show: a past date is refused, Escape keeps the old date, the new date shows as Postponed after a reload', async ({
  browser,
}) => {
  const { page } = await performerWithShows(browser, [30, 40]);
  const postponements = actionsSent(page, 'postpone');
  const card = showCard(page, 30);
  await expect(card.getByText('Announced', { exact: true })).toBeVisible();

  // Escape abandons what was typed: nothing is sent and the card keeps its date.
  await card.getByRole('button', { name: 'Postpone', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Postpone Show' });
  // Focus moved into the dialog by Radix: its Escape listener is set up by then (see
  // calendar-and-attendees.spec.ts' openReplaceLink).
  await expect(dialog.getByLabel('New Date and Time')).toBeFocused();
  await dialog.getByLabel('New Date and Time').fill(inDays(60));
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(card.getByText('Announced', { exact: true })).toBeVisible();
  await expect(showCard(page, 60)).toHaveCount(0);
  expect(postponements).toEqual([]);

  // Reopened, the dialog has forgotten the abandoned date (it used to offer it again).
  await card.getByRole('button', { name: 'Postpone', exact: true }).click();
  await expect(dialog.getByLabel('New Date and Time')).toHaveValue('');

  // A show cannot be moved into the past; the dialog says so under the field and stays open.
  await dialog.getByLabel('New Date and Time').fill(inDays(-2));
  await dialog.getByRole('button', { name: 'Postpone Show' }).click();
  await expect(dialog.getByText('Date must be in the future')).toBeVisible();
  expect(postponements).toEqual([]);
  await expectNoSeriousA11yViolations(page);

  await dialog.getByLabel('New Date and Time').fill(inDays(75));
  await dialog.getByRole('button', { name: 'Postpone Show' }).click();
  await expect(page.getByText('Show postponed')).toBeVisible();
  await expect(dialog).toBeHidden();
  const moved = showCard(page, 75);
  await expect(moved.getByText('Postponed', { exact: true })).toBeVisible();
  await expect(showCard(page, 30)).toHaveCount(0);

  // The move is the server's, not just the page's; the other show is untouched.
  await page.reload();
  await expect(moved.getByText('Postponed', { exact: true })).toBeVisible();
  await expect(moved.getByText('8:00 PM')).toBeVisible();
  await expect(showCard(page, 40).getByText('Announced', { exact: true })).toBeVisible();
  // A postponed show can still be changed again.
  await expect(moved.getByRole('button', { name: 'Postpone', exact: true })).toBeVisible();
});

test('a postponement onto a night the venue already holds asks first: Not this one goes back to the date, the answer moves it', async ({
  browser,
}) => {
  const { page, venueName } = await performerWithShows(browser, [50, 55]);
  const card = showCard(page, 55);
  await card.getByRole('button', { name: 'Postpone', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Postpone Show' });
  const lateThatNight = `${inDays(50).slice(0, 10)}T22:30`;
  await dialog.getByLabel('New Date and Time').fill(lateThatNight);
  await dialog.getByRole('button', { name: 'Postpone Show' }).click();

  const question = page.getByRole('alertdialog', { name: 'Another show that night' });
  await expect(question).toContainText(`${venueName} already has a show that night`);
  // Each answer on one line: in the narrower panel they wrapped on a desktop and spilled out of
  // their fixed-height buttons.
  for (const name of ['Not this one', 'Yes, two shows that night']) {
    const lines = await question.getByRole('button', { name }).evaluate((button) => {
      const text = document.createRange();
      text.selectNodeContents(button);
      return new Set(Array.from(text.getClientRects(), (rect) => Math.round(rect.top))).size;
    });
    expect(lines, name).toBe(1);
  }
  // The question's overlay dims the Postpone dialog under it: on its layer or above, so later in
  // the page wins. (elementFromPoint cannot tell: Radix turns the lower dialog's pointer events
  // off.) Under the question that dialog is also hidden from the accessibility tree.
  const under = page.getByRole('dialog', { name: 'Postpone Show', includeHidden: true });
  const panelLayer = await under.evaluate((panel) => Number(getComputedStyle(panel).zIndex));
  const overlayLayer = await question.evaluate((panel) =>
    Number(getComputedStyle(panel.previousElementSibling as Element).zIndex),
  );
  expect(overlayLayer).toBeGreaterThanOrEqual(panelLayer);
  await expectNoSeriousA11yViolations(page);

  await question.getByRole('button', { name: 'Not this one' }).click();
  await expect(question).toBeHidden();
  await expect(dialog.getByLabel('New Date and Time')).toHaveValue(lateThatNight);

  await dialog.getByRole('button', { name: 'Postpone Show' }).click();
  await question.getByRole('button', { name: 'Yes, two shows that night' }).click();
  await expect(page.getByText('Show postponed')).toBeVisible();
  await expect(dialog).toBeHidden();
  await page.reload();
  const moved = page
    .getByRole('article')
    .filter({ hasText: cardDay(50) })
    .filter({ hasText: '10:30 PM' });
  await expect(moved.getByText('Postponed', { exact: true })).toBeVisible();
});

test('a performer cancels a show: Escape and Keep Show change nothing, Cancel Show marks it Cancelled, and a fan going is alerted live', async ({
  browser,
}) => {
  const { page, showIds, artist, venueName } = await performerWithShows(browser, [20]);

  // A fan going to the show waits on their dashboard; their page is never reloaded.
  const fanPage = await (await browser.newContext()).newPage();
  await signedInUser(fanPage, 'fan');
  const going = await fanPage.request.put(`/api/shows/${showIds[0]}/attendance`, {
    data: { status: 'going' },
  });
  expect(going.status(), await going.text()).toBe(200);
  await fanPage.goto('/dashboard');
  const bell = fanPage.getByRole('link', { name: /^Notifications/ });
  await expect(bell).toHaveAccessibleName('Notifications');

  const cancellations = actionsSent(page, 'cancel');
  const card = showCard(page, 20);
  const cancelButton = card.getByRole('button', { name: 'Cancel', exact: true });
  const dialog = page.getByRole('alertdialog', { name: 'Cancel this show?' });
  await cancelButton.click();
  await expect(dialog).toContainText(`${artist} at ${venueName} will be marked cancelled`);
  await expectNoSeriousA11yViolations(page);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  await cancelButton.click();
  await dialog.getByRole('button', { name: 'Keep Show' }).click();
  await expect(dialog).toBeHidden();
  expect(cancellations).toEqual([]);
  await page.reload();
  await expect(card.getByText('Announced', { exact: true })).toBeVisible();
  await expect(cancelButton).toBeVisible();

  await cancelButton.click();
  await dialog.getByRole('button', { name: 'Cancel Show' }).click();
  await expect(page.getByText('Show cancelled')).toBeVisible();
  expect(cancellations).toHaveLength(1);
  await expect(dialog).toBeHidden();
  await expect(card.getByText('Cancelled', { exact: true })).toBeVisible();
  // A cancelled show can no longer be changed, so its actions are gone, after a reload too.
  await page.reload();
  await expect(card.getByText('Cancelled', { exact: true })).toBeVisible();
  await expect(card.getByRole('button')).toHaveCount(0);
  await expect(card.getByRole('link', { name: 'Edit' })).toHaveCount(0);

  // The alert workers run inside the e2e server: the fan's bell counts the alert as it lands.
  await expect(bell).toHaveAccessibleName(/^Notifications, \d+ unread$/, {
    timeout: budget(10_000),
  });
  // On a phone a toast comes down over the bell: let it go first, as a person would.
  await waitForHeaderToastsToGo(fanPage);
  await bell.click();
  const alert = fanPage
    .getByRole('list', { name: 'Alerts' })
    .getByRole('link', { name: new RegExp(`Cancelled: ${artist} at ${venueName}`) });
  await expect(alert).toContainText("You're going");
  await expect(alert).toContainText('Unread');
});

/** A venue that is not on Encore: the performer announces it alone, and enters its results. */
const BARN = {
  name: 'The Off-Grid Barn',
  streetAddress: '12 Field Road',
  city: 'Austin',
  state: 'TX',
  zipCode: '78701',
};

test('a performer enters the results of a show at a venue not on Encore, merch included; a fan’s ticket click goes through Encore to the ticket page', async ({
  browser,
}) => {
  const page = await (await browser.newContext()).newPage();
  const performer = await signedInUser(page, 'performer');
  const announce = async (days: number, ticketUrl: string | null) => {
    const response = await page.request.post('/api/shows', {
      data: {
        performerId: await signedInId(page),
        venueId: null,
        externalVenue: BARN,
        startsAtLocal: inDays(days),
        ticketUrl,
        priceMin: null,
        priceMax: null,
        onSaleAtLocal: null,
        supportingActs: [],
        genre: null,
      },
    });
    expect(response.status(), await response.text()).toBe(201);
    return (await response.json()).show.id as string;
  };
  // The ticket seller is outside Encore: a local page stands in for it, reached by the fan's
  // browser under an https name (ticket links are https to a website's name: decision 033).
  const seller = await ticketSeller();
  const ticketUrl = `https://${SELLER_HOST}/off-grid-barn`;
  const upcoming = await announce(25, ticketUrl);
  const played = await announce(3, null);
  await moveShowToPast(played, 3);

  // From the dashboard to My Shows through the performer's navigation.
  await page.goto('/performer-dashboard');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('link', { name: 'My Shows' }).click();
  await expect(page.getByRole('heading', { name: 'Your Shows', level: 1 })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'My Shows' })).toHaveAttribute('aria-current', 'page');

  const pastCard = page
    .getByRole('region', { name: 'Past' })
    .getByRole('article', { name: performerProfile(performer).artistName });
  await pastCard.getByRole('link', { name: 'Enter results' }).click();
  const results = page.getByRole('region', { name: 'Results' });
  // Blank figures are 'required', not 'cannot be negative'.
  await results.getByRole('button', { name: 'Save Results' }).click();
  await expect(results.getByText('Gross revenue is required')).toBeVisible();
  await expect(results.getByText('Attendance is required')).toBeVisible();
  await results.getByLabel('Attendance').fill('180');
  await results.getByLabel('Gross Revenue').fill('$3,600');
  await expect(results.getByLabel('Gross Revenue')).toHaveValue('3600');
  await results.getByLabel('Merch Revenue').fill('-5');
  await results.getByRole('button', { name: 'Save Results' }).click();
  await expect(results.getByText('Revenue cannot be negative')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await results.getByLabel('Merch Revenue').fill('950.50');
  await results.getByRole('button', { name: 'Save Results' }).click();
  await expect(page.getByText('Results saved')).toBeVisible();

  // Saved on the server: My Shows shows them after a reload.
  await nav.getByRole('link', { name: 'My Shows' }).click();
  // The router changes the URL once the page's code has loaded: reload only after that, or the
  // reload reloads the results page (seen once in CI on a loaded machine).
  await expect(page).toHaveURL(/\/my-shows$/);
  await page.reload();
  await expect(pastCard).toContainText('Attendance 180 · Gross $3,600.00 · Merch $950.50');
  await nav.getByRole('link', { name: 'Dashboard' }).click();
  await expect(page).toHaveURL(/\/performer-dashboard$/);

  // A fan follows 'Purchase Ticket(s)': a new tab through /go/ticket/:id to the ticket page,
  // counted once.
  const fanContext = await browser.newContext();
  await seller.serveAs(fanContext);
  const fanPage = await fanContext.newPage();
  await signedInUser(fanPage, 'fan');
  await fanPage.goto(`/shows/${upcoming}`);
  // The ticket site is reached through the service worker's fetch, which the context's routing
  // answers: Playwright does not route the target of a redirect the browser follows itself. The
  // worker registers a while after the page's load (SERVICE_WORKER_DELAY_MS).
  await fanPage.waitForFunction(() => navigator.serviceWorker.controller !== null);
  // The button names the site it leads to before the fan leaves Encore.
  const tickets = fanPage.getByRole('link', {
    name: `Purchase Ticket(s) on ${SELLER_HOST}`,
    exact: true,
  });
  await expect(tickets).toHaveAttribute('href', `/go/ticket/${upcoming}`);
  expect(await ticketClicks(upcoming)).toBe(0);
  const ticketTab = fanContext.waitForEvent('page');
  await tickets.click();
  const opened = await ticketTab;
  await opened.waitForURL(ticketUrl);
  await expect(opened.getByRole('heading', { name: 'Tickets' })).toBeVisible();
  expect(await ticketClicks(upcoming)).toBe(1);
  await seller.close();
});

/** The ticket seller's name in the journey's ticket link. */
const SELLER_HOST = 'tickets.example.test';

/**
 * A ticket seller's site on a free local port: every path answers a small 'Tickets' page.
 * `serveAs` has a browser context reach it as https://SELLER_HOST (no DNS name or certificate
 * here): the context's requests to that origin, the redirect's target included, are answered by
 * this server.
 */
async function ticketSeller(): Promise<{
  serveAs: (context: BrowserContext) => Promise<void>;
  close: () => Promise<void>;
}> {
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html' });
    response.end('<!doctype html><title>Tickets</title><h1>Tickets</h1>');
  });
  // Never keeps the test worker alive, even when the journey fails before closing it.
  server.unref();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    serveAs: async (context) => {
      await context.route(`https://${SELLER_HOST}/**`, async (route) => {
        const { pathname, search } = new URL(route.request().url());
        const url = `http://127.0.0.1:${port}${pathname}${search}`;
        await route.fulfill({ response: await route.fetch({ url }) });
      });
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
