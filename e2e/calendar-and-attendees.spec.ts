import { FAN_PAGE_MESSAGES } from '@encore/contract';
import type { APIRequestContext, Browser, Locator, Page } from '@playwright/test';
import { performerProfile, signedInUser, venueProfile } from './support/accounts.ts';
import { expect, test } from './support/csp-guard.ts';
import { expectNoSeriousA11yViolations } from './support/fixtures.ts';
import { announceShow } from './support/shows.ts';

type Place = { city: string; state: string; zipCode: string };

/**
 * A Rock show (accounts.ts) two weeks ahead, announced by a new performer at a new venue, each
 * in a browser context of its own. The venue is in Chicago unless `venueIn` moves it.
 */
async function announcedShow(browser: Browser, venueIn?: Place) {
  const venuePage = await (await browser.newContext()).newPage();
  const venue = await signedInUser(venuePage, 'venue');
  if (venueIn) {
    const data = { ...venueProfile(venue), ...venueIn };
    const moved = await venuePage.request.put('/api/profile/venue', { data });
    expect(moved.status(), await moved.text()).toBe(200);
  }
  const performerPage = await (await browser.newContext()).newPage();
  const performer = await signedInUser(performerPage, 'performer');
  const id = await announceShow(performerPage, venuePage, 14);
  await Promise.all([venuePage.context().close(), performerPage.context().close()]);
  return { id, performerName: performerProfile(performer).artistName };
}

/** The Calendar feed card on Shows Attending (a section named by its heading). */
const calendarCard = (page: Page) => page.getByRole('region', { name: 'Calendar feed' });

const calendarLink = (page: Page) => calendarCard(page).getByLabel('Your calendar link');

/**
 * Fetches a calendar link the way a calendar app would: with a request context of its own, so no
 * session cookie, only the URL.
 */
async function expectCalendarServed(app: APIRequestContext, url: string, performerName: string) {
  const feed = await app.get(url);
  expect(feed.status(), await feed.text()).toBe(200);
  expect(feed.headers()['content-type']).toContain('text/calendar');
  const body = await feed.text();
  expect(body).toMatch(/^BEGIN:VCALENDAR\r?\n/);
  expect(body).toContain(performerName);
}

