import type { TLastfmPreview } from '@encore/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unique } from '../support/factories.ts';
import { createLastfmTestApp, lastfmUser } from '../support/lastfm.ts';
import type { LastfmServer } from '../support/lastfm-server.ts';
import { send } from '../support/profile-inputs.ts';
import { expectLimited, tightLimits } from '../support/rate-limits.ts';
import { member } from '../support/shows.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
let lastfm: LastfmServer;
beforeAll(async () => {
  ({ t, lastfm } = await createLastfmTestApp());
});
afterAll(() => t.close());

const mbid = () => crypto.randomUUID();
const preview = (cookie: string, username: string) =>
  send(t.app, 'POST', '/api/lastfm/preview', cookie, { username });
const onEncore = (name: string, websiteUrl = '') =>
  member(t, 'performer', { artistName: name, websiteUrl });

async function alertsOf(cookie: string) {
  const watching = await send(t.app, 'GET', '/api/alerts/watching', cookie);
  const { alerts } = watching.json<{
    alerts: Array<{ performerId: string; channels: string[] }>;
  }>();
  return Object.fromEntries(alerts.map((w) => [w.performerId, w.channels]));
}

describe('POST /api/lastfm/preview', () => {
  it('reads top and loved artists by username, in any case, and finds each on Encore', async () => {
    const tag = unique();
    const linkedMbid = mbid();
    const listener = lastfmUser(lastfm, {
      topArtists: [
        // Linked by its MusicBrainz page although Encore spells the name otherwise.
        { name: `Real Name ${tag}`, mbid: linkedMbid },
        { name: `Only One ${tag}` },
        // Two Encore artists share this name: the fan chooses, we do not.
        { name: `Twice ${tag}` },
        { name: `Not On Encore ${tag}` },
      ],
      lovedTracks: [
        { name: 'Song', artist: { name: `only one ${tag}` } },
        { name: 'Other song', artist: { name: `Loved Only ${tag}` } },
        // The only Encore artist of this name links another MBID: someone else.
        { name: 'Third', artist: { name: `Homonym ${tag}`, mbid: mbid() } },
      ],
    });
    const linked = await onEncore(
      `Renamed ${tag}`,
      `https://musicbrainz.org/artist/${linkedMbid.toUpperCase()}`,
    );
    // Same name as the linked one, no link: the MBID decides, not the name.
    await onEncore(`Real Name ${tag}`);
    const only = await onEncore(`  ONLY one ${tag} `);
    const twiceA = await onEncore(`Twice ${tag}`);
    const twiceB = await onEncore(`twice ${tag}`);
    const lovedOnly = await onEncore(`Loved Only ${tag}`);
    await onEncore(`Homonym ${tag}`, `https://musicbrainz.org/artist/${mbid()}`);
    const fan = await member(t, 'fan');

    const answer = await preview(fan.cookie, listener.name.toUpperCase());
    expect(answer.statusCode, answer.body).toBe(200);
    const offer = answer.json<TLastfmPreview>();
    expect(offer.username).toBe(listener.name);
    expect(offer.lastfmArtists).toBe(6);
    expect(offer.matches.map((m) => [m.artist.id, m.lastfmName, m.sources])).toEqual([
      [linked.id, `Real Name ${tag}`, ['top']],
      [only.id, `Only One ${tag}`, ['top', 'loved']],
      [lovedOnly.id, `Loved Only ${tag}`, ['loved']],
    ]);
    expect(offer.ambiguous).toHaveLength(1);
    expect(offer.ambiguous[0]?.lastfmName).toBe(`Twice ${tag}`);
    expect(offer.ambiguous[0]?.artists.map((a) => a.id).sort()).toEqual(
      [twiceA.id, twiceB.id].sort(),
    );
    expect(offer.unmatched).toEqual([`Not On Encore ${tag}`, `Homonym ${tag}`]);
    expect(lastfm.log.filter((e) => e.user === listener.name.toUpperCase())).toEqual([
      { method: 'user.gettopartists', user: listener.name.toUpperCase(), status: 200 },
      { method: 'user.getlovedtracks', user: listener.name.toUpperCase(), status: 200 },
    ]);
  });

  it('takes a list of one, which Last.fm sends as a lone object', async () => {
    const name = `Lone ${unique()}`;
    const listener = lastfmUser(lastfm, {
      topArtists: [{ name }],
      lovedTracks: [{ name: 'Track', artist: { name } }],
    });
    const performer = await onEncore(name);
    const fan = await member(t, 'fan');
    const offer = (await preview(fan.cookie, listener.name)).json<TLastfmPreview>();
    expect(offer.matches.map((m) => [m.artist.id, m.sources])).toEqual([
      [performer.id, ['top', 'loved']],
    ]);
  });

  it('says "No Last.fm user with that name" under the field for an unknown user', async () => {
    const fan = await member(t, 'fan');
    const answer = await preview(fan.cookie, `Nobody${unique()}`.slice(0, 15));
    expect(answer.statusCode, answer.body).toBe(400);
    expect(answer.json().error.fields).toEqual({ username: 'No Last.fm user with that name' });
  });

  it('refuses a name Last.fm could not have, without asking Last.fm', async () => {
    const fan = await member(t, 'fan');
    const calls = lastfm.log.length;
    for (const [username, message] of [
      ['', 'Enter your Last.fm username'],
      ['a', 'Last.fm usernames are 2 to 15 characters'],
      ['1abc', 'Last.fm usernames start with a letter and use letters, digits, - and _'],
      ['bob smith', 'Last.fm usernames start with a letter and use letters, digits, - and _'],
    ] as const) {
      const answer = await preview(fan.cookie, username);
      expect(answer.statusCode, username).toBe(400);
      expect(answer.json().error.fields.username, username).toBe(message);
    }
    expect(lastfm.log.length).toBe(calls);
  });

  it('says Last.fm is not answering when it fails, and writes nothing', async () => {
    const name = `Down ${unique()}`;
    const listener = lastfmUser(lastfm, { topArtists: [{ name }] });
    await onEncore(name);
    const fan = await member(t, 'fan');
    lastfm.setDown(503);
    try {
      const answer = await preview(fan.cookie, listener.name);
      expect(answer.statusCode, answer.body).toBe(502);
      expect(answer.json().error).toEqual({
        code: 'LASTFM_UNAVAILABLE',
        message: 'Last.fm is not answering right now. Try again in a few minutes.',
      });
    } finally {
      lastfm.setDown(null);
    }
    expect(await alertsOf(fan.cookie)).toEqual({});
  });

  it('is for fans only', async () => {
    const performer = await member(t, 'performer');
    expect((await preview(performer.cookie, 'someone')).statusCode).toBe(403);
    expect((await send(t.app, 'GET', '/api/lastfm', performer.cookie)).statusCode).toBe(403);
  });
});

