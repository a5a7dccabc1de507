import { PAL_REQUESTS_PER_DAY, SOCIAL_MESSAGES, type TSocialOverview } from '@encore/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { going } from '../support/alerts.ts';
import { createUser } from '../support/factories.ts';
import { INPUTS, saveProfile, send } from '../support/profile-inputs.ts';
import { announced, member } from '../support/shows.ts';
import { ask as askAs, type Fan, privacy as savePrivacy, socialFan } from '../support/social.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const fan = (profile: Record<string, unknown> = {}) => socialFan(t, profile);
const ask = (from: Fan, to: Fan) => askAs(t, from, to);
const act = (by: Fan, method: 'POST' | 'PUT' | 'DELETE', path: string) =>
  send(t.app, method, path, by.cookie);
async function overview(of: Fan): Promise<TSocialOverview> {
  const response = await send(t.app, 'GET', '/api/social', of.cookie);
  expect(response.statusCode).toBe(200);
  return response.json();
}
const ids = (list: { id: string }[]) => list.map((f) => f.id);
const privacy = (of: Fan, changes: Record<string, unknown>) => savePrivacy(t, of, changes);
const linkRows = async (a: Fan, b: Fan) =>
  (
    await t.database.orm.execute<{ state: string; requested_by: string }>(sql`
      select state, requested_by from pal_links
      where fan_a = least(${a.id}, ${b.id}) and fan_b = greatest(${a.id}, ${b.id})`)
  ).rows;

