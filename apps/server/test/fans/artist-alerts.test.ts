import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { watch } from '../support/alerts.ts';
import { YEAR } from '../support/dates.ts';
import { createUser } from '../support/factories.ts';
import { send } from '../support/profile-inputs.ts';
import { eventually } from '../support/recording-sender.ts';
import { announceConfirmed, member, startShow } from '../support/shows.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const setAlert = (cookie: string | undefined, id: string, channels: string[]) =>
  send(t.app, 'PUT', `/api/artists/${id}/alert`, cookie, { channels });

describe('artist alerts', () => {
  it('answers every set with the alert it saved, even when a remove lands between (no 500)', async () => {
    // A fan toggling fast, or in two tabs: each PUT races a DELETE of the same alert. The PUT's
    // answer must be the alert as it wrote it, whichever commits last (bench:traffic found a 500:
    // the alert was read back after the write, and was gone).
    const performer = await member(t, 'performer');
    const fan = await member(t, 'fan');
    // The DELETE starts 0 to 6 ms after the PUT, so some land between its write and its answer:
    // the delay is the scenario here, not a wait for something to happen.
    const statuses: number[][] = [];
    for (let round = 0; round < 10; round++) {
      statuses.push(
        ...(await Promise.all(
          Array.from({ length: 25 }, async (_, i) => {
            const set = setAlert(fan.cookie, performer.id, ['push']);
            await new Promise((resolve) => setTimeout(resolve, (i * 6) / 25));
            const removed = await send(
              t.app,
              'DELETE',
              `/api/artists/${performer.id}/alert`,
              fan.cookie,
            );
            return [(await set).statusCode, removed.statusCode];
          }),
        )),
      );
    }
    expect(statuses.filter(([set, removed]) => set !== 200 || removed !== 204)).toEqual([]);
  });

  it('upsert, list newest first, delete', async () => {
    const a = await member(t, 'performer', { artistName: 'Alpha' });
    const b = await member(t, 'performer', { artistName: 'Beta' });
    const fan = await member(t, 'fan');
    const first = await setAlert(fan.cookie, a.id, ['push']);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      performerId: a.id,
      performerName: 'Alpha',
      channels: ['push'],
    });
    expect((await setAlert(fan.cookie, a.id, ['email', 'sms'])).json().channels).toEqual([
      'email',
      'sms',
    ]);
    // Newest first needs Beta's row later than Alpha's: wait until the database clock has passed
    // Alpha's (an upsert keeps its first time), rather than for a fixed time.
    await eventually(async () => {
      const { rows } = await t.database.orm.execute<{ passed: boolean }>(sql`
        select clock_timestamp() > created_at as passed from artist_alerts
        where fan_id = ${fan.id} and performer_id = ${a.id}`);
      return rows[0]?.passed === true;
    });
    await setAlert(fan.cookie, b.id, ['email']);
    const list = await send(t.app, 'GET', '/api/alerts/watching', fan.cookie);
    expect(list.json().alerts.map((x: { performerName: string }) => x.performerName)).toEqual([
      'Beta',
      'Alpha',
    ]);
    const removed = await send(t.app, 'DELETE', `/api/artists/${a.id}/alert`, fan.cookie);
    expect(removed.statusCode).toBe(204);
    expect(
      (await send(t.app, 'GET', '/api/alerts/watching', fan.cookie)).json().alerts,
    ).toHaveLength(1);
  });

  it('SMS needs a phone and the SMS opt-in', async () => {
    const artist = await member(t, 'performer');
    const fan = await member(t, 'fan', { smsOptIn: false });
    const response = await setAlert(fan.cookie, artist.id, ['sms']);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields.channels).toBe(
      'Add a phone number and opt in to SMS in your profile to get alerts by SMS',
    );
  });

  it('refuses empty channels, non-fans, fans without a profile, unknown artists', async () => {
    const artist = await member(t, 'performer');
    const fan = await member(t, 'fan');
    expect((await setAlert(fan.cookie, artist.id, [])).statusCode).toBe(400);
    expect((await setAlert(fan.cookie, artist.id, ['fax'])).statusCode).toBe(400);
    expect((await setAlert(fan.cookie, 'nobody', ['push'])).statusCode).toBe(404);
    expect((await setAlert(artist.cookie, artist.id, ['push'])).statusCode).toBe(403);
    const bare = await createUser(t.app, { role: 'fan' });
    expect((await setAlert(bare.cookie, artist.id, ['push'])).statusCode).toBe(409);
    expect((await setAlert(undefined, artist.id, ['push'])).statusCode).toBe(401);
  });
});

