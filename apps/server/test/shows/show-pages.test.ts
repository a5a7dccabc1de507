import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { YEAR } from '../support/dates.ts';
import { send } from '../support/profile-inputs.ts';
import { announceConfirmed, announced, member, startShow } from '../support/shows.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const attend = (cookie: string, id: string, status: string | null) =>
  send(t.app, 'PUT', `/api/shows/${id}/attendance`, cookie, { status });

describe('GET /api/shows/:id', () => {
  it('is public; canEdit for its performer and venue only', async () => {
    const { show, performer, venue } = await announced(t);
    const url = `/api/shows/${show.id}`;
    const anonymous = await send(t.app, 'GET', url, undefined);
    expect(anonymous.statusCode).toBe(200);
    expect(anonymous.json()).toMatchObject({ myAttendance: null, canEdit: false, attendees: [] });
    expect((await send(t.app, 'GET', url, performer.cookie)).json().canEdit).toBe(true);
    expect((await send(t.app, 'GET', url, venue.cookie)).json().canEdit).toBe(true);
    const other = await member(t, 'performer');
    expect((await send(t.app, 'GET', url, other.cookie)).json().canEdit).toBe(false);
  });

  it('404 for unknown and malformed ids', async () => {
    for (const id of ['nope', '00000000-0000-0000-0000-000000000000', "x'or'1"]) {
      expect(
        (await send(t.app, 'GET', `/api/shows/${encodeURIComponent(id)}`, undefined)).statusCode,
      ).toBe(404);
    }
  });

  it('shows faces only of fans whose privacy allows, but counts everyone going', async () => {
    const { show } = await announced(t);
    const open = await member(t, 'fan', { tagName: 'OpenFan' });
    const hidden = await member(t, 'fan', { tagName: 'HiddenFan' });
    const privacy = { visibility: 'public', showAttendance: false, allowFriendRequests: true };
    await send(t.app, 'PUT', '/api/settings/privacy', hidden.cookie, privacy);
    expect((await attend(open.cookie, show.id, 'going')).statusCode).toBe(200);
    const mine = await attend(hidden.cookie, show.id, 'going');
    expect(mine.json().myAttendance).toBe('going');
    const page = (await send(t.app, 'GET', `/api/shows/${show.id}`, undefined)).json();
    expect(page.show.attendingCount).toBe(2);
    expect(page.attendees).toEqual([{ id: open.id, name: 'OpenFan', photoUrl: null }]);
  });
});

describe('PUT /api/shows/:id/attendance', () => {
  it('attended only once the show started; null removes; fans only', async () => {
    const { show, performer } = await announced(t);
    const fan = await member(t, 'fan');
    expect((await attend(fan.cookie, show.id, 'attended')).statusCode).toBe(400);
    await startShow(t, show.id);
    expect((await attend(fan.cookie, show.id, 'attended')).json().myAttendance).toBe('attended');
    expect((await attend(fan.cookie, show.id, null)).json().myAttendance).toBeNull();
    expect((await attend(performer.cookie, show.id, 'going')).statusCode).toBe(403);
    expect((await attend(fan.cookie, 'missing', 'going')).statusCode).toBe(404);
    expect((await attend(fan.cookie, show.id, 'maybe')).statusCode).toBe(400);
    await send(t.app, 'POST', `/api/shows/${show.id}/cancel`, performer.cookie);
    expect((await attend(fan.cookie, show.id, 'going')).statusCode).toBe(409);
    expect((await attend(fan.cookie, show.id, null)).statusCode).toBe(200);
  });
});

describe('GET /api/shows/:id/calendar.ics', () => {
  it('is an RFC 5545 event with escaped text and CRLF lines', async () => {
    const performer = await member(t, 'performer', { artistName: 'Salt, Pepper; Co' });
    const venue = await member(t, 'venue');
    const { id } = await announceConfirmed(t, performer, venue, {});
    await send(t.app, 'POST', `/api/shows/${id}/cancel`, performer.cookie);
    const response = await send(t.app, 'GET', `/api/shows/${id}/calendar.ics`, undefined);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/calendar/);
    expect(response.headers['content-disposition']).toMatch(/^attachment/);
    const lines = response.body.split('\r\n');
    expect(response.body.replaceAll('\r\n', '')).not.toContain('\n');
    expect(lines).toContain(`UID:show-${id}@encore`);
    expect(lines).toContain(`DTSTART:${YEAR}0615T010000Z`);
    expect(lines).toContain('SUMMARY:Salt\\, Pepper\\; Co at The Blue Room');
    expect(lines).toContain('STATUS:CANCELLED');
    expect(lines).toContain(`URL:http://localhost:3000/shows/${id}`);
    expect(lines.find((l) => l.startsWith('LOCATION:'))).toContain('123 Main Street\\, Chicago');
    expect((await send(t.app, 'GET', '/api/shows/nope/calendar.ics', undefined)).statusCode).toBe(
      404,
    );
  });
});

describe('GET /api/shows/mine', () => {
  it('lists the performer’s shows newest first; fans 403', async () => {
    const performer = await member(t, 'performer');
    const venue = await member(t, 'venue');
    const dates = [`${YEAR}-01-01T20:00`, `${YEAR}-02-01T20:00`];
    const ids: string[] = [];
    for (const startsAtLocal of dates) {
      const show = await announceConfirmed(t, performer, venue, {
        startsAtLocal,
      });
      ids.push(show.id);
    }
    for (const cookie of [performer.cookie, venue.cookie]) {
      const mine = await send(t.app, 'GET', '/api/shows/mine', cookie);
      expect(mine.statusCode).toBe(200);
      expect(mine.json().shows.map((s: { id: string }) => s.id)).toEqual(ids.reverse());
      ids.reverse();
    }
    const fan = await member(t, 'fan');
    expect((await send(t.app, 'GET', '/api/shows/mine', fan.cookie)).statusCode).toBe(403);
    expect((await send(t.app, 'GET', '/api/shows/mine', undefined)).statusCode).toBe(401);
  });
});