describe('Show Pal requests', () => {
  it('a request shows both ways, accepting makes pals with their shows in common', async () => {
    const [sam, alex] = [await fan({ homeCity: 'Chicago' }), await fan({ homeCity: 'Austin' })];
    const sent = await ask(sam, alex);
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toEqual({ relation: 'requested' });
    expect((await overview(sam)).outgoing.map((r) => r.fan)).toMatchObject([
      { id: alex.id, city: 'Austin' },
    ]);
    expect((await overview(alex)).incoming.map((r) => r.fan.id)).toEqual([sam.id]);

    // Asking twice changes nothing.
    expect((await ask(sam, alex)).json()).toEqual({ relation: 'requested' });
    expect(await linkRows(sam, alex)).toEqual([{ state: 'requested', requested_by: sam.id }]);

    const { show: first } = await announced(t, { startsAtLocal: '2027-03-01T20:00' });
    const { show: second } = await announced(t, { startsAtLocal: '2027-04-01T20:00' });
    for (const show of [first, second]) {
      await going(t, sam.cookie, show.id);
      await going(t, alex.cookie, show.id);
    }
    const accepted = await act(alex, 'POST', `/api/social/requests/${sam.id}/accept`);
    expect(accepted.json()).toEqual({ relation: 'pals' });
    const mine = await overview(sam);
    expect(mine.incoming).toEqual([]);
    expect(mine.outgoing).toEqual([]);
    expect(mine.pals).toMatchObject([{ id: alex.id, sharedShows: 2, city: 'Austin' }]);
    expect(mine.pals[0]?.lastSharedShowAt).toBe(second.startsAt);
    expect((await overview(alex)).pals).toMatchObject([{ id: sam.id, sharedShows: 2 }]);
    // A Private pal stays a pal, named with their photo, but their city is theirs.
    await privacy(alex, { visibility: 'private' });
    expect((await overview(sam)).pals).toMatchObject([{ id: alex.id, city: null }]);
    await privacy(alex, { visibility: 'public' });

    // Accepting again: no open request.
    const again = await act(alex, 'POST', `/api/social/requests/${sam.id}/accept`);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(SOCIAL_MESSAGES.noOpenRequest);
    expect((await act(sam, 'DELETE', `/api/social/pals/${alex.id}`)).json()).toEqual({
      relation: 'none',
    });
    expect((await overview(alex)).pals).toEqual([]);
  });

  it('two fans asking each other at once become pals once', async () => {
    for (let round = 0; round < 5; round++) {
      const [a, b] = [await fan(), await fan()];
      const answers = await Promise.all([ask(a, b), ask(b, a)]);
      expect(answers.map((r) => r.statusCode)).toEqual([200, 200]);
      expect(await linkRows(a, b)).toEqual([
        { state: 'pals', requested_by: expect.stringMatching(new RegExp(`^(${a.id}|${b.id})$`)) },
      ]);
      expect(answers.map((r) => r.json().relation).sort()).toEqual(['pals', 'requested']);
      expect(ids((await overview(a)).pals)).toEqual([b.id]);
      expect(ids((await overview(b)).pals)).toEqual([a.id]);
    }
  });

  it('asking back accepts; a declined request waits 30 days; withdrawing', async () => {
    const [sam, alex, kim] = [await fan(), await fan(), await fan()];
    await ask(sam, alex);
    expect((await ask(alex, sam)).json()).toEqual({ relation: 'pals' });

    await ask(kim, sam);
    expect((await act(sam, 'POST', `/api/social/requests/${kim.id}/decline`)).json()).toEqual({
      relation: 'none',
    });
    expect((await overview(sam)).incoming).toEqual([]);
    const refused = await ask(kim, sam);
    expect(refused.statusCode).toBe(409);
    const askAgainOn = new Date(Date.now() + 30 * 86_400_000).toLocaleDateString('en-US', {
      month: 'long',
      day: 'numeric',
      year: 'numeric',
      timeZone: 'UTC',
    });
    expect(refused.json().error.message).toBe(SOCIAL_MESSAGES.declinedRecently(askAgainOn));
    await t.database.orm.execute(sql`
      update pal_links set updated_at = now() - interval '31 days'
      where fan_a = least(${kim.id}, ${sam.id}) and fan_b = greatest(${kim.id}, ${sam.id})`);
    expect((await ask(kim, sam)).json()).toEqual({ relation: 'requested' });
    expect((await act(kim, 'DELETE', `/api/social/requests/${sam.id}`)).json()).toEqual({
      relation: 'none',
    });
    expect(await linkRows(kim, sam)).toEqual([]);
    // The fan who declined may ask the other at once.
    const [lee, max] = [await fan(), await fan()];
    await ask(lee, max);
    await act(max, 'POST', `/api/social/requests/${lee.id}/decline`);
    expect((await ask(max, lee)).json()).toEqual({ relation: 'requested' });
  });

  it('refuses fans who turned requests off or are Private, unless they asked first', async () => {
    const [sam, closed, hidden] = [await fan(), await fan(), await fan()];
    await privacy(closed, { allowFriendRequests: false });
    await privacy(hidden, { visibility: 'private' });
    for (const target of [closed, hidden]) {
      const refused = await ask(sam, target);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error.message).toBe(SOCIAL_MESSAGES.requestsOff);
      expect(await linkRows(sam, target)).toEqual([]);
    }
    // They asked first: asking back accepts, their setting notwithstanding.
    await privacy(closed, { allowFriendRequests: true });
    await ask(closed, sam);
    await privacy(closed, { allowFriendRequests: false });
    expect((await ask(sam, closed)).json()).toEqual({ relation: 'pals' });
  });

  it('refuses oneself, unknown fans and non-fans; limits requests per day', async () => {
    const sam = await fan();
    const self = await ask(sam, sam);
    expect(self.statusCode).toBe(400);
    expect(self.json().error.message).toBe(SOCIAL_MESSAGES.notYourself);
    const nobody = await send(t.app, 'POST', '/api/social/requests', sam.cookie, {
      fanId: 'no-such-fan',
    });
    expect(nobody.statusCode).toBe(404);
    const performer = await member(t, 'performer');
    const notFan = await ask(sam, performer);
    expect(notFan.statusCode).toBe(404);
    expect(notFan.json().error.message).toBe(SOCIAL_MESSAGES.noSuchFan);

    await t.database.orm.execute(sql`
      insert into pal_request_days (fan_id, day, sent)
      values (${sam.id}, (now() at time zone 'UTC')::date, ${PAL_REQUESTS_PER_DAY})`);
    const other = await fan();
    const limited = await ask(sam, other);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.message).toBe(SOCIAL_MESSAGES.tooManyRequests);
    expect(await linkRows(sam, other)).toEqual([]);
  });

  it('needs the asker’s fan setup finished, to ask and to accept (a newcomer has no name or city to be shown by)', async () => {
    const alex = await fan();
    const created = await createUser(t.app, { role: 'fan' });
    const newcomer = { id: created.user.id, cookie: created.cookie };
    const refused = await ask(newcomer, alex);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(SOCIAL_MESSAGES.finishSetupFirst);
    expect(await linkRows(newcomer, alex)).toEqual([]);
    const notices = await t.database.orm.execute(
      sql`select 1 from social_notices where user_id = ${alex.id}`,
    );
    expect(notices.rows).toEqual([]);
    // Asked by a set-up fan, the newcomer cannot accept before their own setup either.
    expect((await ask(alex, newcomer)).statusCode).toBe(200);
    const accepting = await act(newcomer, 'POST', `/api/social/requests/${alex.id}/accept`);
    expect(accepting.statusCode).toBe(409);
    expect(accepting.json().error.message).toBe(SOCIAL_MESSAGES.finishSetupFirst);
    const saved = await saveProfile(t.app, 'fan', newcomer.cookie, INPUTS.fan());
    expect(saved.statusCode).toBe(200);
    expect((await act(newcomer, 'POST', `/api/social/requests/${alex.id}/accept`)).json()).toEqual({
      relation: 'pals',
    });
  });

  it('a block ends the link, hides the blocker from the blocked fan and refuses their requests', async () => {
    const [sam, alex] = [await fan(), await fan()];
    await ask(alex, sam);
    await act(sam, 'POST', `/api/social/requests/${alex.id}/accept`);
    expect((await act(sam, 'PUT', `/api/social/blocks/${alex.id}`)).statusCode).toBe(204);
    expect((await act(sam, 'PUT', `/api/social/blocks/${alex.id}`)).statusCode).toBe(204);
    expect(await linkRows(sam, alex)).toEqual([]);
    expect((await overview(alex)).pals).toEqual([]);
    const asked = await ask(alex, sam);
    expect(asked.statusCode).toBe(404);
    expect(asked.json().error.message).toBe(SOCIAL_MESSAGES.noSuchFan);
    // Nor can the blocker ask the blocked fan while the block stands.
    expect((await ask(sam, alex)).statusCode).toBe(404);
    const blocked = await send(t.app, 'GET', '/api/social/blocks', sam.cookie);
    expect(ids(blocked.json().fans)).toEqual([alex.id]);
    expect((await act(sam, 'DELETE', `/api/social/blocks/${alex.id}`)).statusCode).toBe(204);
    expect((await ask(alex, sam)).json()).toEqual({ relation: 'requested' });
  });

  it('an account deleted takes its links, blocks and counters with it', async () => {
    const [sam, alex, kim] = [await fan(), await fan(), await fan()];
    await ask(sam, alex);
    await act(sam, 'PUT', `/api/social/blocks/${kim.id}`);
    await t.database.orm.execute(sql`delete from "user" where id = ${sam.id}`);
    const left = await t.database.orm.execute<{ n: number }>(sql`
      select (select count(*) from pal_links where ${sam.id} in (fan_a, fan_b))
        + (select count(*) from fan_blocks where ${sam.id} in (blocker_id, blocked_id))
        + (select count(*) from pal_request_days where fan_id = ${sam.id}) as n`);
    expect(Number(left.rows[0]?.n)).toBe(0);
  });
});

