import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { YEAR } from '../support/dates.ts';
import {
  DAY_MS,
  going,
  mark,
  moveShow,
  PLACES,
  performer,
  showIn,
  watch,
} from '../support/fan-pages.ts';
import { send } from '../support/profile-inputs.ts';
import { roundTripRecorder, type Trip } from '../support/round-trips.ts';
import { member } from '../support/shows.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/**
 * What a signed-in page read costs in statements (issue 29: a miss in one round trip a request).
 * A session seen before is answered from memory after ONE barrier on the listening connection
 * (decision 029), and that same barrier serves the private page cache and Your Alerts' show
 * fragments of the same request (decision 053): a hit is that barrier alone, a miss adds the
 * page's own statements. Fails when a request grows a barrier or a statement back.
 */
let t: TestApp;
let off: TestApp;
beforeAll(async () => {
  [t, off] = await Promise.all([createTestApp(), createTestApp({ pageCaches: false })]);
});
afterAll(async () => {
  await Promise.all([t?.close(), off?.close()]);
});

const PAGES = ['/api/fan/alerts', '/api/fan/home', '/api/notifications'] as const;

/** A fan following a performer with two shows near, going to one of them. */
async function fanWithShows(app: TestApp) {
  const star = await performer(app, 'Round Trip Star');
  const fan = await member(app, 'fan', { zipCode: '10001', preferredRadius: 40 });
  await watch(app, fan.cookie, star.id);
  const first = await showIn(app, star, PLACES.jerseyCity, {
    startsAtLocal: `${YEAR}-04-02T20:00`,
  });
  await showIn(app, star, PLACES.brooklyn, { startsAtLocal: `${YEAR}-04-03T20:00` });
  await going(app, fan.cookie, first.id);
  return { fan, first };
}

async function tripsOf(app: TestApp, path: string, cookie: string): Promise<Trip[]> {
  const record = roundTripRecorder(app.database.pool);
  let status = 0;
  const trips = await record(async () => {
    status = (await send(app.app, 'GET', path, cookie)).statusCode;
  });
  expect(status, path).toBe(200);
  return trips;
}

/** Barriers and statements, with each statement's start for the failure message. */
function counted(trips: Trip[]) {
  const listed = trips.map((trip) => `${trip.on}: ${trip.text.replace(/\s+/g, ' ').slice(0, 60)}`);
  const count = {
    barriers: trips.filter((trip) => trip.on === 'listener').length,
    statements: trips.filter((trip) => trip.on === 'pool').length,
  };
  return { count, listed: listed.join('\n') };
}

describe('a signed-in page read', () => {
  it('is one barrier when the page is kept', async () => {
    const { fan } = await fanWithShows(t);
    for (const path of PAGES) {
      await tripsOf(t, path, fan.cookie);
      const hit = counted(await tripsOf(t, path, fan.cookie));
      expect(hit.count, `${path}\n${hit.listed}`).toEqual({ barriers: 1, statements: 0 });
    }
  });

  it("waits once on a miss of Your Alerts, its show cards' barrier included", async () => {
    const { fan, first } = await fanWithShows(t);
    await tripsOf(t, '/api/fan/alerts', fan.cookie);
    // The fan's own mark drops the page (it shows the mark) and that show's card.
    await send(t.app, 'PUT', `/api/shows/${first.id}/attendance`, fan.cookie, { status: null });
    const miss = counted(await tripsOf(t, '/api/fan/alerts', fan.cookie));
    // The fan's own part of each card with the follows that tag the page to keep
    // (http/cached-pages.ts), and the card the mark dropped.
    expect(miss.count, miss.listed).toEqual({ barriers: 1, statements: 2 });
  });

  it("reads the notification centre's page in one statement on a miss", async () => {
    const { fan } = await fanWithShows(t);
    await tripsOf(t, '/api/notifications', fan.cookie);
    // Marking all read drops the page (it shows the marks and the unread count).
    await send(t.app, 'POST', '/api/notifications/read', fan.cookie, { all: true });
    const miss = counted(await tripsOf(t, '/api/notifications', fan.cookie));
    // Alerts, show, Show Pals and booking notices, artist messages and the unread count together
    // (notification.repo.ts' `together`): it was six statements.
    expect(miss.count, miss.listed).toEqual({ barriers: 1, statements: 1 });
  });

  it('reads the dashboard and its tags in one statement on a miss', async () => {
    const { fan } = await fanWithShows(t);
    await tripsOf(t, '/api/fan/home', fan.cookie);
    // Watching one more artist changes the "watching" count: the fan's own row drops the page.
    await watch(t, fan.cookie, (await performer(t, 'Round Trip Second')).id);
    const miss = counted(await tripsOf(t, '/api/fan/home', fan.cookie));
    // The counts, the going shows' ids (its tags) and the listed shows with the fan's cards
    // (faces, pals going): five statements before, the tags one of them.
    expect(miss.count, miss.listed).toEqual({ barriers: 1, statements: 1 });
  });

  it('reads the going-to and attended lists, cards and totals included, in one statement each', async () => {
    const { fan } = await fanWithShows(t);
    const star = await performer(t, 'Round Trip Past');
    const past = await showIn(t, star, PLACES.brooklyn, { startsAtLocal: `${YEAR}-05-01T20:00` });
    await moveShow(t, past.id, new Date(Date.now() - 30 * DAY_MS));
    await mark(t, fan.cookie, past.id, 'attended');
    // Uncached pages: the shows, their faces and their pals going were three statements (the
    // attended list's totals a fourth), now one (fan-pages.repo.ts' markedRowsSql).
    for (const path of ['/api/fan/shows-attending', '/api/fan/shows-attended']) {
      await tripsOf(t, path, fan.cookie);
      const read = counted(await tripsOf(t, path, fan.cookie));
      expect(read.count, `${path}\n${read.listed}`).toEqual({ barriers: 1, statements: 1 });
    }
  });

  it('waits once with the page caches off, and Your Alerts is one statement', async () => {
    const { fan } = await fanWithShows(off);
    // The session in memory and the show cards kept, as on a busy server.
    await tripsOf(off, '/api/fan/alerts', fan.cookie);
    const alerts = counted(await tripsOf(off, '/api/fan/alerts', fan.cookie));
    expect(alerts.count, alerts.listed).toEqual({ barriers: 1, statements: 1 });
    for (const path of PAGES) {
      const read = counted(await tripsOf(off, path, fan.cookie));
      expect(read.count.barriers, `${path}\n${read.listed}`).toBe(1);
    }
  });
});