describe('GET /api/artists/:id and /api/venues/:id', () => {
  it('artist page: public, upcoming nearest first, past newest first, followers, the fan’s alert', async () => {
    const artist = await member(t, 'performer', { artistName: 'Gamma' });
    const venue = await member(t, 'venue');
    const later = await announceConfirmed(t, artist, venue, {
      startsAtLocal: `${YEAR}-09-01T20:00`,
    });
    const sooner = await announceConfirmed(t, artist, venue, {
      startsAtLocal: `${YEAR}-08-01T20:00`,
    });
    const old = await announceConfirmed(t, artist, venue);
    await startShow(t, old.id, 48);
    const fan = await member(t, 'fan');
    await setAlert(fan.cookie, artist.id, ['push']);

    const anonymous = await send(t.app, 'GET', `/api/artists/${artist.id}`, undefined);
    expect(anonymous.statusCode).toBe(200);
    const page = anonymous.json();
    expect(page.artist).toMatchObject({ name: 'Gamma', followers: 1, genres: ['Indie', 'Rock'] });
    expect(page.upcoming.map((s: { id: string }) => s.id)).toEqual([sooner.id, later.id]);
    expect(page.past.map((s: { id: string }) => s.id)).toEqual([old.id]);
    expect(page.alert).toBeNull();
    const asFan = (await send(t.app, 'GET', `/api/artists/${artist.id}`, fan.cookie)).json();
    expect(asFan.alert.channels).toEqual(['push']);

    const venuePage = await send(t.app, 'GET', `/api/venues/${venue.id}`, undefined);
    expect(venuePage.statusCode).toBe(200);
    expect(venuePage.json().venue).toMatchObject({ name: 'The Blue Room', capacity: 350 });
    expect(venuePage.json().upcoming).toHaveLength(2);
  });

  it('artist page: shows it headlines or confirmed playing in support, merged; past: the 20 latest', async () => {
    const artist = await member(t, 'performer');
    const headliner = await member(t, 'performer');
    const hour = 3_600_000;
    const now = Date.now();
    // Past: 22 it headlines (every 2 h from 1 h ago), 12 in support (every 3 h from 2.5 h ago): the
    // 20 latest interleave both kinds, and each kind alone has more than 20 or fewer.
    const ownPast = Array.from({ length: 22 }, (_, i) => -(1 + 2 * i) * hour);
    const actPast = Array.from({ length: 12 }, (_, i) => -(2.5 + 3 * i) * hour);
    const insertShow = async (performerId: string, offset: number, confirmation = 'confirmed') => {
      const { rows } = await t.database.orm.execute<{ id: string }>(sql`
        insert into shows (performer_id, external_name, external_street, external_city,
          external_state, external_zip, latitude, longitude, starts_at, time_zone, genre,
          created_by, confirmation, confirming_party_id)
        values (${performerId}, 'Somewhere', '1 Main St', 'Boston', 'MA', '02108', 42.36, -71.06,
          ${new Date(now + offset).toISOString()}::timestamptz, 'America/New_York', 'Rock',
          ${performerId}, ${confirmation},
          ${confirmation === 'confirmed' ? null : performerId})
        returning id`);
      return { id: (rows[0] as { id: string }).id, offset };
    };
    const inSupport = async (offset: number, confirmation = 'confirmed') => {
      const show = await insertShow(headliner.id, offset);
      await t.database.orm.execute(sql`insert into show_acts (show_id, position, performer_id,
        name, confirmation) values (${show.id}, 0, ${artist.id}, 'Support', ${confirmation})`);
      return show;
    };
    const own: { id: string; offset: number }[] = [];
    for (const offset of [...ownPast, 5 * 24 * hour, 9 * 24 * hour]) {
      own.push(await insertShow(artist.id, offset));
    }
    const acts: { id: string; offset: number }[] = [];
    for (const offset of [...actPast, 7 * 24 * hour]) acts.push(await inSupport(offset));
    // Never on its page: its pending show, a slot it has not confirmed, the headliner's own show.
    await insertShow(artist.id, -0.5 * hour, 'pending');
    await inSupport(-0.25 * hour, 'pending');
    await inSupport(6 * 24 * hour, 'declined');
    await insertShow(headliner.id, -0.75 * hour);

    const page = (await send(t.app, 'GET', `/api/artists/${artist.id}`, undefined)).json();
    const ids = (list: { id: string }[]) => list.map((s) => s.id);
    const played = [...own, ...acts];
    expect(ids(page.upcoming)).toEqual(
      ids(played.filter((s) => s.offset > 0).sort((a, b) => a.offset - b.offset)),
    );
    expect(ids(page.past)).toEqual(
      ids(
        played
          .filter((s) => s.offset < 0)
          .sort((a, b) => b.offset - a.offset)
          .slice(0, 20),
      ),
    );
    // 12 it headlines and 8 in support (the last one 23.5 h ago).
    expect(ids(page.past).filter((id) => acts.some((s) => s.id === id))).toHaveLength(8);
  });

  it('404 for users who are not performers/venues with a profile, and for bad ids', async () => {
    const fan = await member(t, 'fan');
    const venue = await member(t, 'venue');
    const bare = await createUser(t.app, { role: 'performer' });
    for (const id of [fan.id, venue.id, bare.user.id, 'nope', "'%3B"]) {
      expect((await send(t.app, 'GET', `/api/artists/${id}`, undefined)).statusCode).toBe(404);
    }
    expect((await send(t.app, 'GET', `/api/venues/${fan.id}`, undefined)).statusCode).toBe(404);
  });
});

