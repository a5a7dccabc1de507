import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bulkFans } from '../support/bulk-fans.ts';
import { send } from '../support/profile-inputs.ts';
import { announceConfirmed, member } from '../support/shows.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const rows = async (query: ReturnType<typeof sql>) =>
  (await t.database.orm.execute<Record<string, unknown>>(query)).rows;

/**
 * Each rollup (migration 0016) against the plain query over the rows it summarises, as sorted
 * lists of non-zero counts. Unfollows leave no row behind, so follows are compared as the net.
 */
async function expectRollupsTrue() {
  expect(
    await rows(sql`
      select performer_id, sum(follows - unfollows)::int as n from performer_follow_months
      group by 1 having sum(follows - unfollows) <> 0 order by 1`),
  ).toEqual(
    await rows(sql`
      select performer_id, count(*)::int as n from artist_alerts group by 1 order by 1`),
  );
  expect(
    await rows(sql`
      select performer_id, zip_code, followers as n from performer_follower_zips
      where followers <> 0 order by 1, 2`),
  ).toEqual(
    await rows(sql`
      select a.performer_id, f.zip_code, count(*)::int as n
      from artist_alerts a join fan_profiles f on f.user_id = a.fan_id
      group by 1, 2 order by 1, 2`),
  );
  expect(
    await rows(sql`
      select show_id, dimension, value, fans as n from show_audience_counts
      where fans <> 0 order by 1, 2, 3`),
  ).toEqual(
    await rows(sql`
      select a.show_id, d.dimension, d.value, count(*)::int as n
      from show_attendance a join fan_profiles f on f.user_id = a.fan_id
      cross join lateral (values ('age', f.age_range), ('gender', f.gender), ('zip', f.zip_code))
        d(dimension, value)
      group by 1, 2, 3 order by 1, 2, 3`),
  );
}

describe('the dashboard rollups agree with the rows they summarise', () => {
  it('through follows, unfollows, profile moves, attendance changes and deletions', async () => {
    const [p1, p2] = [await member(t, 'performer'), await member(t, 'performer')];
    const venue = await member(t, 'venue');
    const s1 = await announceConfirmed(t, p1, venue);
    const s2 = await announceConfirmed(t, p2, venue);
    const [f1, f2, f3] = [await member(t, 'fan'), await member(t, 'fan'), await member(t, 'fan')];
    const follow = (fan: { cookie: string }, performer: { id: string }) =>
      send(t.app, 'PUT', `/api/artists/${performer.id}/alert`, fan.cookie, { channels: ['push'] });
    const unfollow = (fan: { cookie: string }, performer: { id: string }) =>
      send(t.app, 'DELETE', `/api/artists/${performer.id}/alert`, fan.cookie);
    const attend = (fan: { cookie: string }, showId: string, status: string | null) =>
      send(t.app, 'PUT', `/api/shows/${showId}/attendance`, fan.cookie, { status });

    // Follows one by one through the API, and a bulk load (many rows in one statement).
    await follow(f1, p1);
    await follow(f1, p2);
    await follow(f2, p1);
    await follow(f3, p2);
    await unfollow(f1, p2);
    await follow(f1, p2);
    await unfollow(f3, p2);
    const bulk = await bulkFans(t.database.orm, {
      count: 40,
      performerId: p1.id,
      channels: ['email'],
    });
    await expectRollupsTrue();

    // Marks going, a status change, an unmark, and a bulk insert of marks.
    await attend(f1, s1.id, 'going');
    await attend(f2, s1.id, 'going');
    await attend(f3, s2.id, 'going');
    await attend(f2, s1.id, 'attended');
    await attend(f3, s2.id, null);
    await attend(f3, s1.id, 'going');
    const bulkIds = bulk.map((fan) => fan.id);
    await t.database.orm.execute(sql`
      insert into show_attendance (fan_id, show_id, status)
      select id, ${s1.id}, 'going' from unnest(${sql.param(bulkIds)}::text[]) id`);
    await expectRollupsTrue();

    // Profile moves: every counted field, a field that counts nowhere, and a bulk move.
    await send(t.app, 'PATCH', '/api/profile/fan', f1.cookie, {
      zipCode: '60601',
      ageRange: '45-54',
      gender: 'male',
    });
    await send(t.app, 'PATCH', '/api/profile/fan', f2.cookie, { tagName: 'NewName' });
    await t.database.orm.execute(sql`
      update fan_profiles set zip_code = '94103', age_range = '18-24'
      where user_id = any(${sql.param(bulkIds.slice(0, 20))}::text[])`);
    await expectRollupsTrue();

    // Deletions: a fan's account (API), bulk fans (their user rows), a show and a performer.
    expect((await send(t.app, 'DELETE', '/api/account', f2.cookie)).statusCode).toBeLessThan(300);
    await t.database.orm.execute(sql`
      delete from "user" where id = any(${sql.param(bulkIds.slice(10, 30))}::text[])`);
    await t.database.orm.execute(sql`delete from shows where id = ${s2.id}`);
    await t.database.orm.execute(sql`delete from "user" where id = ${p2.id}`);
    await expectRollupsTrue();
    expect(
      await rows(sql`select 1 from performer_follow_months where performer_id = ${p2.id}`),
    ).toEqual([]);
  });
});
