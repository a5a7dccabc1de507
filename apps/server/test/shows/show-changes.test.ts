import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createShowRepo } from '../../src/repositories/show.repo.ts';
import { YEAR } from '../support/dates.ts';
import { createUser } from '../support/factories.ts';
import { send } from '../support/profile-inputs.ts';
import { announced, member, startShow } from '../support/shows.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const kinds = async (id: string) =>
  (await createShowRepo(t.database.orm).events(id)).map((e) => e.kind).sort();

describe('PATCH /api/shows/:id', () => {
  it('records announced, then on sale, price drop, lineup change and a new date', async () => {
    const { show, performer } = await announced(t);
    expect(await kinds(show.id)).toEqual(['announced']);
    const response = await send(t.app, 'PATCH', `/api/shows/${show.id}`, performer.cookie, {
      status: 'on_sale',
      priceMin: 15,
      supportingActs: [{ name: 'Opener' }, { name: 'Second Act' }],
      startsAtLocal: `${YEAR}-06-21T20:00`,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().show).toMatchObject({ status: 'on_sale', priceMin: 15 });
    expect(response.json().show.startsAt).toBe(`${YEAR}-06-22T01:00:00.000Z`);
    expect(await kinds(show.id)).toEqual(
      ['announced', 'lineup_change', 'on_sale', 'postponed', 'price_drop'].sort(),
    );
    const events = await createShowRepo(t.database.orm).events(show.id);
    expect(events.find((e) => e.kind === 'price_drop')?.payload).toEqual({
      old: { priceMin: 20, priceMax: 40 },
      new: { priceMin: 15, priceMax: 40 },
      // The show as this edit left it, for the alert's texts.
      facts: expect.objectContaining({ startsAt: `${YEAR}-06-22T01:00:00.000Z` }),
    });
  });

  it('records nothing for a no-op edit or a price rise', async () => {
    const { show, venue } = await announced(t);
    const same = {
      priceMin: 20,
      priceMax: 50,
      supportingActs: [{ name: 'Opener' }],
      status: 'announced',
    };
    const response = await send(t.app, 'PATCH', `/api/shows/${show.id}`, venue.cookie, same);
    expect(response.statusCode).toBe(200);
    expect(await kinds(show.id)).toEqual(['announced']);
  });

  it('two identical edits at once record one price drop (the row is locked while diffed)', async () => {
    const { show, performer } = await announced(t);
    const edit = () =>
      send(t.app, 'PATCH', `/api/shows/${show.id}`, performer.cookie, { priceMin: 10 });
    const responses = await Promise.all([edit(), edit(), edit()]);
    expect(responses.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    expect(await kinds(show.id)).toEqual(['announced', 'price_drop']);
  });

  it('refuses other performers and venues, fans and the signed out', async () => {
    const { show } = await announced(t);
    const url = `/api/shows/${show.id}`;
    const body = { priceMin: 1 };
    for (const role of ['performer', 'venue'] as const) {
      const other = await member(t, role);
      const response = await send(t.app, 'PATCH', url, other.cookie, body);
      expect(response.statusCode).toBe(403);
      expect(response.json().error.message).toBe(
        'Only the show’s performer or venue can change it',
      );
    }
    const fan = await createUser(t.app, { role: 'fan' });
    expect((await send(t.app, 'PATCH', url, fan.cookie, body)).statusCode).toBe(403);
    expect((await send(t.app, 'PATCH', url, undefined, body)).statusCode).toBe(401);
  });

  it('refuses a price order the merged show would break, and a past date', async () => {
    const { show, performer } = await announced(t);
    const url = `/api/shows/${show.id}`;
    const order = await send(t.app, 'PATCH', url, performer.cookie, { priceMin: 100 });
    expect(order.statusCode).toBe(400);
    expect(order.json().error.fields).toHaveProperty('priceMax');
    const past = await send(t.app, 'PATCH', url, performer.cookie, {
      startsAtLocal: '2020-01-01T20:00',
    });
    expect(past.json().error.fields).toHaveProperty('startsAtLocal');
  });

  it('404 for unknown and malformed ids', async () => {
    const { performer } = await announced(t);
    for (const id of ['00000000-0000-0000-0000-000000000000', 'not-a-uuid', '%27%3B--']) {
      const response = await send(t.app, 'PATCH', `/api/shows/${id}`, performer.cookie, {
        priceMin: 1,
      });
      expect(response.statusCode).toBe(404);
    }
  });
});

describe('cancel and postpone', () => {
  it('cancel records an event and freezes the show (409)', async () => {
    const { show, performer } = await announced(t);
    const cancelled = await send(t.app, 'POST', `/api/shows/${show.id}/cancel`, performer.cookie);
    expect(cancelled.json().show.status).toBe('cancelled');
    expect(await kinds(show.id)).toEqual(['announced', 'cancelled']);
    const again = await send(t.app, 'PATCH', `/api/shows/${show.id}`, performer.cookie, {
      priceMin: 1,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe('This show is cancelled and can no longer be changed');
  });

  it('postpone with and without a new date', async () => {
    const { show, venue } = await announced(t);
    const url = `/api/shows/${show.id}/postpone`;
    const tbd = await send(t.app, 'POST', url, venue.cookie, { startsAtLocal: null });
    expect(tbd.json().show).toMatchObject({ status: 'postponed', startsAt: show.startsAt });
    const dated = await send(t.app, 'POST', url, venue.cookie, {
      startsAtLocal: `${YEAR}-07-01T19:00`,
    });
    expect(dated.json().show.startsAt).toBe(`${YEAR}-07-02T00:00:00.000Z`);
    expect(await kinds(show.id)).toEqual(['announced', 'postponed', 'postponed']);
    const past = await send(t.app, 'POST', url, venue.cookie, {
      startsAtLocal: '2020-07-01T19:00',
    });
    expect(past.statusCode).toBe(400);
  });
});

describe('PUT /api/shows/:id/results', () => {
  const results = { attendance: 300, grossRevenue: 9000 };

  it('only the venue, only after the start', async () => {
    const { show, performer, venue } = await announced(t);
    const url = `/api/shows/${show.id}/results`;
    const early = await send(t.app, 'PUT', url, venue.cookie, results);
    expect(early.statusCode).toBe(400);
    expect(early.json().error.message).toBe(
      'Attendance and revenue can be entered once the show has started',
    );
    await startShow(t, show.id);
    expect((await send(t.app, 'PUT', url, performer.cookie, results)).statusCode).toBe(403);
    const saved = await send(t.app, 'PUT', url, venue.cookie, results);
    expect(saved.statusCode).toBe(200);
    expect(saved.json().show).toMatchObject(results);
    const negative = await send(t.app, 'PUT', url, venue.cookie, { ...results, attendance: -1 });
    expect(negative.statusCode).toBe(400);
  });
});
