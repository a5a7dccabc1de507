import {
  GOING_TOGETHER_MESSAGES as M,
  SHOW_MESSAGES,
  type TGoingInvites,
  type TShowDetail,
  type TShowInvitePals,
} from '@encore/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { going } from '../support/alerts.ts';
import { send } from '../support/profile-inputs.ts';
import { announced, startShow } from '../support/shows.ts';
import { type Fan, palUp, privacy, socialFan } from '../support/social.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const fan = () => socialFan(t);
const invite = (by: Fan, showId: string, fanIds: string[]) =>
  send(t.app, 'POST', `/api/shows/${showId}/invites`, by.cookie, { fanIds });
const answer = (by: Fan, showId: string, a: 'going' | 'declined') =>
  send(t.app, 'POST', `/api/shows/${showId}/invites/answer`, by.cookie, { answer: a });
async function invitePals(by: Fan, showId: string) {
  const response = await send(t.app, 'GET', `/api/shows/${showId}/invites`, by.cookie);
  expect(response.statusCode).toBe(200);
  return Object.fromEntries(response.json<TShowInvitePals>().pals.map((p) => [p.id, p.status]));
}
async function openInvites(of: Fan) {
  const response = await send(t.app, 'GET', '/api/social/invites', of.cookie);
  expect(response.statusCode).toBe(200);
  return response.json<TGoingInvites>().invites;
}
const inviteRows = async (showId: string) =>
  (
    await t.database.orm.execute<{ from_fan_id: string; to_fan_id: string; state: string }>(sql`
      select from_fan_id, to_fan_id, state from going_invites where show_id = ${showId}
      order by to_fan_id, from_fan_id`)
  ).rows;
const noticeCount = async (userId: string) =>
  (
    await t.database.orm.execute<{ n: number }>(sql`
      select count(*)::int as n from social_notices where user_id = ${userId}`)
  ).rows[0]?.n;
async function attendance(of: Fan, showId: string) {
  const response = await send(t.app, 'GET', `/api/shows/${showId}`, of.cookie);
  return response.json<TShowDetail>().myAttendance;
}
function refused(response: { statusCode: number; json: () => { error: { message: string } } }) {
  return { status: response.statusCode, message: response.json().error.message };
}

/** Sam going to a new upcoming show, with two pals (Alex, Kim) and a fan who is not a pal. */
async function world() {
  const [sam, alex, kim, stranger] = [await fan(), await fan(), await fan(), await fan()];
  await palUp(t, sam, alex);
  await palUp(t, sam, kim);
  const { show, performer } = await announced(t);
  await going(t, sam.cookie, show.id);
  return { sam, alex, kim, stranger, show, performer };
}

