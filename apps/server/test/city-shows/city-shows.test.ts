import { CITY_SHOWS_MESSAGES } from '@encore/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertShow, listNear, northOf, zipPoint } from '../support/city-shows.ts';
import { announceAs, announced, laterStart, member } from '../support/shows.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

// One database for the file: each test lists around a place of its own, hundreds of miles from
// the others', so their shows never meet.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const DAY = 86_400_000;
const inDays = (days: number) => new Date(Date.now() + days * DAY);

describe('GET /api/shows?near= (the public city listing)', () => {
  it('lists shows within the radius, measured exactly, with their distance (signed out)', async () => {
    const here = zipPoint('59001');
    const performer = await member(t, 'performer', { artistName: 'Edge Runners' });
    const inside = await insertShow(t, performer.id, northOf(here, 49.8), { startsAt: inDays(3) });
    await insertShow(t, performer.id, northOf(here, 50.2), { startsAt: inDays(4) });
    const near = await insertShow(t, performer.id, northOf(here, 9.8), { startsAt: inDays(5) });
    await insertShow(t, performer.id, northOf(here, 10.2), { startsAt: inDays(6) });

    const fifty = await listNear(t, { near: '59001' });
    expect(fifty.status).toBe(200);
    expect(fifty.response.headers['cache-control']).toBe('public, max-age=60');
    expect(fifty.body.radiusMiles).toBe(50);
    expect(fifty.body.place).toMatchObject({ city: 'Absarokee', state: 'MT', zipCode: '59001' });
    expect(fifty.body.shows.map((s) => s.id)).toEqual([inside, near, expect.any(String)]);
    expect(fifty.body.shows.map((s) => s.distanceMiles)).toEqual([49.8, 9.8, 10.2]);
    expect(fifty.body.shows[0]).toEqual({
      id: inside,
      artist: { id: performer.id, name: 'Edge Runners' },
      supportingActs: [],
      venue: { id: null, name: 'The Test Hall', city: 'Testville', state: 'MT' },
      startsAt: expect.any(String),
      timeZone: 'America/Denver',
      genre: 'Rock',
      status: 'announced',
      distanceMiles: 49.8,
    });

    const ten = await listNear(t, { near: '59001', radius: '10' });
    expect(ten.body.shows.map((s) => s.id)).toEqual([near]);
    const wide = await listNear(t, { near: '59001', radius: '100' });
    expect(wide.body.shows).toHaveLength(4);
  });

  it('pages 50 at a time, soonest first, without overlap', async () => {
    const here = zipPoint('82001');
    const performer = await member(t, 'performer');
    const starts = Array.from({ length: 105 }, (_, i) => inDays(2 + (i % 40)));
    // Several shows share a start: the id breaks the tie, so no page repeats or skips one.
    for (const startsAt of starts) await insertShow(t, performer.id, here, { startsAt });

    const pages = [];
    for (const page of ['1', '2', '3']) {
      const { status, body } = await listNear(t, { near: '82001', radius: '10', page });
      expect(status).toBe(200);
      pages.push(body);
    }
    expect(pages.map((p) => [p.page, p.shows.length, p.hasNext])).toEqual([
      [1, 50, true],
      [2, 50, true],
      [3, 5, false],
    ]);
    const all = pages.flatMap((p) => p.shows);
    expect(new Set(all.map((s) => s.id)).size).toBe(105);
    const times = all.map((s) => Date.parse(s.startsAt));
    expect(times).toEqual([...times].sort((a, b) => a - b));
    const beyond = await listNear(t, { near: '82001', radius: '10', page: '4' });
    expect(beyond.body).toMatchObject({ shows: [], hasNext: false, page: 4 });
  });

  it('filters by genre and by local dates in each show’s own zone', async () => {
    const here = zipPoint('87501');
    const performer = await member(t, 'performer');
    const day = laterStart(0).slice(0, 10); // a day of next year
    const next = laterStart(1).slice(0, 10);
    // 23:30 on `day` in Denver is 05:30 UTC the next day: still `day` for the filter.
    const late = await insertShow(t, performer.id, here, {
      startsAt: new Date(`${next}T05:30:00Z`),
      genre: 'Jazz',
    });
    // 00:30 on `next` in Denver: not on `day`.
    const after = await insertShow(t, performer.id, here, {
      startsAt: new Date(`${next}T06:30:00Z`),
      genre: 'Jazz',
    });
    const rock = await insertShow(t, performer.id, here, {
      startsAt: new Date(`${day}T20:00:00Z`),
      genre: 'Rock',
    });

    const onDay = await listNear(t, { near: '87501', from: day, to: day });
    expect(onDay.body.shows.map((s) => s.id)).toEqual([rock, late]);
    expect(onDay.body.dates).toEqual({ from: day, to: day });
    const jazz = await listNear(t, { near: '87501', genre: 'Jazz' });
    expect(jazz.body.shows.map((s) => s.id)).toEqual([late, after]);
    const jazzFrom = await listNear(t, { near: '87501', genre: 'Jazz', from: next });
    expect(jazzFrom.body.shows.map((s) => s.id)).toEqual([after]);
    const none = await listNear(t, { near: '87501', genre: 'Metal' });
    expect(none).toMatchObject({ status: 200, body: { shows: [], hasNext: false } });
  });

  it('reads this week in the place’s own calendar: today through Sunday', async () => {
    const here = zipPoint('58501');
    const performer = await member(t, 'performer');
    const soon = await insertShow(t, performer.id, here, { startsAt: inDays(8), genre: 'Pop' });
    const week = await listNear(t, { near: '58501', when: 'week' });
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Chicago' }).format(
      new Date(),
    );
    expect(week.body.dates?.from).toBe(today);
    expect(week.body.shows.map((s) => s.id)).not.toContain(soon);
    const month = await listNear(t, { near: '58501', when: 'month' });
    expect(month.body.dates?.to?.slice(0, 7)).toBe(today.slice(0, 7));
  });

  it('leaves out pending, declined, cancelled and past shows', async () => {
    const here = zipPoint('97910');
    const p = await member(t, 'performer');
    const live = await insertShow(t, p.id, here, { status: 'on_sale' });
    const moved = await insertShow(t, p.id, here, { status: 'postponed', startsAt: inDays(9) });
    await insertShow(t, p.id, here, { confirmation: 'pending', confirmingPartyId: p.id });
    await insertShow(t, p.id, here, { confirmation: 'declined', confirmingPartyId: p.id });
    await insertShow(t, p.id, here, { status: 'cancelled' });
    await insertShow(t, p.id, here, { startsAt: new Date(Date.now() - 3_600_000) });
    const { body } = await listNear(t, { near: '97910' });
    expect(body.shows.map((s) => s.id)).toEqual([live, moved]);
  });

  it('lists a show announced and confirmed through the app, and not while it waits', async () => {
    // The default venue profile is in Chicago, ZIP 60601.
    const { show, performer, venue } = await announced(t, { genre: 'Indie' });
    const waiting = await announceAs(t, performer.cookie, {
      performerId: performer.id,
      venueId: venue.id,
      startsAtLocal: laterStart(3),
    });
    const fan = await member(t, 'fan');
    const signedOut = await listNear(t, { near: '60601', radius: '10', genre: 'Indie' });
    const signedIn = await listNear(t, { near: '60601', radius: '10', genre: 'Indie' }, fan.cookie);
    expect(signedOut.body.shows.map((s) => s.id)).toContain(show.id);
    expect(signedOut.body.shows.map((s) => s.id)).not.toContain(waiting.id);
    expect(signedIn.body).toEqual(signedOut.body);
    const listed = signedOut.body.shows.find((s) => s.id === show.id);
    // Public fields only: nothing of takings, attendance or fans.
    expect(Object.keys(listed ?? {}).sort()).toEqual(
      ['artist', 'distanceMiles', 'genre', 'id', 'startsAt', 'status', 'supportingActs']
        .concat(['timeZone', 'venue'])
        .sort(),
    );
    expect(listed?.venue).toMatchObject({ id: venue.id, city: 'Chicago', state: 'IL' });
  });

  it('reads a city: with its state, or alone as the largest of that name, offering the others', async () => {
    const alone = await listNear(t, { near: 'boston' });
    expect(alone.status).toBe(200);
    expect(alone.body.place).toEqual({
      label: 'Boston, MA',
      city: 'Boston',
      state: 'MA',
      zipCode: null,
    });
    expect(alone.body.otherPlaces.map((p) => p.label)).toContain('Boston, GA');
    const withState = await listNear(t, { near: 'Boston, GA' });
    expect(withState.body.place.label).toBe('Boston, GA');
    expect(withState.body.otherPlaces).toEqual([]);
  });

  it('answers 400 with the field’s message for an unknown place and bad filters', async () => {
    const unknown = await listNear(t, { near: 'Atlantis' });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({
      error: { fields: { near: CITY_SHOWS_MESSAGES.unknownPlace('Atlantis') } },
    });
    expect((await listNear(t, { near: '00000' })).status).toBe(400);
    const bad: [Record<string, string>, string][] = [
      [{ near: '' }, 'near'],
      [{ radius: '7' }, 'radius'],
      [{ radius: 'far' }, 'radius'],
      [{ from: '2027-02-30' }, 'from'],
      [{ from: `${laterStart(2).slice(0, 10)}`, to: `${laterStart(1).slice(0, 10)}` }, 'to'],
      [{ when: 'week', from: `${laterStart(1).slice(0, 10)}` }, 'when'],
      [{ genre: 'Polka' }, 'genre'],
      [{ page: '0' }, 'page'],
      [{ page: '1e9' }, 'page'],
      [{ sort: 'price' }, ''],
    ];
    for (const [params, field] of bad) {
      const { status, body } = await listNear(t, { near: '59001', ...params });
      expect(status, JSON.stringify(params)).toBe(400);
      if (field) expect(Object.keys(body).length && JSON.stringify(body)).toContain(`"${field}"`);
    }
  });
});