/** Opens "Replace link" from the card and returns the confirmation, checked for its words. */
async function openReplaceLink(page: Page): Promise<Locator> {
  await calendarCard(page).getByRole('button', { name: 'Replace link' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Replace your calendar link?' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('The current link stops working at once');
  // Radix focuses the safe choice in the same effects that start listening for Escape: a key
  // pressed as soon as the dialog shows, before they ran, went unheard in a loaded run.
  await expect(dialog.getByRole('button', { name: 'Keep current link' })).toBeFocused();
  return dialog;
}

/** Radix hands focus back to whatever opened the dialog; keyboard users keep their place. */
async function expectClosedBackOn(dialog: Locator, trigger: Locator) {
  await expect(dialog).toHaveCount(0);
  await expect(trigger).toBeFocused();
}

test('a fan keeps their calendar link twice, then replaces it: the old link stops serving the calendar and the new one does', async ({
  browser,
  page,
  request,
}) => {
  const show = await announcedShow(browser);
  await signedInUser(page, 'fan');
  // Going through the API: the journey here is the calendar link, not the Going button.
  const going = await page.request.put(`/api/shows/${show.id}/attendance`, {
    data: { status: 'going' },
  });
  expect(going.status(), await going.text()).toBe(200);

  await page.goto('/shows-attending');
  await expect(page.getByRole('heading', { name: 'Shows Attending', level: 1 })).toBeVisible();
  await calendarCard(page).getByRole('button', { name: 'Create calendar link' }).click();
  await expect(calendarLink(page)).toHaveValue(/\/api\/calendar\/[\w-]+\.ics$/);
  const firstUrl = await calendarLink(page).inputValue();
  await expectCalendarServed(request, firstUrl, show.performerName);

  const trigger = calendarCard(page).getByRole('button', { name: 'Replace link' });
  // Changing one's mind must cost nothing: neither the button nor Escape replaces the link.
  let dialog = await openReplaceLink(page);
  await expectNoSeriousA11yViolations(page);
  await dialog.getByRole('button', { name: 'Keep current link' }).click();
  await expectClosedBackOn(dialog, trigger);
  await expect(calendarLink(page)).toHaveValue(firstUrl);

  dialog = await openReplaceLink(page);
  await page.keyboard.press('Escape');
  await expectClosedBackOn(dialog, trigger);
  await expect(calendarLink(page)).toHaveValue(firstUrl);
  await expectCalendarServed(request, firstUrl, show.performerName);

  dialog = await openReplaceLink(page);
  await dialog.getByRole('button', { name: 'Replace link' }).click();
  await expect(page.getByText(FAN_PAGE_MESSAGES.calendarFeedReset)).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await expect(calendarLink(page)).not.toHaveValue(firstUrl);
  const secondUrl = await calendarLink(page).inputValue();
  expect(secondUrl).toMatch(/\/api\/calendar\/[\w-]+\.ics$/);

  // A replaced token is unknown to the server, which answers 404 (calendar-feed.service.ts).
  expect((await request.get(firstUrl)).status()).toBe(404);
  await expectCalendarServed(request, secondUrl, show.performerName);

  // The replacement is the server's, not just the card's.
  await page.reload();
  await expect(calendarLink(page)).toHaveValue(secondUrl);
});

test('two fans going to a show meet through "Connect with Attendees" on the show page, and the dialog closes with Close and Escape, also from Your Alerts', async ({
  browser,
  page,
}) => {
  // Near the fan's Brooklyn home in a favourite genre (accounts.ts), so Your Alerts lists it too.
  const show = await announcedShow(browser, { city: 'Brooklyn', state: 'NY', zipCode: '11222' });
  await signedInUser(page, 'fan');
  const otherPage = await (await browser.newContext()).newPage();
  const other = await signedInUser(otherPage, 'fan');
  const going = await otherPage.request.put(`/api/shows/${show.id}/attendance`, {
    data: { status: 'going' },
  });
  expect(going.status(), await going.text()).toBe(200);

  await page.goto(`/shows/${show.id}`);
  await page.getByRole('button', { name: 'Going', exact: true }).click();
  const attendees = page.getByRole('region', { name: '2 fans going' });
  await expect(attendees).toBeVisible();

  const connect = attendees.getByRole('button', { name: 'Connect with Attendees' });
  const dialog = page.getByRole('dialog', { name: 'Connect with Attendees' });
  await connect.click();
  await expect(dialog).toContainText(`Fans going to see ${show.performerName}`);
  const met = dialog.getByRole('article', { name: other.username });
  await expect(met).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await met.getByRole('button', { name: `Add ${other.username}` }).click();
  await expect(page.getByText(`Request sent to ${other.username}`)).toBeVisible();
  await expect(met).toContainText('Requested');
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expectClosedBackOn(dialog, connect);

  await connect.click();
  // Radix moves focus into the dialog in the same effects that start listening for Escape: a key
  // pressed as soon as the dialog shows, before they ran, went unheard on a loaded phone run.
  await expect(dialog.getByRole('button', { name: 'Close' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expectClosedBackOn(dialog, connect);

  // The other fan finds the request on /social and accepts it.
  await otherPage.goto('/social');
  const request = otherPage.getByRole('region', { name: 'Requests' }).getByRole('article');
  await request.getByRole('button', { name: /^Accept / }).click();
  await expect(otherPage.getByText(/are now Show Pals$/)).toBeVisible();

  // The same dialog on the show's card in Your Alerts now shows them as pals.
  await page.goto('/alerts');
  const card = page.getByRole('article', { name: show.performerName });
  const cardConnect = card.getByRole('button', { name: 'Connect with Attendees' });
  await cardConnect.click();
  await expect(dialog).toContainText(`going to see ${show.performerName}`);
  await expect(dialog.getByRole('article', { name: other.username })).toContainText('Pals');
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expectClosedBackOn(dialog, cardConnect);
});
