import type { TCalendarFeed } from '@encore/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { YEAR } from '../support/dates.ts';
import { cancel, DAY_MS, going, moveShow, PLACES, showIn } from '../support/fan-pages.ts';
import { send } from '../support/profile-inputs.ts';
import { laterStart, member } from '../support/shows.ts';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const feedUrl = (cookie: string, method: 'GET' | 'POST' | 'DELETE' = 'GET') =>
  send(t.app, method, '/api/fan/calendar-feed', cookie).then((r) => {
    expect(r.statusCode, r.body).toBe(200);
    return r.json<TCalendarFeed>();
  });
/** The path of the feed's absolute URL, for app.inject (no cookie: calendar apps send none). */
const fetchIcs = (url: string) => send(t.app, 'GET', url.slice(TEST_ORIGIN.length), undefined);

describe('the fan’s calendar feed', () => {
  it('off by default; create, replace (old link 404) and turn off', async () => {
    const fan = await member(t, 'fan');
    expect(await feedUrl(fan.cookie)).toEqual({ url: null, createdAt: null });

    const first = await feedUrl(fan.cookie, 'POST');
    expect(first.url).toMatch(/^http:\/\/localhost:3000\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    expect(Date.parse(first.createdAt ?? '')).toBeGreaterThan(Date.now() - 60_000);
    expect(await feedUrl(fan.cookie)).toEqual(first);
    expect((await fetchIcs(first.url ?? '')).statusCode).toBe(200);

    const second = await feedUrl(fan.cookie, 'POST');
    expect(second.url).not.toBe(first.url);
    expect((await fetchIcs(first.url ?? '')).statusCode).toBe(404);
    expect((await fetchIcs(second.url ?? '')).statusCode).toBe(200);

    expect(await feedUrl(fan.cookie, 'DELETE')).toEqual({ url: null, createdAt: null });
    expect(await feedUrl(fan.cookie)).toEqual({ url: null, createdAt: null });
    expect((await fetchIcs(second.url ?? '')).statusCode).toBe(404);
    expect((await send(t.app, 'GET', '/api/calendar/nope.ics', undefined)).statusCode).toBe(404);
  });

  it('is in the data export by its date only: the token is a secret', async () => {
    const fan = await member(t, 'fan');
    const { url, createdAt } = await feedUrl(fan.cookie, 'POST');
    const exported = await send(t.app, 'GET', '/api/account/export', fan.cookie);
    expect(exported.statusCode).toBe(200);
    expect(exported.json().calendarFeed).toEqual({ createdAt });
    const token = url?.split('/').pop()?.replace('.ics', '') ?? 'missing';
    expect(exported.body).not.toContain(token);
  });

  it('is a valid VCALENDAR of the going-to shows from a month ago on', async () => {
    const fan = await member(t, 'fan');
    const band = await member(t, 'performer', { artistName: 'Salt, Pepper; Co' });
    const upcoming = await showIn(t, band, PLACES.brooklyn, {
      startsAtLocal: `${YEAR}-06-14T20:00`,
    });
    const called = await showIn(t, band, PLACES.brooklyn, { startsAtLocal: `${YEAR}-07-01T20:00` });
    // Each its own night there: the same show twice would be refused as a duplicate.
    const lastWeek = await showIn(t, band, PLACES.brooklyn, { startsAtLocal: laterStart(2) });
    const longAgo = await showIn(t, band, PLACES.brooklyn, { startsAtLocal: laterStart(3) });
    const notGoing = await showIn(t, band, PLACES.brooklyn, { startsAtLocal: laterStart(4) });
    for (const s of [upcoming, called, lastWeek, longAgo]) await going(t, fan.cookie, s.id);
    await cancel(t, band.cookie, called.id);
    await moveShow(t, lastWeek.id, new Date(Date.now() - 7 * DAY_MS));
    await moveShow(t, longAgo.id, new Date(Date.now() - 40 * DAY_MS));

    const { url } = await feedUrl(fan.cookie, 'POST');
    const response = await fetchIcs(url ?? '');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(response.headers['cache-control']).toBe('private, max-age=300');
    const body = response.body;
    expect(body.endsWith('\r\n')).toBe(true);
    expect(body.replaceAll('\r\n', '')).not.toContain('\n');
    const lines = body.split('\r\n');
    expect(lines[0]).toBe('BEGIN:VCALENDAR');
    expect(lines.at(-2)).toBe('END:VCALENDAR');
    expect(lines.filter((l) => l === 'BEGIN:VEVENT')).toHaveLength(3);
    expect(lines.filter((l) => l === 'END:VEVENT')).toHaveLength(3);
    for (const s of [upcoming, called, lastWeek])
      expect(lines).toContain(`UID:show-${s.id}@encore`);
    for (const s of [longAgo, notGoing]) expect(body).not.toContain(s.id);
    // 20:00 in New York on 14 June (EDT) is 00:00 UTC the next day; it ends 3 hours later.
    expect(lines).toContain(`DTSTART:${YEAR}0615T000000Z`);
    expect(lines).toContain(`DTEND:${YEAR}0615T030000Z`);
    expect(lines.filter((l) => /^DTSTART:\d{8}T\d{6}Z$/.test(l))).toHaveLength(3);
    expect(lines.filter((l) => /^DTEND:\d{8}T\d{6}Z$/.test(l))).toHaveLength(3);
    expect(lines).toContain('SUMMARY:Salt\\, Pepper\\; Co at Club in Brooklyn');
    const calledEvent = body.slice(body.indexOf(`UID:show-${called.id}@encore`));
    expect(calledEvent.slice(0, calledEvent.indexOf('END:VEVENT'))).toContain('STATUS:CANCELLED');
    expect(lines).toContain(`URL:${TEST_ORIGIN}/shows/${upcoming.id}`);
  });
});
