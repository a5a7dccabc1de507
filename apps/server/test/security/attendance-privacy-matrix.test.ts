import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { going } from '../support/alerts.ts';
import { send } from '../support/profile-inputs.ts';
import { announceConfirmed, laterStart, member, startShow } from '../support/shows.ts';
import { type Fan, palUp, privacy, socialFan } from '../support/social.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/**
 * The attendance privacy matrix (second security probe): that a fan goes to or went to a show reaches another
 * fan only as the one rule lets them see it (repositories/social/fan-visibility.repo.ts). For every
 * subject cell (visibility × Show Attendance Publicly) and every viewer (a Show Pal, a stranger, a
 * fan the subject blocked, signed out), every response that lists, counts or filters by attendance
 * is read before and after the subject marks a show: it must read the same unless the rule lets
 * that viewer see the subject's attendance. Writes that answer differently by attendance (inviting
 * a pal) are compared across two shows instead. Only a show's own totals count every fan, hidden
 * ones too, and never name one: `attendingCount` and the attendees list's `total` and `hidden`
 * (AGGREGATES below). A new response that counts or filters by attendance belongs in VIEWS.
 */

const AGGREGATES = new Set(['attendingCount', 'total', 'hidden']);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Viewer = { name: 'pal' | 'stranger' | 'blocked' | 'signed out'; fan: Fan | null };
type World = Awaited<ReturnType<typeof world>>;

/** A response with the aggregate totals taken out, or its status when it is not a 200. */
function normalised(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(normalised);
  if (value && typeof value === 'object')
    return Object.fromEntries(
      Object.entries(value)
        .filter(([key]) => !AGGREGATES.has(key))
        .map(([key, v]) => [key, normalised(v)]),
    );
  return value;
}

/** Every read a fan (or a signed-out visitor) makes that lists, counts or filters by attendance. */
function views(w: World, subjectUsername: string, signedIn: boolean): string[] {
  const shows = [w.upcoming.id, w.later.id, w.past.id];
  const publicViews = [
    ...shows.map((id) => `/api/shows/${id}`),
    `/api/artists/${w.performer.id}`,
    `/api/venues/${w.venue.id}`,
    '/api/shows?near=10001&radius=25',
  ];
  if (!signedIn) return publicViews;
  return [
    ...publicViews,
    ...shows.map((id) => `/api/shows/${id}/attendees`),
    ...shows.map((id) => `/api/shows/${id}/invites`),
    '/api/social',
    '/api/social/suggestions',
    '/api/social/invites',
    `/api/fans/${subjectUsername}`,
    '/api/fan/home',
    '/api/fan/alerts',
    '/api/fan/shows-attending',
    '/api/fan/shows-attended',
    '/api/notifications',
    '/api/discovery/recommended',
    '/api/stats/fan',
  ];
}

async function snapshot(w: World, viewer: Viewer, subjectUsername: string) {
  const seen: Record<string, unknown> = {};
  for (const url of views(w, subjectUsername, viewer.fan !== null)) {
    const response = await send(t.app, 'GET', url, viewer.fan?.cookie);
    seen[url] =
      response.statusCode === 200
        ? normalised(response.json())
        : { status: response.statusCode, body: response.json() };
  }
  return seen;
}

