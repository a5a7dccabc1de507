import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alertWhen, YEAR } from '../support/dates.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { centre, changeShow, emailsOf, watchedShow } from './support/show-change-alerts.ts';

// An edit that moved a show from May 10, 8 PM to May 8, 7 PM reached its watcher as
// "Postponed: …". An edit of the start now says what changed; only the postpone action says
// "Postponed". The centre and the email say the same (texts/alert-text.ts).

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const PLACE = 'The Lantern, Chicago, IL';
// The watcher lives in New York (test fans' default home): a Chicago time names its zone.

/**
 * The show at May 10, 8 PM, moved by an edit ('') or the postpone action to `to` (null: no new
 * date yet): its alert in the centre, which the email says word for word.
 */
async function movedTo(to: string | null, path: '' | '/postpone' = '') {
  const { performer, venue, watcher, show } = await watchedShow(t, `${YEAR}-05-10T20:00`);
  await changeShow(t, path === '' ? performer.cookie : venue.cookie, show.id, {
    path,
    body: { startsAtLocal: to },
    kind: 'postponed',
  });
  const [alert] = await centre(t, watcher.cookie);
  const email = (await emailsOf(t, watcher.id, show.id)).find((m) => m.kind === 'postponed');
  expect(email).toEqual({ kind: 'postponed', title: alert?.title, body: alert?.body });
  return alert;
}

describe("an edit of a show's start says what changed", () => {
  it('an earlier date: "Moved earlier", with the new date and time', async () => {
    expect(await movedTo(`${YEAR}-05-08T19:00`)).toMatchObject({
      kind: 'postponed',
      title: 'Moved earlier: Night Static at The Lantern',
      body: `${alertWhen('May', 8, '7:00 PM', 'CDT')} · ${PLACE}`,
    });
  });

  it('another time the same day: "Time changed"', async () => {
    expect(await movedTo(`${YEAR}-05-10T21:30`)).toMatchObject({
      title: 'Time changed: Night Static at The Lantern',
      body: `${alertWhen('May', 10, '9:30 PM', 'CDT')} · ${PLACE}`,
    });
  });

  it('a later date: "Date changed"', async () => {
    expect(await movedTo(`${YEAR}-05-12T20:00`)).toMatchObject({
      title: 'Date changed: Night Static at The Lantern',
      body: `${alertWhen('May', 12, '8:00 PM', 'CDT')} · ${PLACE}`,
    });
  });

  it('the postpone action still says "Postponed", with the new date', async () => {
    expect(await movedTo(`${YEAR}-06-02T20:00`, '/postpone')).toMatchObject({
      title: 'Postponed: Night Static at The Lantern',
      body: `${alertWhen('Jun', 2, '8:00 PM', 'CDT')} · ${PLACE}`,
    });
  });

  it('a postponement without a new date says so, and that the old date no longer holds (30.4)', async () => {
    expect(await movedTo(null, '/postpone')).toMatchObject({
      title: 'Postponed: Night Static at The Lantern',
      body: `New date to be announced (was ${alertWhen('May', 10, '8:00 PM', 'CDT')}) · ${PLACE}`,
    });
  });
});
