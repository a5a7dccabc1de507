import { SHOW_MESSAGES as S } from '@encore/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { YEAR } from '../support/dates.ts';
import { send } from '../support/profile-inputs.ts';
import { announceAs, answerAs, member, startShow } from '../support/shows.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** A show a venue announced for an Encore performer, not confirmed yet. */
async function pendingShow() {
  const performer = await member(t, 'performer');
  const venue = await member(t, 'venue');
  const show = await announceAs(t, venue.cookie, { performerId: performer.id, venueId: venue.id });
  return { performer, venue, show };
}

async function eventsOf(showId: string) {
  const { rows } = await t.database.orm.execute<{ kind: string }>(
    sql`select kind from show_events where show_id = ${showId} order by created_at`,
  );
  return rows.map((r) => r.kind);
}

const post = (url: string, cookie?: string, body?: unknown) =>
  send(t.app, 'POST', url, cookie, body);

describe('POST /api/shows/:id/confirm and /decline: only the party named', () => {
  it('a stranger finds no pending show; a fan or the announcer is refused; signed out is 401', async () => {
    const { venue, show } = await pendingShow();
    const strangers = [await member(t, 'performer'), await member(t, 'venue')];
    const fan = await member(t, 'fan');
    for (const answer of ['confirm', 'decline']) {
      const url = `/api/shows/${show.id}/${answer}`;
      expect((await post(url)).statusCode).toBe(401);
      for (const stranger of strangers) {
        expect((await post(url, stranger.cookie)).statusCode, answer).toBe(404);
      }
      const refused = await post(url, fan.cookie);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error.message).toBe(S.onlyPartyConfirms);
      const own = await post(url, venue.cookie);
      expect(own.statusCode).toBe(403);
      expect(own.json().error.message).toBe(S.onlyPartyConfirms);
      expect((await post(`/api/shows/nope/${answer}`, venue.cookie)).statusCode).toBe(404);
    }
    expect(await eventsOf(show.id)).toEqual([]);
  });

  it('once confirmed, a stranger is refused (403), and declining is a conflict', async () => {
    const { performer, show } = await pendingShow();
    await answerAs(t, performer.cookie, show.id);
    const stranger = await member(t, 'performer');
    expect((await post(`/api/shows/${show.id}/confirm`, stranger.cookie)).statusCode).toBe(403);
    const decline = await post(`/api/shows/${show.id}/decline`, performer.cookie);
    expect(decline.statusCode).toBe(409);
    expect(decline.json().error.message).toBe(S.alreadyConfirmed);
  });
});

describe('changes to a pending show', () => {
  it('the announcer may edit, postpone or cancel it without alerting anyone', async () => {
    const { performer, venue, show } = await pendingShow();
    const patch = await send(t.app, 'PATCH', `/api/shows/${show.id}`, venue.cookie, {
      priceMin: 5,
      supportingActs: [{ name: 'Someone New' }],
      startsAtLocal: `${YEAR}-07-01T20:00`,
    });
    expect(patch.statusCode, patch.body).toBe(200);
    const postponed = await post(`/api/shows/${show.id}/postpone`, venue.cookie, {
      startsAtLocal: null,
    });
    expect(postponed.statusCode).toBe(200);
    expect(await eventsOf(show.id)).toEqual([]);
    // Confirmed later: one announcement, of the show as it is then.
    await answerAs(t, performer.cookie, show.id);
    const { rows } = await t.database.orm.execute<{ kind: string; payload: unknown }>(
      sql`select kind, payload from show_events where show_id = ${show.id}`,
    );
    const startsAt = `${YEAR}-07-02T01:00:00.000Z`;
    expect(rows).toEqual([
      // Its facts, which its alerts are made of, too.
      { kind: 'announced', payload: { startsAt, facts: expect.objectContaining({ startsAt }) } },
    ]);
  });

  it('the party asked confirms or declines first; a cancelled one can be neither', async () => {
    const { performer, venue, show } = await pendingShow();
    for (const [method, url, body] of [
      ['PATCH', `/api/shows/${show.id}`, { priceMin: 1 }],
      ['POST', `/api/shows/${show.id}/cancel`, undefined],
      ['POST', `/api/shows/${show.id}/postpone`, { startsAtLocal: null }],
    ] as const) {
      const refused = await send(t.app, method, url, performer.cookie, body);
      expect(refused.statusCode, url).toBe(409);
      expect(refused.json().error.message).toBe(S.pendingShow);
    }
    expect((await post(`/api/shows/${show.id}/cancel`, venue.cookie)).statusCode).toBe(200);
    expect(await eventsOf(show.id)).toEqual([]);
    for (const answer of ['confirm', 'decline']) {
      const refused = await post(`/api/shows/${show.id}/${answer}`, performer.cookie);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error.message).toBe(S.cancelledShow);
    }
  });

  it('results wait for the confirmation; one confirmed after its start alerts nobody', async () => {
    const { performer, venue, show } = await pendingShow();
    await startShow(t, show.id);
    const results = await send(t.app, 'PUT', `/api/shows/${show.id}/results`, venue.cookie, {
      attendance: 10,
      grossRevenue: 100,
    });
    expect(results.statusCode).toBe(409);
    expect(results.json().error.message).toBe(S.resultsNeedConfirmation);
    const confirmed = await answerAs(t, performer.cookie, show.id);
    expect(confirmed.confirmation.state).toBe('confirmed');
    expect(await eventsOf(show.id)).toEqual([]);
  });
});
