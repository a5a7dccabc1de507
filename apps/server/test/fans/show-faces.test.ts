import { CARD_FACES, type TAlertFeed, type TShow } from '@encore/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attendanceVisibleSql } from '../../src/repositories/social/fan-visibility.repo.ts';
import { budget } from '../support/budget.ts';
import { going, mark, PLACES, performer, showIn, watch } from '../support/fan-pages.ts';
import { send } from '../support/profile-inputs.ts';
import { member } from '../support/shows.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/*
 * Your Alerts' faces come from show_faces (migration 0041), kept by triggers, and filtered for the
 * viewer when read. Each change below is followed by the same check: every viewer's card shows
 * exactly what the rule itself (fan-visibility.repo.ts, over show_attendance) answers, and the kept
 * rows are what a rebuild from scratch would write.
 */
let t: TestApp;
let show: TShow;
type Fan = { id: string; cookie: string };
const fans: Fan[] = [];
let viewer: Fan;
let other: Fan;

const FANS = 10;

beforeAll(async () => {
  t = await createTestApp();
  const band = await performer(t, 'Faces Band');
  show = await showIn(t, band, PLACES.manhattan);
  viewer = await member(t, 'fan');
  other = await member(t, 'fan');
  for (const v of [viewer, other]) await watch(t, v.cookie, band.id);
  for (let i = 0; i < FANS; i += 1) fans.push(await member(t, 'fan'));
  // Oldest first: fans[FANS - 1] is the newest mark.
  for (const fan of fans) await going(t, fan.cookie, show.id);
}, budget(120_000));
afterAll(() => t.close());

const run = (query: ReturnType<typeof sql>) => t.database.orm.execute(query);

/** What the rule answers for the viewer: the newest CARD_FACES fans they may see going. */
async function expected(viewerId: string) {
  const { rows } = await run(sql`
    select a.fan_id as id, fp.tag_name as name, u.image as "photoUrl"
    from show_attendance a
    join fan_profiles fp on fp.user_id = a.fan_id
    join "user" u on u.id = a.fan_id
    where a.show_id = ${show.id} and a.status = 'going'
      and ${attendanceVisibleSql(viewerId, sql`a.fan_id`)}
    order by a.updated_at desc
    limit ${CARD_FACES}`);
  return rows;
}

async function cardOf(v: Fan, showId = show.id) {
  const response = await send(t.app, 'GET', '/api/fan/alerts', v.cookie);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<TAlertFeed>().items.find((item) => item.show.id === showId);
}

async function shown(v: Fan) {
  return (await cardOf(v))?.faces;
}

/**
 * The kept going counts (migration 0043) against the marks themselves: a row for every show with
 * a going mark, its count every going mark (hidden fans too), no row for a show without one.
 */
async function countsKept() {
  const { rows } = await run(sql`
    select coalesce(f.show_id, m.show_id) as show_id, f.going as kept, m.going as marks
    from show_faces f
    full join (select show_id, count(*)::int as going from show_attendance
      where status = 'going' group by show_id) m on m.show_id = f.show_id
    where f.going is distinct from m.going`);
  expect(rows).toEqual([]);
}

async function kept() {
  const { rows } = await run(sql`select * from show_faces order by show_id`);
  return rows;
}

/** Every viewer sees what the rule says, and the kept rows equal a rebuild. */
async function check() {
  for (const v of [viewer, other]) expect(await shown(v)).toEqual(await expected(v.id));
  await countsKept();
  const { rows } = await run(sql`select count(*)::int as n from show_attendance
    where show_id = ${show.id} and status = 'going'`);
  expect((await cardOf(viewer))?.show.attendingCount).toBe(rows[0]?.n);
  const before = await kept();
  await run(sql`select show_faces_refresh(array(select id from shows))`);
  expect(await kept()).toEqual(before);
}

const settings = (fan: Fan, visibility: string, showAttendance: boolean) =>
  run(sql`insert into fan_settings (user_id, visibility, show_attendance)
    values (${fan.id}, ${visibility}, ${showAttendance})
    on conflict (user_id) do update set visibility = excluded.visibility,
      show_attendance = excluded.show_attendance`);

const pals = (a: Fan, b: Fan) => {
  const [first, second] = [a.id, b.id].sort() as [string, string];
  return run(sql`insert into pal_links (fan_a, fan_b, requested_by, state)
    values (${first}, ${second}, ${first}, 'pals')`);
};

const newest = (n: number) => fans[FANS - 1 - n] as Fan;