describe('inviting pals to a show', () => {
  it('invites pals once, lists how each stands, and a repeat changes nothing', async () => {
    const { sam, alex, kim, show } = await world();
    expect(await invitePals(sam, show.id)).toEqual({ [alex.id]: 'none', [kim.id]: 'none' });

    const first = await invite(sam, show.id, [alex.id]);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ invited: 1, unchanged: 0 });
    const again = await invite(sam, show.id, [alex.id, kim.id]);
    expect(again.json()).toEqual({ invited: 1, unchanged: 1 });
    expect(await inviteRows(show.id)).toHaveLength(2);
    expect(await noticeCount(alex.id)).toBe(2); // the acceptance and one invite: no second
    expect(await invitePals(sam, show.id)).toEqual({ [alex.id]: 'invited', [kim.id]: 'invited' });

    expect((await answer(kim, show.id, 'declined')).json()).toEqual({ state: 'declined' });
    expect(await attendance(kim, show.id)).toBeNull();
    expect((await answer(alex, show.id, 'going')).json()).toEqual({ state: 'going' });
    expect(await attendance(alex, show.id)).toBe('going');
    expect(await invitePals(sam, show.id)).toEqual({ [alex.id]: 'going', [kim.id]: 'declined' });
    // Answered: nothing open any more.
    expect(refused(await answer(alex, show.id, 'going'))).toEqual({
      status: 409,
      message: M.noInvite,
    });
  });

  it('a pal already going is unchanged and gets no invite', async () => {
    const { sam, alex, show } = await world();
    await going(t, alex.cookie, show.id);
    expect((await invite(sam, show.id, [alex.id])).json()).toEqual({ invited: 0, unchanged: 1 });
    expect(await inviteRows(show.id)).toEqual([]);
  });

  it('refuses, writing nothing: not going, not pals, blocked, started, cancelled, unknown', async () => {
    const { sam, alex, kim, stranger, show } = await world();
    const notGoing = await invite(alex, show.id, [sam.id]);
    expect(refused(notGoing)).toEqual({ status: 409, message: M.notGoing });

    // One fan who is not a pal refuses the whole request: Alex is not invited either.
    const mixed = await invite(sam, show.id, [alex.id, stranger.id]);
    expect(refused(mixed)).toEqual({ status: 409, message: M.notPals });
    expect(refused(await invite(sam, show.id, [sam.id]))).toEqual({
      status: 409,
      message: M.notPals,
    });
    await send(t.app, 'PUT', `/api/social/blocks/${sam.id}`, kim.cookie);
    expect(refused(await invite(sam, show.id, [kim.id]))).toEqual({
      status: 409,
      message: M.notPals,
    });
    expect(await inviteRows(show.id)).toEqual([]);
    expect(await noticeCount(alex.id)).toBe(1); // the acceptance only

    expect((await invite(sam, 'no-such-show', [alex.id])).statusCode).toBe(404);

    const { show: started } = await announced(t);
    await going(t, sam.cookie, started.id);
    await startShow(t, started.id);
    expect(refused(await invite(sam, started.id, [alex.id]))).toEqual({
      status: 409,
      message: M.showStarted,
    });

    const { show: cancelled, performer } = await announced(t);
    await going(t, sam.cookie, cancelled.id);
    const cancel = await send(t.app, 'POST', `/api/shows/${cancelled.id}/cancel`, performer.cookie);
    expect(cancel.statusCode).toBeLessThan(300);
    expect(refused(await invite(sam, cancelled.id, [alex.id]))).toEqual({
      status: 409,
      message: M.showCancelled,
    });
    expect(await inviteRows(started.id)).toEqual([]);
    expect(await inviteRows(cancelled.id)).toEqual([]);
  });

  it('only fans invite; answering with no open invite is refused', async () => {
    const { sam, alex, show, performer } = await world();
    expect(refused(await answer(alex, show.id, 'going'))).toEqual({
      status: 409,
      message: M.noInvite,
    });
    expect(await attendance(alex, show.id)).toBeNull();
    expect((await answer(alex, 'no-such-show', 'going')).statusCode).toBe(404);

    // Going to a show cancelled since the invite: refused by the Going button's own rule, and
    // the invite stays unanswered (one transaction).
    await invite(sam, show.id, [alex.id]);
    const cancel = await send(t.app, 'POST', `/api/shows/${show.id}/cancel`, performer.cookie);
    expect(cancel.statusCode).toBeLessThan(300);
    expect(refused(await answer(alex, show.id, 'going'))).toEqual({
      status: 409,
      message: SHOW_MESSAGES.cancelledShow,
    });
    expect(await inviteRows(show.id)).toMatchObject([{ state: 'invited' }]);
    const byPerformer = await invite(performer, show.id, [sam.id]);
    expect(byPerformer.statusCode).toBe(403);
  });
});

