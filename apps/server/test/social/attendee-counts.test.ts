import type { TShowAttendees } from '@encore/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attendanceVisibleSql } from '../../src/repositories/social/fan-visibility.repo.ts';
import { going } from '../support/alerts.ts';
import { budget } from '../support/budget.ts';
import { writeWhileHeld } from '../support/lock-waits.ts';
import { send } from '../support/profile-inputs.ts';
import { announced, member } from '../support/shows.ts';
import { type Fan, palUp, privacy } from '../support/social.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/*
 * Connect with Attendees counts a show's going fans and those its viewer may see from show_faces'
 * kept counts (migration 0048: `going_shown`, the going marks of fans anyone may see), with the
 * rule applied to the viewer's own pals and blocks. After every change below (marks, settings
 * written, inserted and deleted, pals, blocks, deleted accounts, marks and settings written at
 * once), each viewer's `total` and `hidden` are what the rule itself answers over every going
 * mark, and the kept counts are what a count from scratch gives.
 */
let t: TestApp;
let showId: string;
const fans: Fan[] = [];
const FANS = 10;

beforeAll(async () => {
  t = await createTestApp();
  showId = (await announced(t)).show.id;
  for (let i = 0; i < FANS; i += 1) fans.push(await member(t, 'fan'));
}, budget(120_000));
afterAll(() => t.close());

const run = (query: ReturnType<typeof sql>) => t.database.orm.execute(query);

async function attendees(viewer: Fan): Promise<TShowAttendees> {
  const response = await send(t.app, 'GET', `/api/shows/${showId}/attendees`, viewer.cookie);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

/** Every viewer's counts as the rule answers them over every going mark, and the kept counts. */
async function check(step: string) {
  for (const viewer of fans) {
    const { rows } = await run(sql`
      select count(*)::int as total,
        (count(*) - count(*) filter (where ${attendanceVisibleSql(viewer.id, sql`a.fan_id`)}))::int
          as hidden
      from show_attendance a where a.show_id = ${showId} and a.status = 'going'`);
    const { total, hidden } = await attendees(viewer);
    expect({ step, viewer: viewer.id, total, hidden }).toEqual({
      step,
      viewer: viewer.id,
      ...rows[0],
    });
  }
  const { rows } = await run(sql`
    select f.going, f.going_shown as "goingShown",
      (select count(*)::int from show_attendance a where a.show_id = f.show_id
        and a.status = 'going') as marks,
      (select count(*)::int from show_attendance a where a.show_id = f.show_id
        and a.status = 'going' and not exists (select 1 from fan_settings vs
          where vs.user_id = a.fan_id and (vs.visibility <> 'public' or not vs.show_attendance)))
        as shown
    from show_faces f where f.show_id = ${showId}`);
  for (const row of rows)
    expect({ step, going: row.going, shown: row.goingShown }).toEqual({
      step,
      going: row.marks,
      shown: row.shown,
    });
}

/** A small seeded generator: the same changes on every run. */
function seeded(seed: number) {
  let state = seed;
  return (n: number) => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state % n;
  };
}

const VISIBILITIES = ['public', 'friends', 'private'] as const;

describe('Connect with Attendees counts from the kept figures', () => {
  it(
    'answers what the rule answers through marks, settings, pals, blocks and deletions',
    async () => {
      const [a, b, c, d] = fans as [Fan, Fan, Fan, Fan];
      await palUp(t, a, b);
      await palUp(t, a, c);
      await privacy(t, b, { visibility: 'friends' });
      await privacy(t, d, { showAttendance: false });
      for (const fan of fans) await going(t, fan.cookie, showId);
      await check('all going');
      await send(t.app, 'PUT', `/api/social/blocks/${a.id}`, d.cookie);
      await check('a block');

      const pick = seeded(29);
      const fanAt = () => fans[pick(fans.length)] as Fan;
      for (let i = 0; i < 60; i += 1) {
        const fan = fanAt();
        const op = pick(9);
        if (op === 0)
          await run(sql`insert into show_attendance (fan_id, show_id, status)
          values (${fan.id}, ${showId}, 'going')
          on conflict (fan_id, show_id) do update set status = 'going', updated_at = now()`);
        else if (op === 1)
          await run(
            sql`delete from show_attendance where fan_id = ${fan.id} and show_id = ${showId}`,
          );
        else if (op === 2)
          await run(sql`update show_attendance set status = 'attended'
          where fan_id = ${fan.id} and show_id = ${showId}`);
        else if (op === 3 || op === 4)
          await privacy(t, fan, {
            visibility: VISIBILITIES[pick(3)],
            showAttendance: pick(3) > 0,
          });
        else if (op === 5) await run(sql`delete from fan_settings where user_id = ${fan.id}`);
        else if (op === 6) {
          const other = fanAt();
          if (other.id !== fan.id) await palUp(t, fan, other);
        } else if (op === 7) {
          const other = fanAt();
          if (other.id !== fan.id)
            await send(
              t.app,
              pick(2) ? 'PUT' : 'DELETE',
              `/api/social/blocks/${other.id}`,
              fan.cookie,
            );
        }
        // Several fans' settings in one statement.
        else
          await run(sql`update fan_settings set show_attendance = not show_attendance
          where user_id in (${fan.id}, ${fanAt().id})`);
        await check(`step ${i}, change ${op} by ${fan.id}`);
      }
    },
    budget(300_000),
  );

  it('counts a deleted account out, Private or not', async () => {
    const [gone, hidden] = [await member(t, 'fan'), await member(t, 'fan')];
    await privacy(t, hidden, { visibility: 'private' });
    for (const fan of [gone, hidden]) await going(t, fan.cookie, showId);
    await check('two more going');
    await run(sql`delete from "user" where id in (${gone.id}, ${hidden.id})`);
    await check('both accounts deleted');
  });

  it('counts a mark and its fan switching to Private at once, in either order', async () => {
    const fan = await member(t, 'fan');
    await privacy(t, fan, { visibility: 'public' });
    const mark = `insert into show_attendance (fan_id, show_id, status) values ($1, $2, 'going')`;
    const hide = `update fan_settings set visibility = 'private' where user_id = $1`;
    await writeWhileHeld(t.database.pool, [hide, [fan.id]], [mark, [fan.id, showId]]);
    await check('settings first, then the mark');

    await run(sql`delete from show_attendance where fan_id = ${fan.id} and show_id = ${showId}`);
    await run(sql`update fan_settings set visibility = 'public' where user_id = ${fan.id}`);
    await check('reset');
    await writeWhileHeld(t.database.pool, [mark, [fan.id, showId]], [hide, [fan.id]]);
    await check('the mark first, then the settings');
  });
});
