import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alertWhen, YEAR } from '../support/dates.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { centre, changeShow, emailsOf, watchedShow } from './support/show-change-alerts.ts';

// After a postponement, the fan's "announced a show" item in the notification centre
// showed the new date while the email of that same alert kept the old one. An alert is a message:
// it reads as it was sent, on every channel; the show page shows today's facts.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

// The watcher lives in New York (test fans' default home): a Chicago time names its zone.
const JUNE_10 = `${alertWhen('Jun', 10, '8:00 PM', 'CDT')} · The Lantern, Chicago, IL`;
const JULY_1 = `${alertWhen('Jul', 1, '8:00 PM', 'CDT')} · The Lantern, Chicago, IL`;

async function postponedToJuly() {
  const world = await watchedShow(t, `${YEAR}-06-10T20:00`);
  await changeShow(t, world.venue.cookie, world.show.id, {
    path: '/postpone',
    body: { startsAtLocal: `${YEAR}-07-01T20:00` },
    kind: 'postponed',
  });
  return world;
}

describe('an alert reads as it was sent', () => {
  it('the announcement keeps its date and names in the centre and by email after a postponement and a rename', async () => {
    const { performer, watcher, show } = await postponedToJuly();
    await t.database.orm.execute(
      sql`update performer_profiles set artist_name = 'New Name' where user_id = ${performer.id}`,
    );
    const items = await centre(t, watcher.cookie);
    expect(items.map(({ kind, title, body }) => ({ kind, title, body }))).toEqual([
      { kind: 'postponed', title: 'Postponed: Night Static at The Lantern', body: JULY_1 },
      { kind: 'announced', title: 'Night Static announced a show', body: JUNE_10 },
    ]);
    // The emails leave now (the dispatch was late): each says what its alert said, as above.
    const emails = await emailsOf(t, watcher.id, show.id);
    expect(emails.find((m) => m.kind === 'announced')).toMatchObject({
      title: 'Night Static announced a show',
      body: JUNE_10,
    });
    expect(emails.find((m) => m.kind === 'postponed')).toMatchObject({ body: JULY_1 });
    // The show page is today's show.
    const page = await t.app.inject({ method: 'GET', url: `/api/shows/${show.id}` });
    expect(page.json().show).toMatchObject({
      status: 'postponed',
      startsAt: `${YEAR}-07-02T01:00:00.000Z`,
      performer: { name: 'New Name' },
    });
  });

  it('an event written before events kept their facts reads the show as it is now', async () => {
    const { watcher, show } = await postponedToJuly();
    await t.database.orm.execute(
      sql`update show_events set payload = payload - 'facts' where show_id = ${show.id}`,
    );
    const items = await centre(t, watcher.cookie);
    expect(items.map((n) => n.body)).toEqual([JULY_1, JULY_1]);
  });
});
