import type { TNotificationPage } from '@encore/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { matchEvent } from '../../src/alerts/match-event.ts';
import { eventOf, fan, watch } from '../support/alerts.ts';
import { alertWhen, YEAR } from '../support/dates.ts';
import { send } from '../support/profile-inputs.ts';
import { announceConfirmed, member } from '../support/shows.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const page = async (cookie: string, query = '') => {
  const response = await send(t.app, 'GET', `/api/notifications${query}`, cookie);
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['cache-control']).toBe('no-store');
  return response.json<TNotificationPage>();
};

/** A fan watching a performer who announced `count` shows, each matched. */
async function fanWithAlerts(count: number) {
  const performer = await member(t, 'performer', { artistName: 'Night Static' });
  const venue = await member(t, 'venue', { venueName: 'The Lantern', zipCode: '60601' });
  const watcher = await fan(t);
  await watch(t, watcher.cookie, performer.id, ['push']);
  const shows = [];
  for (let i = 0; i < count; i += 1) {
    const show = await announceConfirmed(t, performer, venue, {
      genre: 'Rock',
      startsAtLocal: `${YEAR}-06-${String(10 + i).padStart(2, '0')}T20:00`,
    });
    await matchEvent(t.database.orm, await eventOf(t, show.id, 'announced'));
    shows.push(show);
  }
  return { watcher, shows, performer };
}

describe('GET /api/notifications', () => {
  it('lists the fan’s alerts newest first, in pages, with the unread count', async () => {
    const { watcher, shows } = await fanWithAlerts(3);
    const first = await page(watcher.cookie, '?limit=2');
    expect(first.unread).toBe(3);
    expect(first.items.map((n) => n.showId)).toEqual([shows[2]?.id, shows[1]?.id]);
    expect(first.items[0]).toMatchObject({
      kind: 'announced',
      title: 'Night Static announced a show',
      // A Chicago time for a fan at home in New York names its zone.
      body: `${alertWhen('Jun', 12, '8:00 PM', 'CDT')} · The Lantern, Chicago, IL`,
      reason: 'You watch Night Static — headlining',
      readAt: null,
    });
    expect(first.nextCursor).not.toBeNull();
    const second = await page(watcher.cookie, `?limit=2&cursor=${first.nextCursor}`);
    expect(second.items.map((n) => n.showId)).toEqual([shows[0]?.id]);
    expect(second.nextCursor).toBeNull();
  });

  it('answers 400 for a cursor it did not make', async () => {
    const watcher = await fan(t);
    const response = await send(t.app, 'GET', '/api/notifications?cursor=abc', watcher.cookie);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields.cursor).toBeTruthy();
  });

  it('401 signed out; performers and venues have a centre of their own (show notices)', async () => {
    for (const [method, url] of [
      ['GET', '/api/notifications'],
      ['GET', '/api/notifications/stream'],
      ['POST', '/api/notifications/read'],
    ] as const) {
      const body = method === 'POST' ? { all: true } : undefined;
      expect((await send(t.app, method, url, undefined, body)).statusCode).toBe(401);
    }
    // A performer watching nothing has no fans' alerts; its notices are show-confirmation.test.ts'.
    const performer = await member(t, 'performer');
    expect(await page(performer.cookie)).toEqual({ items: [], nextCursor: null, unread: 0 });
    const read = await send(t.app, 'POST', '/api/notifications/read', performer.cookie, {
      all: true,
    });
    expect(read.json()).toEqual({ unread: 0 });
  });
});

describe('POST /api/notifications/read', () => {
  it('marks the fan’s own alerts read, some or all, and answers the unread count', async () => {
    const { watcher } = await fanWithAlerts(3);
    const other = await fanWithAlerts(1);
    const { items } = await page(watcher.cookie);
    const someone = (await page(other.watcher.cookie)).items[0]?.id as string;
    const some = await send(t.app, 'POST', '/api/notifications/read', watcher.cookie, {
      ids: [items[0]?.id, someone, 'not-an-id'],
    });
    expect(some.json()).toEqual({ unread: 2 });
    // Another fan's id was ignored.
    expect((await page(other.watcher.cookie)).unread).toBe(1);
    const after = await page(watcher.cookie);
    expect(after.items[0]?.readAt).not.toBeNull();
    expect(after.items[1]?.readAt).toBeNull();
    const all = await send(t.app, 'POST', '/api/notifications/read', watcher.cookie, { all: true });
    expect(all.json()).toEqual({ unread: 0 });
  });

  it('refuses a body that is neither ids nor all with 400', async () => {
    const watcher = await fan(t);
    for (const body of [{}, { ids: [] }, { all: false }]) {
      const response = await send(t.app, 'POST', '/api/notifications/read', watcher.cookie, body);
      expect(response.statusCode).toBe(400);
    }
  });
});