describe('my open invites', () => {
  it('groups per show, soonest first, newest inviter first, hides started/blocked/answered', async () => {
    const [me, sam, alex] = [await fan(), await fan(), await fan()];
    await palUp(t, sam, me);
    await palUp(t, alex, me);
    const { show: later } = await announced(t, { startsAtLocal: '2031-09-01T20:00' });
    const { show: sooner } = await announced(t, { startsAtLocal: '2031-08-01T20:00' });
    const { show: past } = await announced(t, { startsAtLocal: '2031-07-01T20:00' });
    for (const show of [later, sooner, past]) {
      await going(t, sam.cookie, show.id);
      await going(t, alex.cookie, show.id);
    }
    await invite(sam, later.id, [me.id]);
    await invite(alex, later.id, [me.id]);
    await invite(sam, sooner.id, [me.id]);
    await invite(sam, past.id, [me.id]);
    await startShow(t, past.id);

    const listed = await openInvites(me);
    expect(listed.map((i) => i.show.id)).toEqual([sooner.id, later.id]);
    expect(listed[1]?.from.map((f) => f.id)).toEqual([alex.id, sam.id]);

    // Alex blocks me: Alex's invite goes (and so would a block by me).
    await send(t.app, 'PUT', `/api/social/blocks/${me.id}`, alex.cookie);
    expect((await openInvites(me))[1]?.from.map((f) => f.id)).toEqual([sam.id]);

    await answer(me, sooner.id, 'declined');
    expect((await openInvites(me)).map((i) => i.show.id)).toEqual([later.id]);
  });
});

describe('pals going on cards and the show page', () => {
  it('names and counts the pals I may see going; a pal hiding attendance is neither', async () => {
    const [me, sam, alex, kim, stranger] = [
      await fan(),
      await fan(),
      await fan(),
      await fan(),
      await fan(),
    ];
    for (const pal of [sam, alex, kim]) await palUp(t, me, pal);
    const { show } = await announced(t);
    for (const who of [me, sam, alex, kim, stranger]) await going(t, who.cookie, show.id);
    await privacy(t, kim, { showAttendance: false });

    const page = await send(t.app, 'GET', `/api/shows/${show.id}`, me.cookie);
    const palsGoing = page.json<TShowDetail>().palsGoing;
    expect(palsGoing?.count).toBe(2);
    expect(palsGoing?.fans.map((f) => f.id).sort()).toEqual([sam.id, alex.id].sort());

    const cards = await send(t.app, 'GET', '/api/fan/shows-attending', me.cookie);
    expect(cards.statusCode).toBe(200);
    const card = cards
      .json<{ shows: Array<{ show: { id: string }; palsGoing: { count: number } }> }>()
      .shows.find((c) => c.show.id === show.id);
    expect(card?.palsGoing.count).toBe(2);

    // Signed out, or not a fan: no pals going.
    expect(
      (await send(t.app, 'GET', `/api/shows/${show.id}`, undefined)).json().palsGoing,
    ).toBeNull();
  });
});

describe('account data', () => {
  it('the export holds the invites sent and received; deletion removes invites and notices', async () => {
    const { sam, alex, kim, show } = await world();
    await invite(sam, show.id, [alex.id, kim.id]);
    await answer(alex, show.id, 'declined');
    const exported = (await send(t.app, 'GET', '/api/account/export', sam.cookie)).json();
    expect(exported.goingInvites.received).toEqual([]);
    expect(
      exported.goingInvites.sent.map((i: { fanId: string; state: string }) => [i.fanId, i.state]),
    ).toEqual(
      expect.arrayContaining([
        [alex.id, 'declined'],
        [kim.id, 'invited'],
      ]),
    );
    const theirs = (await send(t.app, 'GET', '/api/account/export', alex.cookie)).json();
    // The Show Pal links are in the file too (the export's schema had left them out).
    expect(theirs.palLinks).toHaveLength(1);
    expect(theirs.goingInvites.received).toMatchObject([
      { showId: show.id, fanId: sam.id, state: 'declined' },
    ]);

    expect((await send(t.app, 'DELETE', '/api/account', sam.cookie)).statusCode).toBe(204);
    expect(await inviteRows(show.id)).toEqual([]);
    const { rows } = await t.database.orm.execute(sql`
      select 1 from social_notices where actor_id = ${sam.id} or user_id = ${sam.id}`);
    expect(rows).toEqual([]);
    expect(await noticeCount(alex.id)).toBe(0);
  });
});