describe('directory', () => {
  it('finds performers and venues by name for performers and venues only', async () => {
    const tag = Math.random().toString(36).slice(2, 8);
    const performer = await member(t, 'performer', { artistName: `Zeta ${tag}` });
    const venue = await member(t, 'venue', { venueName: `Hall ${tag}` });
    const performers = await send(
      t.app,
      'GET',
      `/api/directory/performers?q=${tag.toUpperCase()}`,
      venue.cookie,
    );
    expect(performers.json().results).toEqual([
      {
        id: performer.id,
        name: `Zeta ${tag}`,
        detail: 'Indie, Rock · 0 followers',
        photoUrl: null,
      },
    ]);
    // Its followers tell two artists of one name apart (a bill's act picker, 17.1).
    const follower = await member(t, 'fan');
    await watch(t, follower.cookie, performer.id, ['email']);
    const followed = await send(t.app, 'GET', `/api/directory/performers?q=${tag}`, venue.cookie);
    expect(followed.json().results[0].detail).toBe('Indie, Rock · 1 follower');
    const venues = await send(t.app, 'GET', `/api/directory/venues?q=${tag}`, performer.cookie);
    expect(venues.json().results).toEqual([
      { id: venue.id, name: `Hall ${tag}`, detail: 'Chicago, IL', photoUrl: null },
    ]);
    const everyone = await send(t.app, 'GET', '/api/directory/venues?q=%25', performer.cookie);
    expect(everyone.json().results).toEqual([]);
    const fan = await member(t, 'fan');
    expect((await send(t.app, 'GET', '/api/directory/venues?q=a', fan.cookie)).statusCode).toBe(
      403,
    );
    expect((await send(t.app, 'GET', '/api/directory/venues?q=a', undefined)).statusCode).toBe(401);
  });
});
