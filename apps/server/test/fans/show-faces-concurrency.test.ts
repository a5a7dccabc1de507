import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { TShow } from '@encore/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHOW_FACES_LOCK_CLASS } from '../../src/db/advisory-locks.ts';
import { budget } from '../support/budget.ts';
import { PLACES, performer, showIn } from '../support/fan-pages.ts';
import { writeWhileHeld } from '../support/lock-waits.ts';
import { member } from '../support/shows.ts';
import { SRC } from '../support/source-files.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/*
 * show_faces (migration 0041) is rebuilt per show by the going marks' triggers, in the writing
 * transaction. Two fans marking the same show at the same moment must both land in it: the second
 * rebuild waits for the first's commit and reads it, instead of failing on the show's key or
 * writing a list without the first fan.
 */
let t: TestApp;
let band: { id: string; cookie: string };
beforeAll(async () => {
  t = await createTestApp();
  band = await performer(t, 'Same Moment');
}, budget(60_000));
afterAll(() => t.close());

/**
 * Two transactions mark `show` going for `a` and `b`, interleaved: b's write waits on a's. The
 * two fans' ages, genders and ZIPs differ, so that the audience rollup's rows (migration 0016),
 * which a's mark also writes, do not make b wait for a's commit before b's faces are written.
 */
async function markTogether(show: TShow, a: string, b: string) {
  await t.database.pool.query(
    `update fan_profiles set age_range = v.age, gender = v.gender, zip_code = v.zip
     from (values ($1, '18-24', 'female', '10001'), ($2, '55-64', 'male', '11201'))
       v(fan, age, gender, zip)
     where user_id = v.fan`,
    [a, b],
  );
  const mark = `insert into show_attendance (fan_id, show_id, status) values ($1, $2, 'going')`;
  // b's write waits on a lock in its trigger's write.
  await writeWhileHeld(t.database.pool, [mark, [a, show.id]], [mark, [b, show.id]]);
}

/** The show's kept going count (migration 0043), and its going marks counted. */
async function counts(show: TShow) {
  const { rows } = await t.database.pool.query<{ kept: number | null; marks: number }>(
    `select (select going from show_faces where show_id = $1) as kept,
       (select count(*)::int from show_attendance where show_id = $1 and status = 'going') as marks`,
    [show.id],
  );
  return rows[0];
}

async function kept(show: TShow): Promise<string[]> {
  const { rows } = await t.database.pool.query<{ fan_ids: string[] }>(
    'select fan_ids from show_faces where show_id = $1',
    [show.id],
  );
  return [...(rows[0]?.fan_ids ?? [])].sort();
}

describe('show_faces under concurrent going marks', () => {
  it('keeps both fans when a show with no faces gets two marks at once', async () => {
    const show = await showIn(t, band, PLACES.manhattan);
    const [a, b] = [await member(t, 'fan'), await member(t, 'fan')];
    await markTogether(show, a.id, b.id);
    expect(await kept(show)).toEqual([a.id, b.id].sort());
    expect(await counts(show)).toEqual({ kept: 2, marks: 2 });
  });

  it('keeps both fans when a show with faces gets two marks at once', async () => {
    const show = await showIn(t, band, PLACES.brooklyn);
    const [early, a, b] = [await member(t, 'fan'), await member(t, 'fan'), await member(t, 'fan')];
    await t.database.pool.query(
      `insert into show_attendance (fan_id, show_id, status) values ($1, $2, 'going')`,
      [early.id, show.id],
    );
    await markTogether(show, a.id, b.id);
    expect(await kept(show)).toEqual([early.id, a.id, b.id].sort());
    expect(await counts(show)).toEqual({ kept: 3, marks: 3 });
  });

  it.each(['0043_show_faces_going.sql', '0056_show_faces_lock_buckets.sql'])(
    "migration %s's rebuild takes the same per-show lock class as 0042's",
    (file) => {
      // Applied migrations stay as written, so the class is repeated there as a literal.
      const migration = readFileSync(join(SRC, 'db/migrations', file), 'utf8');
      const classes = [...migration.matchAll(/pg_advisory_xact_lock\((\d+),/g)].map(([, c]) =>
        Number(c),
      );
      expect(classes).toEqual([SHOW_FACES_LOCK_CLASS]);
    },
  );

  it('rebuilds thousands of shows in one statement within 1,024 per-show locks', async () => {
    // One lock per show ran out of Postgres' lock table ("out of shared memory") at a few
    // thousand shows: a bulk write of going marks, or a rebuild of every show's faces, failed.
    const client = await t.database.pool.connect();
    try {
      await client.query('begin');
      await client.query(
        `select show_faces_refresh(array(select 'bulk-' || i from generate_series(1, 20000) i))`,
      );
      const { rows } = await client.query<{ locks: number }>(
        `select count(*)::int as locks from pg_locks
         where locktype = 'advisory' and classid = $1 and pid = pg_backend_pid()`,
        [SHOW_FACES_LOCK_CLASS],
      );
      expect(rows[0]?.locks).toBeGreaterThan(900);
      expect(rows[0]?.locks).toBeLessThanOrEqual(1024);
    } finally {
      await client.query('rollback');
      client.release();
    }
  });
});
