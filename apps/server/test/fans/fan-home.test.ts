import {
  showLocalStart,
  type TFanHome,
  type TShowsAttended,
  type TShowsAttending,
} from '@encore/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { YEAR } from '../support/dates.ts';
import {
  cancel,
  DAY_MS,
  going,
  mark,
  moveShow,
  PLACES,
  showIn,
  watch,
} from '../support/fan-pages.ts';
import { send } from '../support/profile-inputs.ts';
import { announceConfirmed, laterStart, member } from '../support/shows.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const get = async <T>(cookie: string, path: string) => {
  const response = await send(t.app, 'GET', `/api/fan/${path}`, cookie);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<T>();
};
const ago = (days: number) => new Date(Date.now() - days * DAY_MS);

describe('GET /api/fan/home and /api/fan/shows-attending', () => {
  it('counts, the next show, and the started shows to confirm', async () => {
    const fan = await member(t, 'fan', { tagName: 'HomeFan' });
    const band = await member(t, 'performer');
    const other = await member(t, 'performer');
    await watch(t, fan.cookie, band.id);
    await watch(t, fan.cookie, other.id);
    const show = (startsAtLocal: string) =>
      showIn(t, band, PLACES.brooklyn, { startsAtLocal, genre: 'Rock' });

    const june = await show(`${YEAR}-06-01T20:00`);
    const may = await show(`${YEAR}-05-01T20:00`);
    const april = await show(`${YEAR}-04-01T20:00`);
    for (const s of [june, may, april]) await going(t, fan.cookie, s.id);
    await cancel(t, band.cookie, april.id);
    // Seven going-to shows that already started, the latest cancelled: five prompts, newest first.
    const started = [];
    for (let i = 1; i <= 7; i += 1) {
      const s = await show(`${YEAR}-01-0${i}T20:00`);
      await going(t, fan.cookie, s.id);
      await moveShow(t, s.id, ago(i));
      started.push(s.id);
    }
    await cancel(t, band.cookie, started[0] ?? '');
    const attended = await show(`${YEAR}-01-09T20:00`);
    await moveShow(t, attended.id, ago(30));
    await mark(t, fan.cookie, attended.id, 'attended');

    const home = await get<TFanHome>(fan.cookie, 'home');
    expect(home.counts).toEqual({ goingTo: 2, watching: 2, attended: 1 });
    expect(home.nextShow?.show.id).toBe(may.id);
    expect(home.nextShow?.myAttendance).toBe('going');
    expect(home.nextShow?.faces).toEqual([{ id: fan.id, name: 'HomeFan', photoUrl: null }]);
    expect(home.toConfirm.map((c) => c.show.id)).toEqual(started.slice(1, 6));
    // Each start written in the venue's zone (Brooklyn's), as the web prints it (no Intl formatter on the phone).
    expect(home.nextShow?.startsLocal).toEqual({
      text: expect.stringMatching(
        new RegExp(`^(Mon|Tue|Wed|Thu|Fri|Sat|Sun), May 1, ${YEAR}, 8:00 PM EDT$`),
      ),
      month: 'MAY',
      day: '1',
    });
    for (const card of home.toConfirm) {
      expect(card.startsLocal).toEqual(showLocalStart(card.show.startsAt, card.show.timeZone));
    }

    const attending = await get<TShowsAttending>(fan.cookie, 'shows-attending');
    expect(attending.shows.map((c) => c.show.id)).toEqual([april.id, may.id, june.id]);
    expect(attending.shows[0]?.show.status).toBe('cancelled');
  });

  it('a fan with nothing yet (even without a profile) gets zeros and empty lists', async () => {
    const { createUser } = await import('../support/factories.ts');
    const bare = await createUser(t.app, { role: 'fan' });
    expect(await get<TFanHome>(bare.cookie, 'home')).toEqual({
      counts: { goingTo: 0, watching: 0, attended: 0 },
      nextShow: null,
      toConfirm: [],
    });
    expect(await get(bare.cookie, 'shows-attending')).toEqual({ shows: [] });
    expect(await get(bare.cookie, 'shows-attended')).toEqual({
      totals: { totalShows: 0, venues: 0, thisYear: 0 },
      shows: [],
    });
  });
});

describe('GET /api/fan/shows-attended', () => {
  it('most recent first; venues distinct; this year in the show’s own time zone', async () => {
    const fan = await member(t, 'fan');
    const band = await member(t, 'performer');
    const venue = await member(t, 'venue'); // Chicago, IL: America/Chicago
    const atVenue = (day: number) =>
      announceConfirmed(t, band, venue, { startsAtLocal: laterStart(day) });
    const year = new Date().getUTCFullYear();
    const jan1 = Date.UTC(year, 0, 1);
    // Halfway between New Year and now: this year wherever the venue is.
    const thisYear = new Date(jan1 + (Date.now() - jan1) / 2);

    const encoreA = await atVenue(0);
    const encoreB = await atVenue(1);
    const clubA = await showIn(t, band, PLACES.philadelphia, { venueName: 'The Vault' });
    const clubB = await showIn(t, band, PLACES.philadelphia, {
      venueName: 'the vault ',
      startsAtLocal: laterStart(1),
    });
    const otherClub = await showIn(t, band, PLACES.losAngeles, { venueName: 'The Vault' });
    await moveShow(t, encoreA.id, thisYear);
    await moveShow(t, encoreB.id, new Date(Date.UTC(year - 1, 5, 15)));
    await moveShow(t, clubA.id, new Date(jan1 - 2 * DAY_MS));
    await moveShow(t, clubB.id, new Date(Date.UTC(year - 2, 5, 15)));
    // 04:00 UTC on 1 January is still 31 December, 20:00 in Los Angeles: last year there.
    await moveShow(t, otherClub.id, new Date(jan1 + 4 * 3_600_000));
    for (const s of [encoreA, encoreB, clubA, clubB, otherClub]) {
      await mark(t, fan.cookie, s.id, 'attended');
    }
    // Likewise 03:00 UTC is 31 December, 21:00 in Chicago.
    const chicagoNewYear = await atVenue(2);
    await moveShow(t, chicagoNewYear.id, new Date(jan1 + 3 * 3_600_000));
    await mark(t, fan.cookie, chicagoNewYear.id, 'attended');

    const page = await get<TShowsAttended>(fan.cookie, 'shows-attended');
    expect(page.totals).toEqual({
      totalShows: 6,
      // The Encore venue, The Vault in Philadelphia (any spelling), The Vault in Los Angeles.
      venues: 3,
      // Only encoreA: both New Year's shows were still last year where they played.
      thisYear: 1,
    });
    expect(page.shows.map((c) => c.show.id)).toEqual([
      encoreA.id,
      otherClub.id,
      chicagoNewYear.id,
      clubA.id,
      encoreB.id,
      clubB.id,
    ]);
    expect(page.shows.every((c) => c.myAttendance === 'attended')).toBe(true);
  });
});
