import type { TAlertFeed } from '@encore/contract';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { YEAR } from '../support/dates.ts';
import { cancel, moveShow, PLACES, performer, showIn, watch } from '../support/fan-pages.ts';
import { INPUTS, saveProfile, send } from '../support/profile-inputs.ts';
import { eventually } from '../support/recording-sender.ts';
import { withTwoProcesses } from '../support/second-process.ts';
import { member } from '../support/shows.ts';
import type { TestApp } from '../support/test-app.ts';

/**
 * Your Alerts' per-fan cache (http/private-cache.ts): never another fan's feed, and each kind of
 * change visible on the very next request, in this process and in another one on the same
 * database (B, which had the feed cached), with no wait in between.
 */
let t: TestApp;
let b: FastifyInstance;
withTwoProcesses((started) => ({ t, b } = started));

async function feed(cookie: string, app = t.app): Promise<TAlertFeed> {
  const response = await send(app, 'GET', '/api/fan/alerts', cookie);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}
const ids = (page: TAlertFeed) => page.items.map((item) => item.show.id);
/** Read twice: the second answer comes from the cache. */
async function cached(cookie: string, app = t.app) {
  await feed(cookie, app);
  return feed(cookie, app);
}
const jazzFan = () =>
  member(t, 'fan', { zipCode: '10001', preferredRadius: 40, favoriteGenres: ['Jazz'] });
/** A fan whom no show here is near: only follows bring shows into the feed. */
const rockFan = () => member(t, 'fan', { zipCode: '60601', favoriteGenres: ['Rock'] });

describe('Your Alerts from the cache', () => {
  it("never answers with another fan's feed", async () => {
    const star = await performer(t, 'Cache Star');
    const show = await showIn(t, star, PLACES.jerseyCity, { startsAtLocal: `${YEAR}-03-02T20:00` });
    const one = await jazzFan();
    const two = await rockFan();
    await watch(t, one.cookie, star.id);
    for (let round = 0; round < 3; round += 1) {
      for (const app of [t.app, b]) {
        expect(ids(await feed(one.cookie, app))).toContain(show.id);
        expect(ids(await feed(two.cookie, app))).not.toContain(show.id);
      }
    }
  });

  it('shows a follow, a new show and a cancellation on the next request in another process', async () => {
    const star = await performer(t, 'Followed Later');
    const show = await showIn(t, star, PLACES.losAngeles, { startsAtLocal: `${YEAR}-03-03T20:00` });
    const fan = await rockFan();
    expect(ids(await cached(fan.cookie, b))).not.toContain(show.id);
    await watch(t, fan.cookie, star.id);
    expect(ids(await feed(fan.cookie, b))).toContain(show.id);
    const second = await showIn(t, star, PLACES.losAngeles, {
      startsAtLocal: `${YEAR}-03-04T20:00`,
    });
    expect(ids(await feed(fan.cookie, b))).toContain(second.id);
    await cancel(t, star.cookie, show.id);
    expect(ids(await feed(fan.cookie, b))).not.toContain(show.id);
  });

  it("follows the fan's new home and genres on the next request", async () => {
    const band = await performer(t, 'Chicago Jazz');
    const show = await showIn(t, band, PLACES.losAngeles, {
      startsAtLocal: `${YEAR}-03-05T20:00`,
      genre: 'Jazz',
    });
    const fan = await rockFan();
    expect(ids(await cached(fan.cookie, b))).not.toContain(show.id);
    const moved = await saveProfile(
      t.app,
      'fan',
      fan.cookie,
      INPUTS.fan({ zipCode: '90012', preferredRadius: 40, favoriteGenres: ['Jazz'] }),
    );
    expect(moved.statusCode).toBe(200);
    expect(ids(await feed(fan.cookie, b))).toContain(show.id);
  });

  it('drops a show from the feed once it starts, without any write', async () => {
    const star = await performer(t, 'Starting Soon');
    const show = await showIn(t, star, PLACES.losAngeles, { startsAtLocal: `${YEAR}-03-06T20:00` });
    const fan = await rockFan();
    await watch(t, fan.cookie, star.id);
    await moveShow(t, show.id, new Date(Date.now() + 1_500));
    expect(ids(await cached(fan.cookie))).toEqual([show.id]);
    await eventually(async () => (await feed(fan.cookie)).items.length === 0);
  });
});
