import { ARTIST_MESSAGE_MESSAGES as M, type TNotification } from '@encore/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fan, notificationSettings, watch } from '../support/alerts.ts';
import { createUser } from '../support/factories.ts';
import { send } from '../support/profile-inputs.ts';
import { member } from '../support/shows.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

type Member = { id: string; cookie: string };

const performer = () => member(t, 'performer', { genres: ['Indie', 'Rock'] });
/** A fan at home in New York (10001) unless told, with Rock among their genres. */
const aFan = (profile: Record<string, unknown> = {}) => fan(t, profile);
async function watcher(of: Member, profile: Record<string, unknown> = {}) {
  const f = await aFan(profile);
  await watch(t, f.cookie, of.id, ['email']);
  return f;
}

const preview = (p: Member, body: unknown) =>
  send(t.app, 'POST', '/api/artist-messages/preview', p.cookie, body);
const post = (p: Member, body: unknown) =>
  send(t.app, 'POST', '/api/artist-messages', p.cookie, body);
async function sent(p: Member, body: string, audience: object = { audience: 'all' }) {
  const response = await post(p, { body, ...audience });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ id: string; reach: number | null }>();
}
async function centre(f: Member): Promise<TNotification[]> {
  const response = await send(t.app, 'GET', '/api/notifications', f.cookie);
  expect(response.statusCode).toBe(200);
  return response
    .json<{ items: TNotification[] }>()
    .items.filter((n) => n.kind === 'artist_message');
}
async function channelsOf(messageId: string, fanId: string) {
  const { rows } = await t.database.orm.execute<{ channel: string }>(sql`
    select channel from artist_message_deliveries
    where message_id = ${messageId} and fan_id = ${fanId} order by channel`);
  return rows.map((r) => r.channel);
}

describe('artist messages: compose and validate', () => {
  it('refuses a blank or too long message, an unknown place and a radius out of range, with field messages', async () => {
    const p = await performer();
    const cases: Array<[unknown, string, string]> = [
      [{ body: '   ', audience: 'all' }, 'body', M.bodyRequired],
      [{ body: 'x'.repeat(501), audience: 'all' }, 'body', M.bodyTooLong],
      [{ body: 'Hi', audience: 'nearby', near: '', radius: 25 }, 'near', M.nearRequired],
      [{ body: 'Hi', audience: 'nearby', near: 'Chicago, IL', radius: 5 }, 'radius', M.radiusRange],
      [
        { body: 'Hi', audience: 'nearby', near: 'Nowhereville, ZZ', radius: 25 },
        'near',
        M.nearUnknown,
      ],
    ];
    for (const [body, field, message] of cases) {
      const response = await post(p, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().error.fields?.[field]).toBe(message);
    }
    const { rows } = await t.database.orm.execute(
      sql`select 1 from artist_messages where performer_id = ${p.id}`,
    );
    expect(rows).toHaveLength(0);
  });

  it('takes exactly 500 characters', async () => {
    const p = await performer();
    await watcher(p);
    const message = await sent(p, 'y'.repeat(500));
    expect(message.id).toBeTruthy();
  });
});

