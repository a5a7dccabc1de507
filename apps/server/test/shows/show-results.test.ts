import { SHOW_MESSAGES as S } from '@encore/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shows } from '../../src/db/schema/index.ts';
import { send } from '../support/profile-inputs.ts';
import { announceAs, announced, member, startShow } from '../support/shows.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/** PUT /api/shows/:id/results: who enters them, and the optional merch revenue. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const EXTERNAL_VENUE = {
  name: 'Bowery Ballroom',
  streetAddress: '6 Delancey St',
  city: 'New York',
  state: 'NY' as const,
  zipCode: '10002',
};
const put = (id: string, cookie: string, body: unknown) =>
  send(t.app, 'PUT', `/api/shows/${id}/results`, cookie, body);
const stored = async (id: string) =>
  (
    await t.database.orm
      .select({ attendance: shows.attendance, merchRevenue: shows.merchRevenue })
      .from(shows)
      .where(eq(shows.id, id))
  )[0];

/** A started show by a new performer at a venue that is not on Encore. */
async function externalShow() {
  const performer = await member(t, 'performer');
  const show = await announceAs(t, performer.cookie, {
    performerId: performer.id,
    externalVenue: EXTERNAL_VENUE,
  });
  await startShow(t, show.id);
  return { performer, show };
}

describe('who enters the results', () => {
  it('the performer, when the venue is not on Encore', async () => {
    const { performer, show } = await externalShow();
    const saved = await put(show.id, performer.cookie, {
      attendance: 180,
      grossRevenue: 3600,
      merchRevenue: 950.5,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().show).toMatchObject({
      attendance: 180,
      grossRevenue: 3600,
      merchRevenue: 950.5,
    });
  });

  it('not the performer at a venue on Encore: 403 with the reason, nothing stored', async () => {
    const { show, performer } = await announced(t);
    await startShow(t, show.id);
    const refused = await put(show.id, performer.cookie, { attendance: 10, grossRevenue: 100 });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toMatchObject({ code: 'FORBIDDEN', message: S.resultsByVenue });
    expect(await stored(show.id)).toEqual({ attendance: null, merchRevenue: null });
  });

  it('nobody else: another performer gets 403, a venue 403, at an external venue too', async () => {
    const { show } = await externalShow();
    const results = { attendance: 10, grossRevenue: 100 };
    const otherPerformer = await member(t, 'performer');
    const venue = await member(t, 'venue');
    for (const cookie of [otherPerformer.cookie, venue.cookie]) {
      const refused = await put(show.id, cookie, results);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error.message).toBe(S.notYourShow);
    }
    expect(await stored(show.id)).toEqual({ attendance: null, merchRevenue: null });
  });

  it('the performer at an external venue still waits for the show to start', async () => {
    const performer = await member(t, 'performer');
    const show = await announceAs(t, performer.cookie, {
      performerId: performer.id,
      externalVenue: EXTERNAL_VENUE,
    });
    const early = await put(show.id, performer.cookie, { attendance: 1, grossRevenue: 1 });
    expect(early.statusCode).toBe(400);
    expect(early.json().error.message).toBe(S.resultsBeforeShow);
  });
});

describe('merch revenue', () => {
  it('is stored and returned, in My Shows too; blank (absent or null) means not entered', async () => {
    const { show, venue } = await announced(t);
    await startShow(t, show.id);
    const withMerch = await put(show.id, venue.cookie, {
      attendance: 300,
      grossRevenue: 9000,
      merchRevenue: 1234.56,
    });
    expect(withMerch.statusCode).toBe(200);
    expect(withMerch.json().show.merchRevenue).toBe(1234.56);
    const mine = await send(t.app, 'GET', '/api/shows/mine', venue.cookie);
    const listed = mine.json().shows.find((s: { id: string }) => s.id === show.id);
    expect(listed).toMatchObject({ attendance: 300, grossRevenue: 9000, merchRevenue: 1234.56 });

    // Results are replaced whole: a later entry without merch clears it.
    const without = await put(show.id, venue.cookie, { attendance: 310, grossRevenue: 9100 });
    expect(without.json().show.merchRevenue).toBeNull();
    await put(show.id, venue.cookie, { attendance: 310, grossRevenue: 9100, merchRevenue: 5 });
    const cleared = await put(show.id, venue.cookie, {
      attendance: 310,
      grossRevenue: 9100,
      merchRevenue: null,
    });
    expect(cleared.json().show.merchRevenue).toBeNull();
    expect(await stored(show.id)).toEqual({ attendance: 310, merchRevenue: null });
  });

  it.each([
    [-1, S.revenueNegative],
    ['12', S.revenueNotNumber],
  ])('refuses %j with its message and stores nothing', async (merch, message) => {
    const { show, venue } = await announced(t);
    await startShow(t, show.id);
    const refused = await put(show.id, venue.cookie, {
      attendance: 5,
      grossRevenue: 50,
      merchRevenue: merch,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.fields).toEqual({ merchRevenue: message });
    expect(await stored(show.id)).toEqual({ attendance: null, merchRevenue: null });
  });
});

describe('what the figures must be: blank is required, not negative; over the capacity is asked', () => {
  it('names a missing gross revenue and attendance as required, not negative', async () => {
    const { performer, show } = await externalShow();
    const refused = await put(show.id, performer.cookie, {});
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.fields).toEqual({
      attendance: S.attendanceRequired,
      grossRevenue: S.grossRevenueRequired,
    });
  });

  it('refuses attendance above the Encore venue’s capacity until the venue confirms it', async () => {
    const { show, venue } = await announced(t);
    await startShow(t, show.id);
    const results = { attendance: 999_999, grossRevenue: 100 };
    const refused = await put(show.id, venue.cookie, results);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.fields).toEqual({ attendance: S.attendanceOverCapacity(350) });
    expect(S.attendanceOverCapacity(350)).toBe(
      'More than the venue’s capacity of 350 — check the figure',
    );
    expect(await stored(show.id)).toEqual({ attendance: null, merchRevenue: null });

    const atCapacity = await put(show.id, venue.cookie, { attendance: 350, grossRevenue: 100 });
    expect(atCapacity.statusCode, atCapacity.body).toBe(200);
    const confirmed = await put(show.id, venue.cookie, { ...results, confirmOverCapacity: true });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().show).toMatchObject({ attendance: 999_999, venueCapacity: 350 });
  });

  it('has no capacity to check at a venue not on Encore', async () => {
    const { performer, show } = await externalShow();
    const saved = await put(show.id, performer.cookie, { attendance: 5000, grossRevenue: 10 });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().show.venueCapacity).toBeNull();
  });
});
