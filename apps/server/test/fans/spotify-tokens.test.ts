import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { send } from '../support/profile-inputs.ts';
import {
  artist,
  connectedFan,
  grants,
  spotifyUser,
  storedConnection,
  withSpotifyTestApp,
} from '../support/spotify.ts';
import type { SpotifyServer } from '../support/spotify-server.ts';
import type { TestApp } from '../support/test-app.ts';

let t: TestApp;
let spotify: SpotifyServer;
withSpotifyTestApp((made) => ({ t, spotify } = made));

const topArtists = (cookie: string) => send(t.app, 'GET', '/api/spotify/top-artists', cookie);

/** A connected fan whose Spotify has one top artist. */
async function fanWithTopArtist() {
  const listener = spotifyUser(spotify, { topArtists: [artist('Glass Pylon', ['synthwave'])] });
  const fan = await connectedFan(t, spotify, listener.id);
  return { fan, listener };
}

const apiCalls = (listener: { id: string }) =>
  spotify.log.filter((e) => e.kind === 'api' && e.user === listener.id && e.what !== '/v1/me');

describe('the access token', () => {
  it('is used as is while it has more than five minutes left', async () => {
    const { fan, listener } = await fanWithTopArtist();
    const response = await topArtists(fan.cookie);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().artists.map((a: { name: string }) => a.name)).toEqual(['Glass Pylon']);
    expect(grants(spotify, listener.id, 'refresh_token')).toEqual([]);
  });

  it('is refreshed before the call when it expires within five minutes', async () => {
    const listener = spotifyUser(spotify, { topArtists: [artist('Glass Pylon')] });
    // Spotify grants a token that lives 4 minutes: inside the margin from the start.
    spotify.accessTokenSeconds(listener.id, 240);
    const fan = await connectedFan(t, spotify, listener.id);
    spotify.accessTokenSeconds(listener.id, 3600);
    const before = await storedConnection(t, fan.id);

    expect((await topArtists(fan.cookie)).statusCode).toBe(200);
    expect(grants(spotify, listener.id, 'refresh_token')).toEqual([
      expect.objectContaining({ status: 200 }),
    ]);
    // The call went out once, with the new token: no 401 on the way.
    expect(apiCalls(listener).map((c) => c.status)).toEqual([200]);
    const after = await storedConnection(t, fan.id);
    expect(after?.accessToken).not.toBe(before?.accessToken);
    expect(after?.expiresAt.getTime()).toBeGreaterThan(Date.now() + 3500_000);
    expect(after?.refreshedAt).toBeInstanceOf(Date);
    // Spotify kept the refresh token (none came back), so the stored one still works.
    expect(after?.refreshToken).not.toMatch(/^rt-/);
    await t.database.orm.execute(
      sql`update spotify_connections set expires_at = now() where user_id = ${fan.id}`,
    );
    expect((await topArtists(fan.cookie)).statusCode).toBe(200);
    expect(grants(spotify, listener.id, 'refresh_token')).toHaveLength(2);
  });

  it('is refreshed once, whoever asks at the same time', async () => {
    const { fan, listener } = await fanWithTopArtist();
    await t.database.orm.execute(
      sql`update spotify_connections set expires_at = now() + interval '1 minute' where user_id = ${fan.id}`,
    );
    const answers = await Promise.all([1, 2, 3, 4].map(() => topArtists(fan.cookie)));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200]);
    expect(grants(spotify, listener.id, 'refresh_token')).toHaveLength(1);
  });

  it('that Spotify rejects early (401) is refreshed and the call made again', async () => {
    const { fan, listener } = await fanWithTopArtist();
    spotify.expireAccessTokens(listener.id);
    const response = await topArtists(fan.cookie);
    expect(response.statusCode, response.body).toBe(200);
    expect(apiCalls(listener).map((c) => c.status)).toEqual([401, 200]);
    expect(grants(spotify, listener.id, 'refresh_token')).toHaveLength(1);
  });
});

describe('a grant refreshing cannot cure', () => {
  it('answers 401 SPOTIFY_RECONNECT_REQUIRED and forgets the connection', async () => {
    const { fan, listener } = await fanWithTopArtist();
    spotify.expireAccessTokens(listener.id);
    spotify.refuseRefresh(listener.id);
    const response = await topArtists(fan.cookie);
    expect(response.statusCode).toBe(401);
    expect(response.json().error).toEqual({
      code: 'SPOTIFY_RECONNECT_REQUIRED',
      message: 'Please reconnect your Spotify account',
    });
    expect(grants(spotify, listener.id, 'refresh_token')).toEqual([
      expect.objectContaining({ status: 400 }),
    ]);
    expect(await storedConnection(t, fan.id)).toBeUndefined();
    const status = await send(t.app, 'GET', '/api/spotify/connection', fan.cookie);
    expect(status.json().connection).toBeNull();
  });

  it('also when the stored expiry has passed and the refresh is refused', async () => {
    const { fan, listener } = await fanWithTopArtist();
    spotify.refuseRefresh(listener.id);
    await t.database.orm.execute(
      sql`update spotify_connections set expires_at = now() - interval '1 hour' where user_id = ${fan.id}`,
    );
    const response = await topArtists(fan.cookie);
    expect(response.json().error.code).toBe('SPOTIFY_RECONNECT_REQUIRED');
    expect(apiCalls(listener)).toEqual([]);
  });

  it('also when tokens sealed under another server secret cannot be opened', async () => {
    const { fan } = await fanWithTopArtist();
    await t.database.orm.execute(
      sql`update spotify_connections set access_token = 'v1.AAAAAAAAAAAAAAAA.AAAAAAAAAAAAAAAAAAAAAA' where user_id = ${fan.id}`,
    );
    expect((await topArtists(fan.cookie)).json().error.code).toBe('SPOTIFY_RECONNECT_REQUIRED');
  });
});

describe('other failures', () => {
  it('answer 502 Spotify API error: {status text}, and keep the connection', async () => {
    const { fan, listener } = await fanWithTopArtist();
    spotify.failNext(listener.id, 503);
    const response = await topArtists(fan.cookie);
    expect(response.statusCode).toBe(502);
    expect(response.json().error).toEqual({
      code: 'SPOTIFY_API_ERROR',
      message: 'Spotify API error: Service Unavailable',
    });
    expect(await storedConnection(t, fan.id)).toBeDefined();
    spotify.failNext(listener.id, 429);
    expect((await topArtists(fan.cookie)).json().error.message).toBe(
      'Spotify API error: Too Many Requests',
    );
    expect((await topArtists(fan.cookie)).statusCode).toBe(200);
  });
});
