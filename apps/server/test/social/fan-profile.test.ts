import type { TFanPublicProfile } from '@encore/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { going } from '../support/alerts.ts';
import { send } from '../support/profile-inputs.ts';
import { announced, member } from '../support/shows.ts';
import { type Fan, palUp, privacy, socialFan } from '../support/social.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function usernameOf(fan: Fan): Promise<string> {
  const { rows } = await t.database.orm.execute<{ username: string }>(
    sql`select username from "user" where id = ${fan.id}`,
  );
  return rows[0]?.username ?? '';
}
const profileOf = (viewer: Fan, username: string) =>
  send(t.app, 'GET', `/api/fans/${username}`, viewer.cookie);

/** Which parts of the profile the viewer got: 'name', 'city', 'genres', 'pals', 'going'. */
function parts(profile: TFanPublicProfile): string[] {
  return [
    'name',
    ...(profile.fan.city === null ? [] : ['city']),
    ...(profile.favoriteGenres === null ? [] : ['genres']),
    ...(profile.palsCount === null ? [] : ['pals']),
    ...(profile.going === null ? [] : ['going']),
  ];
}

describe('a fan’s profile, each part as their privacy allows', () => {
  it('viewer (stranger, pal, blocked, self) × visibility × Show Attendance Publicly', async () => {
    const { show } = await announced(t);
    const pal = await socialFan(t);
    const stranger = await socialFan(t);
    const blocked = await socialFan(t);
    const cells: [string, Fan, string][] = [];
    for (const visibility of ['public', 'friends', 'private'])
      for (const shown of [true, false]) {
        const subject = await socialFan(t, { homeCity: 'Chicago', favoriteGenres: ['Jazz'] });
        await palUp(t, pal, subject);
        await send(t.app, 'PUT', `/api/social/blocks/${blocked.id}`, subject.cookie);
        await privacy(t, subject, { visibility, showAttendance: shown });
        await going(t, subject.cookie, show.id);
        cells.push([
          `${visibility}/${shown ? 'shown' : 'hidden'}`,
          subject,
          await usernameOf(subject),
        ]);
      }
    const seen = async (viewer: Fan) => {
      const result: Record<string, string[] | number> = {};
      for (const [cell, , username] of cells) {
        const response = await profileOf(viewer, username);
        result[cell] = response.statusCode === 200 ? parts(response.json()) : response.statusCode;
      }
      return result;
    };
    const all = ['name', 'city', 'genres', 'pals', 'going'];
    const noGoing = ['name', 'city', 'genres', 'pals'];
    expect(await seen(stranger)).toEqual({
      'public/shown': all,
      'public/hidden': noGoing,
      'friends/shown': ['name'],
      'friends/hidden': ['name'],
      'private/shown': ['name'],
      'private/hidden': ['name'],
    });
    expect(await seen(pal)).toEqual({
      'public/shown': all,
      'public/hidden': noGoing,
      'friends/shown': all,
      'friends/hidden': noGoing,
      'private/shown': ['name'],
      'private/hidden': ['name'],
    });
    expect(await seen(blocked)).toEqual({
      'public/shown': 404,
      'public/hidden': 404,
      'friends/shown': 404,
      'friends/hidden': 404,
      'private/shown': 404,
      'private/hidden': 404,
    });
    for (const [cell, subject, username] of cells) {
      const own = await profileOf(subject, username);
      expect(parts(own.json()), `${cell} sees all of themself`).toEqual(all);
    }

    // What the parts hold, and why the rest is hidden.
    const [, publicFan, publicName] = cells[0] ?? [];
    const open: TFanPublicProfile = (await profileOf(stranger, publicName ?? '')).json();
    expect(open).toMatchObject({
      fan: { id: publicFan?.id, city: 'Chicago', relation: 'none', canRequest: true },
      hiddenBecause: null,
      favoriteGenres: ['Jazz'],
      palsCount: 1,
    });
    expect(open.going?.map((s) => s.id)).toEqual([show.id]);
    // A show on a fan's profile carries no business figures.
    expect(Object.keys(open.going?.[0] ?? {})).not.toContain('attendance');
    const friendsOnly: TFanPublicProfile = (await profileOf(stranger, cells[2]?.[2] ?? '')).json();
    expect(friendsOnly.hiddenBecause).toBe('friends');
    const closed: TFanPublicProfile = (await profileOf(pal, cells[4]?.[2] ?? '')).json();
    expect(closed).toMatchObject({ hiddenBecause: 'private', fan: { relation: 'pals' } });
  });

  it('is for fans, about fans', async () => {
    const fan = await socialFan(t);
    const performer = await member(t, 'performer');
    expect((await profileOf(fan, 'no_such_fan')).statusCode).toBe(404);
    const performerName = await usernameOf(performer);
    expect((await profileOf(fan, performerName)).statusCode).toBe(404);
    const asPerformer = await send(
      t.app,
      'GET',
      `/api/fans/${await usernameOf(fan)}`,
      performer.cookie,
    );
    expect(asPerformer.statusCode).toBe(403);
  });
});