describe('POST /api/lastfm/import', () => {
  it('watches the chosen artists, leaving existing alerts as they are', async () => {
    const a = await onEncore(`Chosen A ${unique()}`);
    const b = await onEncore(`Chosen B ${unique()}`);
    const fan = await member(t, 'fan');
    await send(t.app, 'PUT', `/api/artists/${a.id}/alert`, fan.cookie, { channels: ['sms'] });
    const imported = await send(t.app, 'POST', '/api/lastfm/import', fan.cookie, {
      performerIds: [a.id, b.id, 'no-such-artist'],
      channels: ['push', 'email'],
    });
    expect(imported.statusCode, imported.body).toBe(200);
    expect(imported.json()).toEqual({ added: 1 });
    expect(await alertsOf(fan.cookie)).toEqual({ [a.id]: ['sms'], [b.id]: ['push', 'email'] });
  });

  it('follows the alert dialog’s rules: an artist and a channel at least, SMS with a phone', async () => {
    const a = await onEncore(`Rules ${unique()}`);
    const fan = await member(t, 'fan', { smsOptIn: false });
    const none = await send(t.app, 'POST', '/api/lastfm/import', fan.cookie, {
      performerIds: [],
      channels: [],
    });
    expect(none.json().error.fields).toEqual({
      performerIds: 'Choose at least one artist',
      channels: 'Please select at least one alert channel',
    });
    const sms = await send(t.app, 'POST', '/api/lastfm/import', fan.cookie, {
      performerIds: [a.id],
      channels: ['sms'],
    });
    expect(sms.statusCode).toBe(400);
    expect(sms.json().error.fields.channels).toMatch(/SMS/);
    expect(await alertsOf(fan.cookie)).toEqual({});
  });
});

describe('configuration and limits', () => {
  it('without LASTFM_API_KEY says Last.fm is not configured', async () => {
    const bare = await createTestApp();
    try {
      const fan = await member(bare, 'fan');
      const status = await send(bare.app, 'GET', '/api/lastfm', fan.cookie);
      expect(status.json()).toEqual({ configured: false });
      const answer = await send(bare.app, 'POST', '/api/lastfm/preview', fan.cookie, {
        username: 'someone',
      });
      expect(answer.statusCode).toBe(503);
      expect(answer.json().error.message).toBe('Last.fm is not configured on this server');
    } finally {
      await bare.close();
    }
    const fan = await member(t, 'fan');
    expect((await send(t.app, 'GET', '/api/lastfm', fan.cookie)).json()).toEqual({
      configured: true,
    });
  });

  it('limits previews per account (RATE_LIMIT_LASTFM)', async () => {
    const tight = await createLastfmTestApp({ rateLimit: tightLimits({ lastfm: 2 }) });
    try {
      const listener = lastfmUser(tight.lastfm);
      const fan = await member(tight.t, 'fan');
      for (let i = 0; i < 2; i++) {
        const answer = await send(tight.t.app, 'POST', '/api/lastfm/preview', fan.cookie, {
          username: listener.name,
        });
        expect(answer.statusCode, answer.body).toBe(200);
      }
      expectLimited(
        await send(tight.t.app, 'POST', '/api/lastfm/preview', fan.cookie, {
          username: listener.name,
        }),
      );
    } finally {
      await tight.t.close();
    }
  });
});