describe('artist messages: who they reach', () => {
  it('previews the reach k-anonymously: watchers, genre fans only when they opted in, never a fan who muted', async () => {
    const p = await performer();
    const watchers = [await watcher(p), await watcher(p), await watcher(p)];
    // Rock is among both genres: a genre fan, reached only once opted in.
    await aFan();
    const optedIn = await aFan();
    await notificationSettings(t, optedIn.cookie, { artistMessagesFromGenres: true });
    let answer = await preview(p, { audience: 'all' });
    expect(answer.statusCode, answer.body).toBe(200);
    // 4 fans: fewer than 5 is never told.
    expect(answer.json()).toMatchObject({ reach: null, place: null, nextAllowedAt: null });

    await watcher(p);
    answer = await preview(p, { audience: 'all' });
    expect(answer.json().reach).toBe(5);

    const muted = await send(t.app, 'PUT', `/api/artist-mutes/${p.id}`, watchers[0]?.cookie);
    expect(muted.statusCode, muted.body).toBe(200);
    expect((await preview(p, { audience: 'all' })).json().reach).toBeNull();
  });

  it('reaches only fans whose home is within the radius of the city or ZIP', async () => {
    const p = await performer();
    const chicago = await watcher(p, { homeCity: 'Chicago', zipCode: '60601' });
    const newYork = await watcher(p);
    const answer = await preview(p, { audience: 'nearby', near: 'Chicago, IL', radius: 25 });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().place).toBe('Chicago, IL');

    const message = await sent(p, 'Presale code CHI25', {
      audience: 'nearby',
      near: '60601',
      radius: 10,
    });
    expect(await channelsOf(message.id, chicago.id)).toEqual(['email', 'in_app']);
    expect(await channelsOf(message.id, newYork.id)).toEqual([]);
    const list = (await send(t.app, 'GET', '/api/artist-messages', p.cookie)).json();
    expect(list.items[0]).toMatchObject({
      body: 'Presale code CHI25',
      audience: expect.stringMatching(/^Within 10 mi of Chicago, IL/),
      reach: null,
    });
  });

  it('reaches a fan whose kept place lies within the radius, a trip only until its last day', async () => {
    const p = await performer();
    const keep = async (f: Member, body: Record<string, unknown>) => {
      const kept = await send(t.app, 'POST', '/api/fan/places', f.cookie, body);
      expect(kept.statusCode, kept.body).toBe(200);
    };
    const family = await watcher(p);
    await keep(family, { near: 'Chicago, IL', radius: 25, tripStart: null, tripEnd: null });
    const travelling = await watcher(p);
    await keep(travelling, {
      near: '60601',
      radius: 25,
      tripStart: '2099-03-10',
      tripEnd: '2099-03-17',
    });
    const back = await watcher(p);
    await keep(back, { near: '60601', radius: 25, tripStart: '2099-03-10', tripEnd: '2099-03-17' });
    // The trip is over (the form refuses a past one, so it is aged in place).
    await t.database.orm.execute(sql`update fan_places
      set trip_start = current_date - 9, trip_end = current_date - 1 where fan_id = ${back.id}`);
    const elsewhere = await watcher(p);
    await keep(elsewhere, { near: 'Denver, CO', radius: 25, tripStart: null, tripEnd: null });

    const message = await sent(p, 'Chicago presale CHI99', {
      audience: 'nearby',
      near: 'Chicago, IL',
      radius: 25,
    });
    expect(await channelsOf(message.id, family.id)).toEqual(['email', 'in_app']);
    expect(await channelsOf(message.id, travelling.id)).toEqual(['email', 'in_app']);
    expect(await channelsOf(message.id, back.id)).toEqual([]);
    expect(await channelsOf(message.id, elsewhere.id)).toEqual([]);
  });

  it('puts the message in the centre of every follower, by email only for fans who allow artist messages', async () => {
    const p = await performer();
    const emailOn = await watcher(p);
    const emailOff = await watcher(p);
    await notificationSettings(t, emailOff.cookie, { artistMessages: false });
    const notOptedIn = await aFan();
    const message = await sent(p, 'New date added: Dec 12 in Brooklyn');

    expect(await channelsOf(message.id, emailOn.id)).toEqual(['email', 'in_app']);
    expect(await channelsOf(message.id, emailOff.id)).toEqual(['in_app']);
    expect(await channelsOf(message.id, notOptedIn.id)).toEqual([]);
    const [item] = await centre(emailOn);
    expect(item).toMatchObject({
      kind: 'artist_message',
      title: 'Message from The Echoes',
      body: 'New date added: Dec 12 in Brooklyn',
      reason: 'You watch The Echoes',
      showId: null,
      readAt: null,
      artist: { performerId: p.id, name: 'The Echoes', muted: false },
    });
    const unread = await send(t.app, 'GET', '/api/notifications', emailOn.cookie);
    expect(unread.json().unread).toBeGreaterThanOrEqual(1);
    const read = await send(t.app, 'POST', '/api/notifications/read', emailOn.cookie, {
      ids: [item?.id],
    });
    expect(read.statusCode).toBe(200);
    expect((await centre(emailOn))[0]?.readAt).not.toBeNull();
  });

  it('refuses a message that would reach nobody, and writes nothing', async () => {
    // No fan here has Country among their genres: only watchers could be reached.
    const p = await member(t, 'performer', { genres: ['Country'] });
    const response = await post(p, { body: 'Anyone?', audience: 'all' });
    expect(response.statusCode).toBe(409);
    expect(response.json().error.message).toBe(M.noFollowers);
    const { rows } = await t.database.orm.execute(
      sql`select 1 from artist_messages where performer_id = ${p.id}`,
    );
    expect(rows).toHaveLength(0);
  });
});

