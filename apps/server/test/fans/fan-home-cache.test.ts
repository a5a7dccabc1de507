import type { TFanHome } from '@encore/contract';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { YEAR } from '../support/dates.ts';
import { going, moveShow, PLACES, showIn, watch } from '../support/fan-pages.ts';
import { send } from '../support/profile-inputs.ts';
import { eventually } from '../support/recording-sender.ts';
import { withTwoProcesses } from '../support/second-process.ts';
import { member } from '../support/shows.ts';
import { type Fan, palUp, socialFan } from '../support/social.ts';
import type { TestApp } from '../support/test-app.ts';

/**
 * The fan dashboard's per-fan cache (http/private-cache.ts): never another fan's dashboard, and
 * each kind of change visible on the very next request, in this process and in another one on
 * the same database (B, which had the dashboard cached), with no wait in between.
 */
let t: TestApp;
let b: FastifyInstance;
withTwoProcesses((started) => ({ t, b } = started));

async function home(cookie: string, app = t.app): Promise<TFanHome> {
  const response = await send(app, 'GET', '/api/fan/home', cookie);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}
/** Read twice: the second answer comes from the cache. */
async function cached(cookie: string, app = t.app) {
  await home(cookie, app);
  return home(cookie, app);
}

async function bandWithShow() {
  const band = await member(t, 'performer');
  const show = await showIn(t, band, PLACES.brooklyn, {
    startsAtLocal: `${YEAR}-06-01T20:00`,
    genre: 'Rock',
  });
  return { band, show };
}

describe('the fan dashboard from the cache', () => {
  it("never answers with another fan's dashboard", async () => {
    const { show } = await bandWithShow();
    const one = await member(t, 'fan');
    const two = await member(t, 'fan');
    await going(t, one.cookie, show.id);
    for (let round = 0; round < 3; round += 1) {
      for (const app of [t.app, b]) {
        expect((await home(one.cookie, app)).nextShow?.show.id).toBe(show.id);
        expect((await home(two.cookie, app)).nextShow).toBeNull();
      }
    }
  });

  it('shows a follow and a going mark made in one process on the next request in the other', async () => {
    const { band, show } = await bandWithShow();
    const fan = await member(t, 'fan');
    expect((await cached(fan.cookie, b)).counts).toEqual({ goingTo: 0, watching: 0, attended: 0 });
    await watch(t, fan.cookie, band.id);
    expect((await home(fan.cookie, b)).counts.watching).toBe(1);
    await going(t, fan.cookie, show.id);
    const after = await home(fan.cookie, b);
    expect(after.counts.goingTo).toBe(1);
    expect(after.nextShow?.show.id).toBe(show.id);
  });

  it("shows a show's new time on the next request, every time", async () => {
    const { show } = await bandWithShow();
    const fan = await member(t, 'fan');
    await going(t, fan.cookie, show.id);
    await cached(fan.cookie, b);
    // Many rounds, straight in SQL: the wait for the notices must hold, not win a race now and then.
    for (let round = 0; round < 10; round += 1) {
      const startsAt = new Date(Date.UTC(YEAR, 6, 1 + round, 20));
      await moveShow(t, show.id, startsAt);
      expect((await home(fan.cookie, b)).nextShow?.show.startsAt).toBe(startsAt.toISOString());
    }
  });

  it('moves the next show to "to confirm" once it starts, without any write', async () => {
    const { show } = await bandWithShow();
    const fan = await member(t, 'fan');
    await going(t, fan.cookie, show.id);
    await moveShow(t, show.id, new Date(Date.now() + 1_500));
    expect((await cached(fan.cookie)).nextShow?.show.id).toBe(show.id);
    const started = await eventually(async () => {
      const now = await home(fan.cookie);
      return now.nextShow === null && now;
    });
    expect(started.toConfirm.map((card) => card.show.id)).toEqual([show.id]);
  });

  it("shows a new Show Pal's going mark on the next request", async () => {
    const { show } = await bandWithShow();
    const sam: Fan = await socialFan(t, { tagName: 'Sam' });
    const alex: Fan = await socialFan(t, { tagName: 'Alex' });
    await going(t, sam.cookie, show.id);
    await going(t, alex.cookie, show.id);
    const before = (await cached(sam.cookie, b)).nextShow?.palsGoing;
    await palUp(t, sam, alex);
    const after = (await home(sam.cookie, b)).nextShow?.palsGoing;
    expect(after).not.toEqual(before);
    expect(after?.count).toBe(1);
  });

  it('answers 403 on the next request once the fan is no longer a fan', async () => {
    const fan = await member(t, 'fan');
    await cached(fan.cookie, b);
    await t.database.pool.query(`update "user" set role = 'performer' where id = $1`, [fan.id]);
    expect((await send(b, 'GET', '/api/fan/home', fan.cookie)).statusCode).toBe(403);
  });
});
