import { type Browser, expect, type Page } from '@playwright/test';

/** A local date-time `days` ahead (negative: behind) at 20:00, as a datetime-local input takes it. */
export function inDays(days: number): string {
  const date = new Date(Date.now() + days * 24 * 3600 * 1000);
  return `${date.toISOString().slice(0, 10)}T20:00`;
}

/** The id of the user signed in to the page's browser context. */
export async function signedInId(page: Page): Promise<string> {
  const response = await page.request.get('/api/account/session');
  return (await response.json()).user.id;
}

/**
 * The signed-in performer announces a show at an Encore venue through the API, and the venue
 * (signed in on `venuePage`) confirms it, as a show naming another Encore party needs: for
 * journeys about what comes after (the announce screen is driven in shows.spec.ts, the
 * confirmation in show-confirmation.spec.ts).
 */
export async function announceShow(
  page: Page,
  venuePage: Page,
  days: number,
  /** Other fields of the announce body (tickets, prices), when the journey shows them. */
  details: Record<string, unknown> = {},
): Promise<string> {
  const response = await page.request.post('/api/shows', {
    data: {
      performerId: await signedInId(page),
      venueId: await signedInId(venuePage),
      externalVenue: null,
      startsAtLocal: inDays(days),
      ticketUrl: null,
      priceMin: null,
      priceMax: null,
      onSaleAtLocal: null,
      supportingActs: [],
      genre: null,
      ...details,
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  const id: string = (await response.json()).show.id;
  const confirmed = await venuePage.request.post(`/api/shows/${id}/confirm`);
  expect(confirmed.status(), await confirmed.text()).toBe(200);
  return id;
}

/** A page in a browser context of its own: another person, signed in separately. */
export async function newPage(browser: Browser): Promise<Page> {
  return (await browser.newContext()).newPage();
}

/** The fan signed in on `page` marks the show going through the API. */
export async function markGoing(page: Page, showId: string): Promise<void> {
  const response = await page.request.put(`/api/shows/${showId}/attendance`, {
    data: { status: 'going' },
  });
  expect(response.status(), await response.text()).toBe(200);
}