describe('artist messages: the rolling limit', () => {
  it('sends two in 7 days, then refuses with when the next may go, and the sent list shows both', async () => {
    const p = await performer();
    await watcher(p);
    const first = await sent(p, 'One');
    await sent(p, 'Two');
    const third = await post(p, { body: 'Three', audience: 'all' });
    expect(third.statusCode).toBe(429);
    const { rows } = await t.database.orm.execute<{ next: Date }>(sql`
      select created_at + interval '7 days' as next from artist_messages where id = ${first.id}`);
    const next = new Date(rows[0]?.next as Date).toISOString();
    expect(third.json().error.detail).toEqual({ nextAllowedAt: next });
    expect(third.json().error.message).toMatch(
      /^You can send 2 messages every 7 days\. Your next message can go out .+ UTC\.$/,
    );
    const list = (await send(t.app, 'GET', '/api/artist-messages', p.cookie)).json();
    expect(list.items.map((m: { body: string }) => m.body)).toEqual(['Two', 'One']);
    expect(list.nextAllowedAt).toBe(next);
    expect((await preview(p, { audience: 'all' })).json().nextAllowedAt).toBe(next);

    // A week on, the oldest has left the window.
    await t.database.orm.execute(sql`
      update artist_messages set created_at = created_at - interval '7 days 1 minute'
      where id = ${first.id}`);
    await sent(p, 'Three');
  });

  it('lets two sends at once pass the limit only as far as it goes', async () => {
    const p = await performer();
    await watcher(p);
    const answers = await Promise.all(
      ['a', 'b', 'c', 'd'].map((body) => post(p, { body, audience: 'all' })),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 201, 429, 429]);
  });
});

describe('artist messages: mute and report', () => {
  it('a muted artist reaches the fan no more until unmuted; the centre and settings say so', async () => {
    const p = await performer();
    const f = await watcher(p);
    await watcher(p);
    const first = await sent(p, 'First');
    const mute = await send(t.app, 'PUT', `/api/artist-mutes/${p.id}`, f.cookie);
    expect(mute.json()).toEqual({ performerId: p.id, muted: true });
    expect((await centre(f))[0]?.artist?.muted).toBe(true);
    const mutes = await send(t.app, 'GET', '/api/artist-mutes', f.cookie);
    expect(mutes.json().items).toEqual([{ performerId: p.id, artistName: 'The Echoes' }]);

    const second = await sent(p, 'Second');
    expect(await channelsOf(first.id, f.id)).toEqual(['email', 'in_app']);
    expect(await channelsOf(second.id, f.id)).toEqual([]);

    const unmute = await send(t.app, 'DELETE', `/api/artist-mutes/${p.id}`, f.cookie);
    expect(unmute.json()).toEqual({ performerId: p.id, muted: false });
    expect((await send(t.app, 'GET', '/api/artist-mutes', f.cookie)).json().items).toEqual([]);
    expect((await centre(f))[0]?.artist?.muted).toBe(false);
  });

  it('stores a report of a received message once, never tells the performer who, and refuses one never received', async () => {
    const p = await performer();
    const f = await watcher(p);
    const stranger = await aFan();
    const message = await sent(p, 'Buy my merch');
    const url = `/api/artist-messages/${message.id}/report`;
    expect((await send(t.app, 'POST', url, f.cookie, { note: 'Spam' })).statusCode).toBe(204);
    expect((await send(t.app, 'POST', url, f.cookie, {})).statusCode).toBe(204);
    expect((await send(t.app, 'POST', url, stranger.cookie, {})).statusCode).toBe(404);
    const { rows } = await t.database.orm.execute<{ fan_id: string; note: string }>(sql`
      select fan_id, note from artist_message_reports where message_id = ${message.id}`);
    expect(rows).toEqual([{ fan_id: f.id, note: 'Spam' }]);
    const list = await send(t.app, 'GET', '/api/artist-messages', p.cookie);
    expect(list.body).not.toContain(f.id);
  });

  it('muting someone who is not a performer is not found', async () => {
    const f = await aFan();
    const other = await aFan();
    const response = await send(t.app, 'PUT', `/api/artist-mutes/${other.id}`, f.cookie);
    expect(response.statusCode).toBe(404);
  });
});

describe('artist messages: access', () => {
  it('only performers send and list, only fans mute and report, nobody signed out', async () => {
    const p = await performer();
    const f = await aFan();
    const venue = await createUser(t.app, { role: 'venue' });
    for (const who of [f.cookie, venue.cookie]) {
      expect(
        (await send(t.app, 'POST', '/api/artist-messages/preview', who, { audience: 'all' }))
          .statusCode,
      ).toBe(403);
      expect(
        (await send(t.app, 'POST', '/api/artist-messages', who, { body: 'x', audience: 'all' }))
          .statusCode,
      ).toBe(403);
      expect((await send(t.app, 'GET', '/api/artist-messages', who)).statusCode).toBe(403);
    }
    expect((await send(t.app, 'PUT', `/api/artist-mutes/${p.id}`, p.cookie)).statusCode).toBe(403);
    expect((await send(t.app, 'GET', '/api/artist-mutes', p.cookie)).statusCode).toBe(403);
    expect((await send(t.app, 'GET', '/api/artist-messages', undefined)).statusCode).toBe(401);
  });
});
