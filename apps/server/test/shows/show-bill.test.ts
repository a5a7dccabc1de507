import { SHOW_MESSAGES as S } from '@encore/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { send } from '../support/profile-inputs.ts';
import { announceAs, answerAs, laterStart, member, showInput } from '../support/shows.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const EXTERNAL_VENUE = {
  name: 'The Off-Grid Barn',
  streetAddress: '12 Field Road',
  city: 'Austin',
  state: 'TX' as const,
  zipCode: '78701',
};

/** The performer announces a show at a venue not on Encore with these supporting acts. */
const billAt = (
  externalVenue: typeof EXTERNAL_VENUE,
  performer: { id: string; cookie: string },
  supportingActs: ({ performerId: string } | { name: string })[],
) =>
  send(
    t.app,
    'POST',
    '/api/shows',
    performer.cookie,
    showInput({ performerId: performer.id, externalVenue, supportingActs }),
  );

let day = 0;
/** Each announcement on a day of its own (one show, one alert refuses a repeat). */
const nextStart = () => laterStart(++day);

describe('the acts on a bill', () => {
  it('refuses an Encore artist twice, the headliner as its own support, and an unknown artist, by field', async () => {
    const performer = await member(t, 'performer');
    const other = await member(t, 'performer');
    const fanAccount = await member(t, 'fan');
    const response = await billAt(EXTERNAL_VENUE, performer, [
      { performerId: other.id },
      { performerId: other.id },
      { performerId: performer.id },
      { performerId: 'no-such-artist' },
      { performerId: fanAccount.id },
      { name: 'Typed Act' },
    ]);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toEqual({
      'supportingActs.1.performerId': S.supportingActTwice,
      'supportingActs.2.performerId': S.supportingActIsHeadliner,
      'supportingActs.3.performerId': S.supportingActNotFound,
      'supportingActs.4.performerId': S.supportingActNotFound,
    });
  });

  it('keeps the typed name rules and their message', async () => {
    const performer = await member(t, 'performer');
    for (const name of ['   ', 'x'.repeat(101)]) {
      const response = await billAt(EXTERNAL_VENUE, performer, [{ name }]);
      expect(response.statusCode).toBe(400);
      expect(response.json().error.fields).toEqual({ 'supportingActs.0.name': S.supportingAct });
    }
  });

  it('asks an Encore act for its word, tells the announcer, and lets only that act answer', async () => {
    const headliner = await member(t, 'performer', { artistName: 'The Harbour Lights' });
    const act = await member(t, 'performer', { artistName: 'Night Static' });
    const stranger = await member(t, 'performer');
    const venue = await member(t, 'venue', { venueName: 'The Lantern' });
    const pending = await announceAs(t, headliner.cookie, {
      performerId: headliner.id,
      venueId: venue.id,
      startsAtLocal: nextStart(),
      supportingActs: [{ name: 'Typed Opener' }, { performerId: act.id }],
    });
    // The announcer sees the bill with each slot's word; its name is the artist's.
    expect(pending.supportingActs).toEqual([
      { name: 'Typed Opener', performerId: null, confirmation: 'confirmed' },
      { name: 'Night Static', performerId: act.id, confirmation: 'pending' },
    ]);
    const asked = (await send(t.app, 'GET', '/api/notifications', act.cookie)).json();
    expect(asked.items[0]).toMatchObject({
      kind: 'act_confirmation_requested',
      title: expect.stringContaining('The Harbour Lights put you on the bill for'),
      showId: pending.id,
    });
    // The show waits for its venue too, yet the act asked can open its page to answer.
    const page = await send(t.app, 'GET', `/api/shows/${pending.id}`, act.cookie);
    expect(page.statusCode).toBe(200);
    expect(page.json().show.supportingActs).toEqual([
      { name: 'Typed Opener', performerId: null },
      { name: 'Night Static', performerId: act.id, confirmation: 'pending' },
    ]);
    expect(page.json().canEdit).toBe(false);
    const path = `/api/shows/${pending.id}/acts/confirm`;
    for (const who of [stranger, headliner, venue]) {
      const refused = await send(t.app, 'POST', path, who.cookie);
      expect([403, 404]).toContain(refused.statusCode);
    }
    const confirmed = await send(t.app, 'POST', path, act.cookie);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().show.supportingActs[1].confirmation).toBe('confirmed');
    const told = (await send(t.app, 'GET', '/api/notifications', headliner.cookie)).json();
    expect(told.items[0]).toMatchObject({
      kind: 'act_confirmed',
      title: 'Night Static confirmed playing your show',
    });
    // Public once the venue confirms: the act's own list marks it as a show it supports.
    await answerAs(t, venue.cookie, pending.id);
    const mine = (await send(t.app, 'GET', '/api/shows/mine', act.cookie)).json();
    expect(
      mine.shows.map((s: { id: string; performer: { id: string } }) => s.performer.id),
    ).toEqual([headliner.id]);
  });
});
