import type { TCalendarFeed, TShowDetail } from '@encore/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { going } from '../support/alerts.ts';
import { YEAR } from '../support/dates.ts';
import { send } from '../support/profile-inputs.ts';
import { announced, member } from '../support/shows.ts';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../support/test-app.ts';

// A show postponed without a new date stayed STATUS:CONFIRMED at its old date in the
// fan's calendar feed and the single .ics, and neither said SEQUENCE or LAST-MODIFIED, so a
// client that matches an imported event by its sequence never took a change.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** The show's VEVENT properties (unfolded), from an .ics body. */
function eventOf(body: string, showId: string): Map<string, string> {
  const lines = body.replaceAll('\r\n ', '').split('\r\n');
  const start = lines.indexOf(`UID:show-${showId}@encore`);
  expect(start, body).toBeGreaterThan(0);
  const end = lines.indexOf('END:VEVENT', start);
  const props = lines
    .slice(start, end)
    .map((l) => [l.slice(0, l.indexOf(':')), l.slice(l.indexOf(':') + 1)]);
  return new Map(props as Array<[string, string]>);
}

async function calendars(feedPath: string, showId: string) {
  const feed = await send(t.app, 'GET', feedPath, undefined);
  const single = await send(t.app, 'GET', `/api/shows/${showId}/calendar.ics`, undefined);
  expect([feed.statusCode, single.statusCode]).toEqual([200, 200]);
  const fromFeed = eventOf(feed.body, showId);
  const fromSingle = eventOf(single.body, showId);
  // The same event either way, but for DTSTAMP (when it was downloaded).
  fromFeed.delete('DTSTAMP');
  fromSingle.delete('DTSTAMP');
  expect(fromSingle).toEqual(fromFeed);
  return fromFeed;
}

describe("a show's calendar event as the show changes", () => {
  it('a postponement without a date is tentative and says so; SEQUENCE counts the changes of times and status', async () => {
    const { show, performer, venue } = await announced(t, { startsAtLocal: `${YEAR}-06-14T20:00` });
    const fan = await member(t, 'fan');
    await going(t, fan.cookie, show.id);
    const feed = await send(t.app, 'POST', '/api/fan/calendar-feed', fan.cookie);
    const feedPath = (feed.json<TCalendarFeed>().url ?? '').slice(TEST_ORIGIN.length);
    const change = async (
      path: string,
      body: Record<string, unknown>,
      method: 'POST' | 'PATCH' = 'POST',
    ) => {
      const response = await send(
        t.app,
        method,
        `/api/shows/${show.id}${path}`,
        venue.cookie,
        body,
      );
      expect(response.statusCode, response.body).toBe(200);
    };

    const first = await calendars(feedPath, show.id);
    expect(first.get('STATUS')).toBe('CONFIRMED');
    expect(first.get('SEQUENCE')).toBe('0');
    expect(first.get('LAST-MODIFIED')).toMatch(/^\d{8}T\d{6}Z$/);

    // A price is no change of times or status: the sequence stays, the modification time moves.
    await change('', { priceMin: 15 }, 'PATCH');
    const priced = await calendars(feedPath, show.id);
    expect(priced.get('SEQUENCE')).toBe('0');
    expect((priced.get('LAST-MODIFIED') ?? '') >= (first.get('LAST-MODIFIED') ?? '')).toBe(true);

    await change('/postpone', { startsAtLocal: null });
    const tbd = await calendars(feedPath, show.id);
    expect(tbd.get('STATUS')).toBe('TENTATIVE');
    expect(tbd.get('SUMMARY')).toBe(`Postponed: ${first.get('SUMMARY')}`);
    expect(tbd.get('DESCRIPTION')).toContain('new date to be announced');
    expect(tbd.get('DTSTART')).toBe(first.get('DTSTART'));
    expect(tbd.get('SEQUENCE')).toBe('1');
    // Same-length UTC stamps: their text order is their time order.
    expect((tbd.get('LAST-MODIFIED') ?? '') >= (first.get('LAST-MODIFIED') ?? '')).toBe(true);

    // The new date, set by an edit: confirmed again, at that date, one change later.
    await change('', { startsAtLocal: `${YEAR}-07-01T20:00` }, 'PATCH');
    const dated = await calendars(feedPath, show.id);
    expect(dated.get('STATUS')).toBe('CONFIRMED');
    expect(dated.get('SUMMARY')).toBe(first.get('SUMMARY'));
    expect(dated.get('DESCRIPTION')).toBe(undefined);
    expect(dated.get('DTSTART')).toBe(`${YEAR}0702T010000Z`);
    expect(dated.get('SEQUENCE')).toBe('2');

    await send(t.app, 'POST', `/api/shows/${show.id}/cancel`, performer.cookie);
    const cancelled = await calendars(feedPath, show.id);
    expect(cancelled.get('STATUS')).toBe('CANCELLED');
    expect(cancelled.get('SEQUENCE')).toBe('3');
  });

  it('the show page says whether a postponed show has its new date, anonymous (cached) or not', async () => {
    const { show, venue } = await announced(t, { startsAtLocal: `${YEAR}-06-21T20:00` });
    const fan = await member(t, 'fan');
    const page = async (cookie?: string) => {
      const response = await send(t.app, 'GET', `/api/shows/${show.id}`, cookie);
      expect(response.statusCode, response.body).toBe(200);
      return response.json<TShowDetail>();
    };
    expect((await page()).newDatePending).toBe(false);
    const postpone = (startsAtLocal: string | null) =>
      send(t.app, 'POST', `/api/shows/${show.id}/postpone`, venue.cookie, { startsAtLocal });
    expect((await postpone(null)).statusCode).toBe(200);
    for (const cookie of [undefined, fan.cookie]) {
      const pending = await page(cookie);
      expect([pending.show.status, pending.newDatePending]).toEqual(['postponed', true]);
    }
    // Its new date: the page no longer says it waits for one (`startsAt` is the new date).
    expect((await postpone(`${YEAR}-07-05T20:00`)).statusCode).toBe(200);
    for (const cookie of [undefined, fan.cookie]) {
      const moved = await page(cookie);
      expect([moved.show.status, moved.newDatePending]).toEqual(['postponed', false]);
      expect(moved.show.startsAt).toBe(`${YEAR}-07-06T01:00:00.000Z`);
    }
  });
});