/** The URLs whose answer differs between two snapshots. */
function changed(before: Record<string, unknown>, after: Record<string, unknown>): string[] {
  return Object.keys(before).filter((url) => !isDeepEqual(before[url], after[url]));
}
function isDeepEqual(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * One performer at one venue (New York, where the fans live): an upcoming show, a later one and a
 * past one; three fans going to (and at) all of them, who look at each subject: a pal, a stranger
 * and a fan each subject blocked. The viewers are pals of each other's nobody.
 */
async function world() {
  const performer = await member(t, 'performer');
  const venue = await member(t, 'venue');
  const show = (days: number) =>
    announceConfirmed(t, performer, venue, { startsAtLocal: laterStart(days), genre: null });
  const [upcoming, later, past] = [await show(0), await show(7), await show(14)];
  const viewers: Viewer[] = [
    { name: 'pal', fan: await socialFan(t) },
    { name: 'stranger', fan: await socialFan(t) },
    { name: 'blocked', fan: await socialFan(t) },
    { name: 'signed out', fan: null },
  ];
  // Everyone watches the artist (their pages then carry these shows) and goes to every show.
  for (const { fan } of viewers) {
    if (!fan) continue;
    await send(t.app, 'PUT', `/api/artists/${performer.id}/alert`, fan.cookie, {
      channels: ['inApp'],
    });
    for (const s of [upcoming, later, past]) await going(t, fan.cookie, s.id);
  }
  await startShow(t, past.id, 48);
  for (const { fan } of viewers) if (fan) await attend(fan, past.id);
  return { performer, venue, upcoming, later, past, viewers };
}

async function attend(fan: Fan, showId: string) {
  const response = await send(t.app, 'PUT', `/api/shows/${showId}/attendance`, fan.cookie, {
    status: 'attended',
  });
  if (response.statusCode !== 200) throw new Error(`attended: ${response.body}`);
}

async function usernameOf(fan: Fan): Promise<string> {
  const { rows } = await t.database.orm.execute<{ username: string }>(
    sql`select username from "user" where id = ${fan.id}`,
  );
  return rows[0]?.username ?? '';
}

const CELLS = ['public', 'friends', 'private'].flatMap((visibility) =>
  [true, false].map((shown) => ({ visibility, shown })),
);

/** The rule, stated plainly: what each viewer may know of a subject's attendance. */
function mayKnow(viewer: Viewer['name'], cell: { visibility: string; shown: boolean }) {
  if (!cell.shown || cell.visibility === 'private' || viewer === 'blocked') return false;
  return cell.visibility === 'public' ? true : viewer === 'pal';
}

describe('attendance privacy matrix', () => {
  it('no response tells a viewer of attendance the rule hides from them', async () => {
    const w = await world();
    const [pal, blocked] = [w.viewers[0]?.fan as Fan, w.viewers[2]?.fan as Fan];
    const leaks: string[] = [];
    const silent: string[] = [];
    for (const cell of CELLS) {
      const subject = await socialFan(t);
      await palUp(t, pal, subject);
      await send(t.app, 'PUT', `/api/social/blocks/${blocked.id}`, subject.cookie);
      await privacy(t, subject, { visibility: cell.visibility, showAttendance: cell.shown });
      const username = await usernameOf(subject);
      const label = `${cell.visibility}/${cell.shown ? 'shown' : 'hidden'}`;

      for (const [step, mark] of [
        ['going', () => going(t, subject.cookie, w.upcoming.id)],
        ['attended', () => attend(subject, w.past.id)],
      ] as const) {
        const before = [];
        for (const viewer of w.viewers) before.push(await snapshot(w, viewer, username));
        await mark();
        for (const [i, viewer] of w.viewers.entries()) {
          const differs = changed(before[i] ?? {}, await snapshot(w, viewer, username));
          if (!mayKnow(viewer.name, cell))
            leaks.push(...differs.map((url) => `${label} ${step} → ${viewer.name}: ${url}`));
          else if (viewer.fan && differs.length === 0)
            silent.push(`${label} ${step} → ${viewer.name}`);
        }
      }
    }
    expect(leaks).toEqual([]);
    // The matrix can fail: where the rule lets a fan see, some response does show it.
    expect(silent).toEqual([]);
  });

  it('inviting a pal answers the same whether or not they hide that they are going', async () => {
    const w = await world();
    const pal = w.viewers[0]?.fan as Fan;
    const answers: Record<string, unknown> = {};
    for (const cell of CELLS) {
      const subject = await socialFan(t);
      await palUp(t, pal, subject);
      await privacy(t, subject, { visibility: cell.visibility, showAttendance: cell.shown });
      await going(t, subject.cookie, w.upcoming.id);
      const invite = async (showId: string) => {
        const response = await send(t.app, 'POST', `/api/shows/${showId}/invites`, pal.cookie, {
          fanIds: [subject.id],
        });
        return { status: response.statusCode, body: response.json() };
      };
      const label = `${cell.visibility}/${cell.shown ? 'shown' : 'hidden'}`;
      const whenGoing = await invite(w.upcoming.id);
      const whenNot = await invite(w.later.id);
      answers[label] = mayKnow('pal', cell)
        ? { whenGoing, whenNot }
        : isDeepEqual(whenGoing, whenNot) || { whenGoing, whenNot };
    }
    expect(answers).toEqual({
      // A pal I may see going needs no invite: the dialog shows them going and sends none.
      'public/shown': {
        whenGoing: { status: 200, body: { invited: 0, unchanged: 1 } },
        whenNot: { status: 200, body: { invited: 1, unchanged: 0 } },
      },
      'friends/shown': {
        whenGoing: { status: 200, body: { invited: 0, unchanged: 1 } },
        whenNot: { status: 200, body: { invited: 1, unchanged: 0 } },
      },
      'public/hidden': true,
      'friends/hidden': true,
      'private/shown': true,
      'private/hidden': true,
    });
  });
});
