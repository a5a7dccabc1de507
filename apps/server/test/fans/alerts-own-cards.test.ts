import type { TAlertFeed, TNotificationPage } from '@encore/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { matchEvent } from '../../src/alerts/match-event.ts';
import { loaded, type Statement, statementRecorder } from '../platform/support/sql-reads.ts';
import { eventOf } from '../support/alerts.ts';
import { going, PLACES, performer, showIn, watch } from '../support/fan-pages.ts';
import { send } from '../support/profile-inputs.ts';
import { startReferenceProcess } from '../support/second-process.ts';
import { member } from '../support/shows.ts';
import { type Fan, palUp, privacy } from '../support/social.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/**
 * Your Alerts' own cards kept apart from the page (decision 060, http/alerts-own-cards.ts): a going
 * mark by a fan who is not the reader's pal changes only the show's fragment (its faces and count),
 * so the reader's page is made again from the kept cards and the fresh fragment, without the
 * cards' statement; a pal's mark (pals going) or the reader's own reads them again. Every answer
 * is what a process that caches nothing reads.
 */
let t: TestApp;
let record: ReturnType<typeof statementRecorder>;
let reference: Awaited<ReturnType<typeof startReferenceProcess>>;

beforeAll(async () => {
  t = await createTestApp();
  record = statementRecorder(t.database.pool);
  reference = await startReferenceProcess(t);
});
afterAll(async () => {
  await reference.close();
  await t.close();
});

/** FEED_CARDS, the one statement of the fan's own cards (its viewer columns name it). */
const readsOwnCards = (statements: Statement[]) =>
  statements.some(({ text }) => text.includes('viewer_pals'));

/** `fan`'s page at `url`, the statements it sent, and a check it is what the database says now. */
async function ownPage<T>(fan: Fan, url: string) {
  const { result, statements } = await record(() => send(t.app, 'GET', url, fan.cookie));
  expect(result.statusCode, result.body).toBe(200);
  const fresh = await send(reference.app, 'GET', url, fan.cookie);
  // Byte for byte.
  expect(result.body).toBe(fresh.body);
  return { body: result.json<T>(), statements };
}

async function yourAlerts(fan: Fan) {
  const { body, statements } = await ownPage<TAlertFeed>(fan, '/api/fan/alerts');
  return { feed: body, statements };
}

describe("Your Alerts' own cards", () => {
  it("outlive another fan's going mark, not a pal's or the fan's own", async () => {
    const band = await performer(t, 'Kept Cards Band');
    const fan = await member(t, 'fan', { zipCode: PLACES.manhattan.zipCode });
    await watch(t, fan.cookie, band.id);
    const show = await showIn(t, band, PLACES.manhattan);
    const stranger = await member(t, 'fan', { zipCode: PLACES.brooklyn.zipCode });
    const pal = await member(t, 'fan', { zipCode: PLACES.bronx.zipCode });
    await palUp(t, fan, pal);

    const first = await yourAlerts(fan);
    expect(first.feed.items.map((item) => item.show.id)).toEqual([show.id]);
    expect(readsOwnCards(first.statements)).toBe(true);
    // Kept: the next read is the page from memory.
    expect(loaded((await yourAlerts(fan)).statements)).toBe(false);

    // Another fan going: the show's fragment changed, the page is made again from the kept cards.
    await going(t, stranger.cookie, show.id);
    const afterStranger = await yourAlerts(fan);
    expect(loaded(afterStranger.statements)).toBe(true);
    expect(readsOwnCards(afterStranger.statements)).toBe(false);
    expect(afterStranger.feed.items[0]?.faces.map((face) => face.id)).toEqual([stranger.id]);

    // A pal going: the card's pals going changed, the cards are read again.
    await going(t, pal.cookie, show.id);
    const afterPal = await yourAlerts(fan);
    expect(readsOwnCards(afterPal.statements)).toBe(true);
    expect(afterPal.feed.items[0]?.palsGoing.fans.map((p) => p.id)).toEqual([pal.id]);

    // The fan's own mark: read again too.
    await going(t, fan.cookie, show.id);
    const afterOwn = await yourAlerts(fan);
    expect(readsOwnCards(afterOwn.statements)).toBe(true);
    expect(afterOwn.feed.items[0]?.myAttendance).toBe('going');
  });
});

describe("the notification centre's people", () => {
  it("outlive another fan's privacy edit on a show it lists (fan_settings followed by user:)", async () => {
    const band = await performer(t, 'Centre Kept Band');
    const fan = await member(t, 'fan', { zipCode: PLACES.manhattan.zipCode });
    await watch(t, fan.cookie, band.id);
    const show = await showIn(t, band, PLACES.manhattan);
    expect(
      await matchEvent(t.database.orm, await eventOf(t, show.id, 'announced')),
    ).toBeGreaterThan(0);
    const stranger = await member(t, 'fan', { zipCode: PLACES.brooklyn.zipCode });
    await going(t, stranger.cookie, show.id);
    const centre = () => ownPage<TNotificationPage>(fan, '/api/notifications');
    expect((await centre()).body.items.map((item) => item.showId)).toContain(show.id);
    expect(loaded((await centre()).statements)).toBe(false);
    // The stranger goes Friends Only: their notice names the show, which the centre lists.
    expect((await privacy(t, stranger, { visibility: 'friends' })).statusCode).toBe(200);
    expect(loaded((await centre()).statements)).toBe(false);
    // The fan's own edit drops it.
    expect((await privacy(t, fan, { visibility: 'friends' })).statusCode).toBe(200);
    expect(loaded((await centre()).statements)).toBe(true);
  });
});
