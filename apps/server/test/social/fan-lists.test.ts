import type { TPalSuggestions, TShowAttendees } from '@encore/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { going, watch } from '../support/alerts.ts';
import { send } from '../support/profile-inputs.ts';
import { announceAs, announced, member } from '../support/shows.ts';
import {
  type Fan,
  palUp as palUpAs,
  privacy as savePrivacy,
  socialFan,
} from '../support/social.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const fan = (profile: Record<string, unknown> = {}) => socialFan(t, profile);
const privacy = (of: Fan, changes: Record<string, unknown>) => savePrivacy(t, of, changes);
const palUp = (a: Fan, b: Fan) => palUpAs(t, a, b);
async function attendees(showId: string, viewer: Fan): Promise<TShowAttendees> {
  const response = await send(t.app, 'GET', `/api/shows/${showId}/attendees`, viewer.cookie);
  expect(response.statusCode).toBe(200);
  return response.json();
}

describe('Connect with Attendees', () => {
  it('names the fans going whom I may see, pals first; counts the others', async () => {
    const { show } = await announced(t);
    const me = await fan();
    const [pal, stranger, closed, friendsOnly, unshown, blocker] = [
      await fan({ homeCity: 'Chicago' }),
      await fan(),
      await fan(),
      await fan(),
      await fan(),
      await fan(),
    ];
    await palUp(me, pal);
    await privacy(closed, { allowFriendRequests: false });
    await privacy(friendsOnly, { visibility: 'friends' });
    await privacy(unshown, { showAttendance: false });
    await send(t.app, 'PUT', `/api/social/blocks/${me.id}`, blocker.cookie);
    // The stranger went first, the pal last: pals still come first.
    for (const f of [stranger, closed, friendsOnly, unshown, blocker, me, pal])
      await going(t, f.cookie, show.id);

    const list = await attendees(show.id, me);
    expect(list.total).toBe(7);
    expect(list.hidden).toBe(3);
    expect(list.attendees.map((a) => [a.id, a.relation, a.canRequest])).toEqual([
      [pal.id, 'pals', false],
      [closed.id, 'none', false],
      [stranger.id, 'none', true],
    ]);
    expect(list.attendees[0]).toMatchObject({ city: 'Chicago' });

    // The stranger asks me: I see 'incoming'; they see 'requested'.
    await send(t.app, 'POST', '/api/social/requests', stranger.cookie, { fanId: me.id });
    expect(
      (await attendees(show.id, me)).attendees.find((a) => a.id === stranger.id),
    ).toMatchObject({ relation: 'incoming', canRequest: false });
    expect(
      (await attendees(show.id, stranger)).attendees.find((a) => a.id === me.id),
    ).toMatchObject({ relation: 'requested', canRequest: false });
  });

  it('viewer × visibility × Show Attendance Publicly: names exactly whom the rule lets me see', async () => {
    const { show } = await announced(t);
    const [pal, stranger, blocked] = [await fan(), await fan(), await fan()];
    const cells: [string, Fan][] = [];
    for (const visibility of ['public', 'friends', 'private'])
      for (const shown of [true, false]) {
        const subject = await fan();
        await palUp(pal, subject);
        await send(t.app, 'PUT', `/api/social/blocks/${blocked.id}`, subject.cookie);
        await privacy(subject, { visibility, showAttendance: shown });
        await going(t, subject.cookie, show.id);
        cells.push([`${visibility}/${shown ? 'shown' : 'hidden'}`, subject]);
      }
    const named = async (viewer: Fan) => {
      const list = await attendees(show.id, viewer);
      expect(list.total).toBe(6);
      const ids = new Set(list.attendees.map((a) => a.id));
      const seen = cells.filter(([, subject]) => ids.has(subject.id)).map(([cell]) => cell);
      expect(list.hidden).toBe(6 - seen.length);
      return seen.sort();
    };
    expect(await named(stranger)).toEqual(['public/shown']);
    expect(await named(pal)).toEqual(['friends/shown', 'public/shown']);
    expect(await named(blocked)).toEqual([]);
  });

  it('is for fans, about shows that are public', async () => {
    const performer = await member(t, 'performer');
    const venue = await member(t, 'venue');
    const pending = await announceAs(t, performer.cookie, {
      performerId: performer.id,
      venueId: venue.id,
    });
    const me = await fan();
    const hidden = await send(t.app, 'GET', `/api/shows/${pending.id}/attendees`, me.cookie);
    expect(hidden.statusCode).toBe(404);
    const { show } = await announced(t);
    const asPerformer = await send(
      t.app,
      'GET',
      `/api/shows/${show.id}/attendees`,
      performer.cookie,
    );
    expect(asPerformer.statusCode).toBe(403);
    const anonymous = await send(t.app, 'GET', `/api/shows/${show.id}/attendees`, undefined);
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('suggestions', () => {
  it('most shows in common first, then artists in common; never Private, closed, linked or blocking fans', async () => {
    const artist = await member(t, 'performer', { artistName: 'Neon Harbor' });
    const shows = [
      (await announced(t, { startsAtLocal: '2027-05-01T20:00' })).show,
      (await announced(t, { startsAtLocal: '2027-05-02T20:00' })).show,
      (await announced(t, { startsAtLocal: '2027-05-03T20:00' })).show,
    ];
    const me = await fan();
    const goTo = async (f: Fan, count: number) => {
      for (const show of shows.slice(0, count)) await going(t, f.cookie, show.id);
    };
    await goTo(me, 3);
    await watch(t, me.cookie, artist.id, ['push']);
    const two = await fan();
    await goTo(two, 2);
    const one = await fan();
    await goTo(one, 1);
    const watcher = await fan();
    await privacy(watcher, { showAttendance: false });
    await goTo(watcher, 3);
    await watch(t, watcher.cookie, artist.id, ['email']);
    const excluded: Fan[] = [];
    for (const changes of [
      { visibility: 'private' },
      { allowFriendRequests: false },
      { visibility: 'friends' },
    ]) {
      const f = await fan();
      await privacy(f, changes);
      await goTo(f, 3);
      excluded.push(f);
    }
    const pal = await fan();
    await goTo(pal, 3);
    await palUp(me, pal);
    const blocker = await fan();
    await goTo(blocker, 3);
    await send(t.app, 'PUT', `/api/social/blocks/${me.id}`, blocker.cookie);

    const response = await send(t.app, 'GET', '/api/social/suggestions', me.cookie);
    expect(response.statusCode).toBe(200);
    const { suggestions }: TPalSuggestions = response.json();
    expect(suggestions.map((s) => [s.id, s.reason, s.canRequest])).toEqual([
      [two.id, '2 shows in common', true],
      [one.id, '1 show in common', true],
      [watcher.id, 'also watches Neon Harbor', true],
    ]);
    // Asked, a suggestion is no longer one.
    await send(t.app, 'POST', '/api/social/requests', me.cookie, { fanId: two.id });
    const after: TPalSuggestions = (
      await send(t.app, 'GET', '/api/social/suggestions', me.cookie)
    ).json();
    expect(after.suggestions.map((s) => s.id)).toEqual([one.id, watcher.id]);
  });

  it('viewer × visibility × Show Attendance Publicly, in suggestions and in my pals', async () => {
    const { show } = await announced(t);
    const [pal, stranger, blocked] = [await fan(), await fan(), await fan()];
    const cells: [string, Fan][] = [];
    for (const visibility of ['public', 'friends', 'private'])
      for (const shown of [true, false]) {
        const subject = await fan({ homeCity: 'Chicago' });
        await palUp(pal, subject);
        await send(t.app, 'PUT', `/api/social/blocks/${blocked.id}`, subject.cookie);
        await privacy(subject, { visibility, showAttendance: shown });
        await going(t, subject.cookie, show.id);
        cells.push([`${visibility}/${shown ? 'shown' : 'hidden'}`, subject]);
      }
    for (const viewer of [pal, stranger, blocked]) await going(t, viewer.cookie, show.id);
    const cellOf = (id: string) => cells.find(([, subject]) => subject.id === id)?.[0];

    const suggested = async (viewer: Fan) => {
      const response = await send(t.app, 'GET', '/api/social/suggestions', viewer.cookie);
      expect(response.statusCode).toBe(200);
      const { suggestions }: TPalSuggestions = response.json();
      return suggestions.map((s) => [cellOf(s.id), s.reason]).filter(([cell]) => cell);
    };
    // A stranger: only a Public fan who shows their attendance (a hidden one shares nothing
    // the stranger may count); a Friends Only or Private fan is never offered.
    expect(await suggested(stranger)).toEqual([['public/shown', '1 show in common']]);
    // Their pal already is one; the blocked fan never meets them.
    expect(await suggested(pal)).toEqual([]);
    expect(await suggested(blocked)).toEqual([]);

    // My pals list names every pal, whatever their visibility; the city only where their
    // profile is visible to me (Public, Friends Only), never for a Private pal.
    const overview = await send(t.app, 'GET', '/api/social', pal.cookie);
    const pals: { id: string; city: string | null; sharedShows: number }[] = overview.json().pals;
    expect(
      pals
        .map((p) => [cellOf(p.id), p.city, p.sharedShows])
        .sort((a, b) => String(a[0]).localeCompare(String(b[0]))),
    ).toEqual([
      ['friends/hidden', 'Chicago', 0],
      ['friends/shown', 'Chicago', 1],
      ['private/hidden', null, 0],
      ['private/shown', null, 0],
      ['public/hidden', 'Chicago', 0],
      ['public/shown', 'Chicago', 1],
    ]);
    expect((await send(t.app, 'GET', '/api/social/suggestions', undefined)).statusCode).toBe(401);
  });

  it('finds fans among a sample of my latest shows, then counts every show in common', async () => {
    // More shows than the sample (my latest 30 marks): the fan is found there, and the reason
    // counts all 32.
    const me = await fan();
    const other = await fan();
    for (let day = 1; day <= 32; day++) {
      const { show } = await announced(t, {
        startsAtLocal: `2027-06-${String(Math.min(day, 28)).padStart(2, '0')}T${10 + (day % 10)}:00`,
      });
      await going(t, me.cookie, show.id);
      await going(t, other.cookie, show.id);
    }
    const { suggestions }: TPalSuggestions = (
      await send(t.app, 'GET', '/api/social/suggestions', me.cookie)
    ).json();
    expect(suggestions.map((s) => [s.id, s.reason, s.sharedShows])).toEqual([
      [other.id, '32 shows in common', 32],
    ]);
  });
});
