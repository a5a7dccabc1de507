import type { TNotification, TNotificationPage } from '@encore/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { releaseDigest } from '../../src/alerts/digest.ts';
import { matchEvent } from '../../src/alerts/match-event.ts';
import { eventOf, fan, notificationSettings, subscribePush, watch } from '../support/alerts.ts';
import { YEAR } from '../support/dates.ts';
import { send } from '../support/profile-inputs.ts';
import { recordingSender } from '../support/recording-sender.ts';
import { startSecondProcess } from '../support/second-process.ts';
import { announceConfirmed, member } from '../support/shows.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { clearPendingDeliveries, dispatchPass } from './support/dispatch.ts';

// A fan who chose the daily digest could not see which alerts were waiting for it
// (only `npm run alerts:status` said "Held: 2"). The notification centre now says, on each such
// alert, on which channels it waits; the account export lists them; both forget it once the
// digest has gone, in every process whose page cache held the centre.

let t: TestApp;
let b: FastifyInstance;
let closeB: () => Promise<void>;
beforeAll(async () => {
  t = await createTestApp();
  ({ app: b, close: closeB } = await startSecondProcess(t));
});
afterAll(async () => {
  await closeB?.();
  await t?.close();
});

async function centre(cookie: string, app = t.app): Promise<TNotification[]> {
  const response = await send(app, 'GET', '/api/notifications', cookie);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<TNotificationPage>().items;
}
const waiting = async (cookie: string, app = t.app) =>
  (await centre(cookie, app)).map(({ title, inDigest }) => ({ title, inDigest }));

async function exported(cookie: string) {
  const response = await send(t.app, 'GET', '/api/account/export', cookie);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ heldForDigest: Array<Record<string, unknown>> }>().heldForDigest;
}

describe('alerts held for the daily digest', () => {
  it('are labelled in the centre and listed in the export until the digest goes', async () => {
    await clearPendingDeliveries(t);
    // A Brooklyn fan of Rock who chose the daily digest, by email and push, and who also
    // watches Paper Tigers (a watcher's alerts never wait).
    const daily = await fan(t, {
      homeCity: 'Brooklyn',
      zipCode: '11201',
      preferredRadius: 25,
      favoriteGenres: ['Rock'],
    });
    await notificationSettings(t, daily.cookie, { genreAlerts: 'daily' });
    await subscribePush(t, daily.id);
    const venue = await member(t, 'venue', {
      venueName: 'Baby Blue',
      city: 'Brooklyn',
      state: 'NY',
      zipCode: '11201',
    });
    const lowTide = await member(t, 'performer', { artistName: 'Low Tide', genres: ['Rock'] });
    const paperTigers = await member(t, 'performer', {
      artistName: 'Paper Tigers',
      genres: ['Jazz'],
    });
    await watch(t, daily.cookie, paperTigers.id, ['email']);
    const genreShow = await announceConfirmed(t, lowTide, venue, {
      genre: 'Rock',
      startsAtLocal: `${YEAR}-09-12T20:00`,
    });
    const watchedShow = await announceConfirmed(t, paperTigers, venue, {
      genre: 'Jazz',
      startsAtLocal: `${YEAR}-09-13T20:00`,
    });
    const genreEvent = await eventOf(t, genreShow.id, 'announced');
    await matchEvent(t.database.orm, genreEvent);
    await matchEvent(t.database.orm, await eventOf(t, watchedShow.id, 'announced'));

    const held = [
      { title: 'Paper Tigers announced a show', inDigest: [] },
      { title: 'Low Tide announced a show', inDigest: ['push', 'email'] },
    ];
    expect(await waiting(daily.cookie)).toEqual(held);
    // Read twice in the second process: its second answer is its cached page.
    expect(await waiting(daily.cookie, b)).toEqual(held);
    expect(await waiting(daily.cookie, b)).toEqual(held);
    expect(await exported(daily.cookie)).toEqual(
      ['email', 'push'].map((channel) => ({
        showId: genreShow.id,
        showEventId: genreEvent,
        kind: 'announced',
        channel,
        reason: expect.stringMatching(
          /^Rock show .* from Brooklyn, NY — within your 25 mi radius$/,
        ),
        heldSince: expect.stringMatching(/^\d{4}-\d\d-\d\dT[\d:.]+Z$/),
      })),
    );

    // The daily release: the alert no longer waits, in either process's centre.
    expect(await releaseDigest(t.database.orm)).toMatchObject({ messages: 2 });
    const released = held.map((n) => ({ ...n, inDigest: [] }));
    expect(await waiting(daily.cookie, b)).toEqual(released);
    expect(await waiting(daily.cookie)).toEqual(released);
    expect(await exported(daily.cookie)).toEqual([]);

    // And sent: still nothing waits.
    const { sender, received } = recordingSender('email');
    await dispatchPass(t, sender);
    expect(received.map((a) => a.showId)).toContain(genreShow.id);
    expect(await waiting(daily.cookie, b)).toEqual(released);
    expect(await exported(daily.cookie)).toEqual([]);
  });
});