describe('Your Alerts faces kept per show', () => {
  it('starts with the newest going fans', async () => {
    expect((await shown(viewer))?.map((f) => f.id)).toEqual([0, 1, 2, 3].map((n) => newest(n).id));
    await check();
  });

  it('follows visibility and attendance settings, and pals for Friends Only', async () => {
    await settings(newest(0), 'private', true);
    await check();
    await settings(newest(1), 'friends', true);
    await check();
    await pals(viewer, newest(1));
    await check();
    await settings(newest(2), 'public', false);
    await check();
    await settings(newest(0), 'public', true);
    await check();
  });

  it('hides a blocked fan either way, for the viewer alone', async () => {
    await run(
      sql`insert into fan_blocks (blocker_id, blocked_id) values (${viewer.id}, ${newest(0).id})`,
    );
    await check();
    await run(
      sql`insert into fan_blocks (blocker_id, blocked_id) values (${newest(3).id}, ${viewer.id})`,
    );
    await check();
    await run(
      sql`delete from fan_blocks where blocked_id = ${viewer.id} or blocker_id = ${viewer.id}`,
    );
    await check();
  });

  it('follows photos, tag names, marks and deleted accounts', async () => {
    await run(sql`update "user" set image = '/uploads/new-face.jpg' where id = ${newest(0).id}`);
    await check();
    await run(
      sql`update fan_profiles set tag_name = 'renamed_fan' where user_id = ${newest(1).id}`,
    );
    await check();
    await mark(t, newest(2).cookie, show.id, null);
    await check();
    // Attended (the API allows it once the show started): the mark changes status in place.
    await run(sql`update show_attendance set status = 'attended'
      where fan_id = ${newest(3).id} and show_id = ${show.id}`);
    await check();
    await going(t, newest(3).cookie, show.id);
    await check();
    await run(sql`delete from "user" where id = ${newest(4).id}`);
    await check();
  });

  it('shows the viewer themself, hidden or not, among the newest', async () => {
    await settings(viewer, 'private', false);
    await going(t, viewer.cookie, show.id);
    await check();
    await settings(viewer, 'friends', true);
    await check();
    await settings(viewer, 'public', true);
    await check();
  });

  it('keeps the going count through marks written many at once, and deleted shows', async () => {
    const band = await performer(t, 'Count Band');
    const [first, second] = [
      await showIn(t, band, PLACES.manhattan),
      await showIn(t, band, PLACES.brooklyn),
    ];
    for (const v of [viewer, other]) await watch(t, v.cookie, band.id);
    // The older fans (the previous tests deleted one of the newest).
    const some = fans.slice(0, 5).map((fan) => fan.id);
    const ids = sql.join(
      some.map((id) => sql`${id}`),
      sql`, `,
    );
    // One statement: marks on two shows, going and attended.
    await run(sql`insert into show_attendance (fan_id, show_id, status)
      select f.id, s.id, case when f.n % 3 = 0 then 'attended' else 'going' end
      from unnest(array[${ids}]::text[]) with ordinality as f(id, n)
      cross join (values (${first.id}), (${second.id})) as s(id)`);
    await countsKept();
    // Moved between going and attended, both ways, in one statement.
    await run(sql`update show_attendance
      set status = case when status = 'going' then 'attended' else 'going' end
      where show_id = ${first.id} and fan_id = any(array[${ids}]::text[])`);
    await countsKept();
    // Marks touched without a change of status (the newest mark moves: the faces, not the count).
    await run(sql`update show_attendance set updated_at = now() where show_id = ${second.id}`);
    await countsKept();
    // A hidden fan is counted all the same.
    await settings(fans[1] as Fan, 'private', false);
    await countsKept();
    const going = await run(sql`select count(*)::int as n from show_attendance
      where show_id = ${second.id} and status = 'going'`);
    expect((await cardOf(viewer, second.id))?.show.attendingCount).toBe(going.rows[0]?.n);
    await run(
      sql`delete from show_attendance where show_id = ${second.id} and fan_id = ${some[0]}`,
    );
    await countsKept();
    // Every mark gone: no row; the show deleted: its marks and row with it.
    await run(sql`delete from show_attendance where show_id = ${first.id}`);
    await countsKept();
    expect((await run(sql`select 1 from show_faces where show_id = ${first.id}`)).rows).toEqual([]);
    await run(sql`delete from shows where id = ${second.id}`);
    await countsKept();
    await settings(fans[1] as Fan, 'public', true);
    await check();
  });

  it(
    'answers from the full list when the kept fans cannot',
    async () => {
      // Every kept fan Friends Only and no pal of `other`: fewer than CARD_FACES pass, so the
      // older fans past the kept ones are read.
      for (let i = 0; i < 12; i += 1) {
        const fan = await member(t, 'fan');
        await going(t, fan.cookie, show.id);
        await settings(fan, 'friends', true);
      }
      await check();
      expect(await shown(other)).toHaveLength(CARD_FACES);
    },
    budget(60_000),
  );
});