describe('who sees whom going to a show (the one visibility rule)', () => {
  it('viewer × visibility × Show Attendance Publicly, on the show page', async () => {
    const { show } = await announced(t);
    const pal = await fan();
    const stranger = await fan();
    const blocked = await fan();
    const subjects: Record<string, Fan> = {};
    for (const visibility of ['public', 'friends', 'private'])
      for (const shown of [true, false]) {
        const subject = await fan();
        await ask(pal, subject);
        await act(subject, 'POST', `/api/social/requests/${pal.id}/accept`);
        await act(subject, 'PUT', `/api/social/blocks/${blocked.id}`);
        await privacy(subject, { visibility, showAttendance: shown });
        await going(t, subject.cookie, show.id);
        subjects[`${visibility}/${shown ? 'shown' : 'hidden'}`] = subject;
      }
    const seenBy = async (viewer: Fan | null) => {
      const page = await send(t.app, 'GET', `/api/shows/${show.id}`, viewer?.cookie);
      expect(page.statusCode).toBe(200);
      const seen = new Set(ids(page.json().attendees));
      return Object.entries(subjects)
        .filter(([, subject]) => seen.has(subject.id))
        .map(([cell]) => cell)
        .sort();
    };
    expect(await seenBy(null)).toEqual(['public/shown']);
    expect(await seenBy(stranger)).toEqual(['public/shown']);
    expect(await seenBy(pal)).toEqual(['friends/shown', 'public/shown']);
    expect(await seenBy(blocked)).toEqual([]);
    for (const [cell, subject] of Object.entries(subjects)) {
      expect(await seenBy(subject), `${cell} sees themself`).toContain(cell);
    }
    // A change takes effect on the next fetch.
    const friendsShown = subjects['friends/shown'] as Fan;
    await privacy(friendsShown, { visibility: 'public' });
    expect(await seenBy(stranger)).toEqual(['friends/shown', 'public/shown']);
  });
});
