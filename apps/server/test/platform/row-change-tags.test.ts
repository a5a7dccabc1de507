import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cellOf } from '../../src/domain/listing-cells.ts';
import {
  LISTING_TAG,
  listingTag,
  parseChangeNotice,
  showTag,
  userTag,
} from '../../src/http/cached-pages.ts';
import { START_DAY_TAG, startDay } from '../../src/lib/public-response-cache.ts';
import { listenToChangeNotices } from '../support/change-notices.ts';
import { going } from '../support/fan-pages.ts';
import { announced, member } from '../support/shows.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/**
 * What encore_rows_changed names for each kind of its arguments (migrations 0039, 0040, 0044,
 * 0055, 0060; static queries since 0061), one write at a time: the tags the page caches drop by.
 * A going mark's whole cascade is listed table by table, as one mark sends it.
 */
let t: TestApp;
let world: Awaited<ReturnType<typeof announced>>;
let fan: { id: string; cookie: string };
let notices: Awaited<ReturnType<typeof listenToChangeNotices>>;

beforeAll(async () => {
  t = await createTestApp();
  world = await announced(t, { genre: 'Jazz' });
  fan = await member(t, 'fan');
  notices = await listenToChangeNotices(t, () => true);
});
afterAll(async () => {
  await notices.end();
  await t.close();
});

/** The tags each table's notices named during `write` (a notice naming no tag: `['*']`). */
async function tagsOf(write: () => Promise<unknown>): Promise<Record<string, string[]>> {
  const from = await notices.caughtUp();
  await write();
  const to = await notices.caughtUp();
  const byTable: Record<string, Set<string>> = {};
  for (const payload of notices.heard.slice(from, to)) {
    const { table = '', tags } = parseChangeNotice(payload);
    byTable[table] ??= new Set();
    for (const tag of tags ?? ['*']) byTable[table].add(tag);
  }
  return Object.fromEntries(Object.entries(byTable).map(([k, v]) => [k, [...v].sort()]));
}

const sorted = (tags: string[]) => [...new Set(tags)].sort();
const sql = (text: string, values: unknown[] = []) => t.database.pool.query(text, values);
type Place = { starts_at: Date; latitude: number; longitude: number };
const placeOf = async (id: string): Promise<Place> =>
  (await sql('select starts_at, latitude, longitude from shows where id = $1', [id])).rows[0];
const listingOf = (p: Place) => [
  listingTag.cell(cellOf(p.latitude, p.longitude)),
  `${START_DAY_TAG}${startDay(p.starts_at.getTime())}`,
];

describe('the tags of the change notices', () => {
  it('name, for a going mark, its show and fan, the show’s parties, and the rollups it moves', async () => {
    const { show, performer, venue } = world;
    const parties = [userTag(performer.id), userTag(venue.id)];
    const tags = await tagsOf(() => going(t, fan.cookie, show.id));
    expect(tags).toEqual({
      show_attendance: sorted([showTag(show.id), userTag(fan.id), ...parties]),
      show_faces: [showTag(show.id)],
      show_audience_counts: sorted([showTag(show.id), ...parties]),
      venue_audience_months: [userTag(venue.id)],
      venue_audience_years: [userTag(venue.id)],
    });
  });

  it('name no listing for an edit of a show’s results alone', async () => {
    const { show, performer, venue } = world;
    const tags = await tagsOf(() =>
      sql('update shows set attendance = 120, gross_revenue = 900 where id = $1', [show.id]),
    );
    expect(tags.shows).toEqual(
      sorted([showTag(show.id), userTag(performer.id), userTag(venue.id)]),
    );
  });

  it('name both places and both days of a show moved, and its performer’s and genre’s listings', async () => {
    const { show, performer, venue } = world;
    const before = await placeOf(show.id);
    const tags = await tagsOf(() =>
      sql(
        `update shows set starts_at = starts_at + interval '40 days', latitude = latitude + 2,
          longitude = longitude - 3 where id = $1`,
        [show.id],
      ),
    );
    const after = await placeOf(show.id);
    expect(tags.shows).toEqual(
      sorted([
        showTag(show.id),
        userTag(performer.id),
        userTag(venue.id),
        LISTING_TAG,
        listingTag.performer(performer.id),
        listingTag.genre('Jazz'),
        ...listingOf(before),
        ...listingOf(after),
      ]),
    );
  });

  it('name every listing a show added or removed may be in', async () => {
    const { show, performer, venue } = world;
    const copy = `${show.id}-copy`;
    const expected = sorted([
      showTag(copy),
      userTag(performer.id),
      userTag(venue.id),
      LISTING_TAG,
      listingTag.performer(performer.id),
      listingTag.genre('Jazz'),
      ...listingOf(await placeOf(show.id)),
    ]);
    const added = await tagsOf(() =>
      sql(
        `insert into shows select (jsonb_populate_record(null::shows,
          to_jsonb(s) || jsonb_build_object('id', $2::text))).* from shows s where id = $1`,
        [show.id, copy],
      ),
    );
    expect(added.shows).toEqual(expected);
    const removed = await tagsOf(() => sql('delete from shows where id = $1', [copy]));
    expect(removed.shows).toEqual(expected);
  });

  it('name, for a person changed, them, their shows and those shows’ parties', async () => {
    const { show, performer, venue } = world;
    const tags = await tagsOf(() =>
      sql(`update "user" set name = name || ' Jr' where id = $1`, [performer.id]),
    );
    expect(tags.user).toEqual(sorted([userTag(performer.id), showTag(show.id), userTag(venue.id)]));
  });

  it('name the listing for any act added, with the act’s performer', async () => {
    const { show } = world;
    const other = await member(t, 'performer');
    const tags = await tagsOf(() =>
      sql(
        `insert into show_acts (show_id, position, performer_id, name) values ($1, 9, $2, 'Late set')`,
        [show.id, other.id],
      ),
    );
    expect(tags.show_acts).toEqual(sorted([showTag(show.id), userTag(other.id), LISTING_TAG]));
  });

  it('name only the table for a statement of more than 100 rows', async () => {
    const { show } = world;
    const tags = await tagsOf(() =>
      sql(
        `insert into shows select (jsonb_populate_record(null::shows,
          to_jsonb(s) || jsonb_build_object('id', s.id || '-' || n))).*
        from shows s cross join generate_series(1, 101) n where s.id = $1`,
        [show.id],
      ),
    );
    expect(tags.shows).toEqual(['*']);
  });
});
