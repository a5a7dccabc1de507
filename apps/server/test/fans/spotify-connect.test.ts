import type { TSpotifyAuthorization } from '@encore/contract';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { createSpotifyTokenCipher } from '../../src/lib/spotify-token-cipher.ts';
import { createUser } from '../support/factories.ts';
import { send } from '../support/profile-inputs.ts';
import { member } from '../support/shows.ts';
import {
  authorize,
  CLIENT_ID,
  connectedFan,
  grants,
  spotifyUser,
  storedConnection,
  withSpotifyTestApp,
} from '../support/spotify.ts';
import type { SpotifyServer } from '../support/spotify-server.ts';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../support/test-app.ts';

let t: TestApp;
let spotify: SpotifyServer;
withSpotifyTestApp((made) => ({ t, spotify } = made));

const connect = (cookie: string, body: unknown) =>
  send(t.app, 'POST', '/api/spotify/connect', cookie, body);

async function started(cookie: string) {
  const response = await authorize(t, cookie);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<TSpotifyAuthorization>();
}

describe('POST /api/spotify/authorize', () => {
  it('answers the authorisation URL exactly as the spec describes, with a random state', async () => {
    const fan = await member(t, 'fan');
    const first = await started(fan.cookie);
    const url = new URL(first.url);
    expect(`${url.origin}${url.pathname}`).toBe(`${spotify.url}/authorize`);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_id: CLIENT_ID,
      response_type: 'code',
      redirect_uri: `${TEST_ORIGIN}/onboarding/spotify/callback`,
      scope: 'user-read-email user-top-read user-follow-read user-library-read',
      state: first.state,
      show_dialog: 'true',
    });
    expect(first.state).toMatch(/^[\w-]{43}$/);
    expect((await started(fan.cookie)).state).not.toBe(first.state);
  });

  it('is for fans only, and signed in', async () => {
    const performer = await member(t, 'performer');
    expect((await authorize(t, performer.cookie)).statusCode).toBe(403);
    expect((await send(t.app, 'POST', '/api/spotify/authorize', undefined, {})).statusCode).toBe(
      401,
    );
  });
});

describe('POST /api/spotify/connect', () => {
  it('exchanges the code with the client secret and keeps the tokens sealed at rest', async () => {
    const listener = spotifyUser(spotify);
    const fan = await member(t, 'fan');
    const { url } = await started(fan.cookie);
    const back = await spotify.approve(url, listener.id);
    const response = await connect(fan.cookie, {
      code: back.searchParams.get('code'),
      state: back.searchParams.get('state'),
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      profile: { display_name: listener.displayName, id: listener.id },
    });
    // No token in what the browser gets, ever.
    expect(response.body).not.toMatch(/at-|rt-|access|refresh/);
    expect(grants(spotify, listener.id, 'authorization_code')).toEqual([
      expect.objectContaining({ status: 200 }),
    ]);

    const status = await send(t.app, 'GET', '/api/spotify/connection', fan.cookie);
    expect(status.json()).toEqual({
      configured: true,
      connection: {
        displayName: listener.displayName,
        spotifyUserId: listener.id,
        connectedAt: expect.any(String),
      },
    });

    const row = await storedConnection(t, fan.id);
    if (!row) throw new Error('no connection stored');
    const dump = JSON.stringify(
      (
        await t.database.orm.execute(
          sql`select * from spotify_connections where user_id = ${fan.id}`,
        )
      ).rows,
    );
    expect(row.accessToken).toMatch(/^v1\./);
    expect(row.scope).toBe('user-read-email user-top-read user-follow-read user-library-read');
    const cipher = createSpotifyTokenCipher(t.config.authSecret);
    const access = cipher.decrypt(row.accessToken, fan.id, 'access');
    expect(access).toMatch(/^at-/);
    const refresh = cipher.decrypt(row.refreshToken, fan.id, 'refresh');
    expect(refresh).toMatch(/^rt-/);
    // Neither token is stored as it is. Not a pattern: sealed bytes matched /at-[\w-]{24}/ by
    // chance in a loaded run (about 1 in 1,000).
    for (const token of [access, refresh]) expect(dump).not.toContain(token as string);
    // Bound to its fan and its column, and useless under another secret.
    expect(cipher.decrypt(row.accessToken, 'someone-else', 'access')).toBeNull();
    expect(cipher.decrypt(row.accessToken, fan.id, 'refresh')).toBeNull();
    expect(
      createSpotifyTokenCipher('another-secret-another-secret-0123').decrypt(
        row.accessToken,
        fan.id,
        'access',
      ),
    ).toBeNull();
    expect(row.expiresAt.getTime()).toBeGreaterThan(Date.now() + 3500_000);
  });

  it('refuses plaintext tokens in the table itself', async () => {
    const fan = await member(t, 'fan');
    await expect(
      t.database.orm.execute(sql`
        insert into spotify_connections (user_id, spotify_user_id, access_token, refresh_token,
          expires_at, scope)
        values (${fan.id}, 'x', 'at-plain', 'rt-plain', now(), '')`),
    ).rejects.toMatchObject({ cause: { constraint: 'spotify_connections_access_token_check' } });
  });

  it('refuses a state other than the one this fan started with: Invalid state parameter', async () => {
    const listener = spotifyUser(spotify);
    const fan = await member(t, 'fan');
    const other = await member(t, 'fan');
    const mine = await started(fan.cookie);
    const theirs = await started(other.cookie);
    const back = await spotify.approve(mine.url, listener.id);
    const code = back.searchParams.get('code');

    for (const state of ['forged', theirs.state]) {
      const response = await connect(fan.cookie, { code, state });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.message).toBe('Invalid state parameter');
    }
    // Nothing was exchanged, and a forged callback did not cancel the fan's real one.
    expect(grants(spotify, listener.id, 'authorization_code')).toEqual([]);
    expect((await connect(fan.cookie, { code, state: mine.state })).statusCode).toBe(200);
    // A state works once.
    const again = await connect(fan.cookie, { code, state: mine.state });
    expect(again.json().error.message).toBe('Invalid state parameter');
  });

  it('refuses a state after ten minutes', async () => {
    const fan = await member(t, 'fan');
    const { state } = await started(fan.cookie);
    await t.database.orm.execute(
      sql`update spotify_authorizations set expires_at = now() - interval '1 second' where user_id = ${fan.id}`,
    );
    const response = await connect(fan.cookie, { code: 'whatever', state });
    expect(response.json().error.message).toBe('Invalid state parameter');
  });

  it('passes on Spotify’s refusal of the code: Spotify authorization failed: {reason}', async () => {
    const fan = await member(t, 'fan');
    const { state } = await started(fan.cookie);
    const response = await connect(fan.cookie, { code: 'not-a-code', state });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe(
      'Spotify authorization failed: Invalid authorization code',
    );
    expect(await storedConnection(t, fan.id)).toBeUndefined();
  });

  it('says so without a code, and needs a session', async () => {
    const fan = await member(t, 'fan');
    const response = await connect(fan.cookie, { code: '', state: 'x' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields.code).toBe('No authorization code received');
    expect((await connect('', { code: 'c', state: 's' })).statusCode).toBe(401);
  });

  it('connecting again replaces the grant; disconnecting forgets it', async () => {
    const first = spotifyUser(spotify);
    const second = spotifyUser(spotify);
    const fan = await connectedFan(t, spotify, first.id);
    const { url } = await started(fan.cookie);
    const back = await spotify.approve(url, second.id);
    await connect(fan.cookie, {
      code: back.searchParams.get('code'),
      state: back.searchParams.get('state'),
    });
    expect((await storedConnection(t, fan.id))?.spotifyUserId).toBe(second.id);

    const gone = await send(t.app, 'DELETE', '/api/spotify/connection', fan.cookie);
    expect(gone.statusCode).toBe(204);
    expect(await storedConnection(t, fan.id)).toBeUndefined();
    const status = await send(t.app, 'GET', '/api/spotify/connection', fan.cookie);
    expect(status.json()).toEqual({ configured: true, connection: null });
    const top = await send(t.app, 'GET', '/api/spotify/top-artists', fan.cookie);
    expect(top.statusCode).toBe(409);
    expect(top.json().error.code).toBe('SPOTIFY_NOT_CONNECTED');
  });
});

describe('the fan’s data', () => {
  it('Export My Data names the Spotify account and never a token; deleting the account drops it', async () => {
    const listener = spotifyUser(spotify);
    const fan = await connectedFan(t, spotify, listener.id);
    const exported = await send(t.app, 'GET', '/api/account/export', fan.cookie);
    expect(exported.json().spotifyConnection).toEqual({
      spotifyUserId: listener.id,
      displayName: listener.displayName,
      scope: 'user-read-email user-top-read user-follow-read user-library-read',
      connectedAt: expect.any(String),
      refreshedAt: null,
    });
    expect(exported.body).not.toMatch(/v1\.[\w-]{16}\.|at-|rt-/);

    expect((await send(t.app, 'DELETE', '/api/account', fan.cookie)).statusCode).toBe(204);
    expect(await storedConnection(t, fan.id)).toBeUndefined();
  });
});

describe('configuration', () => {
  const env = { BETTER_AUTH_SECRET: 'x'.repeat(40) };
  it('defaults to Spotify’s own URLs, trailing slashes trimmed', () => {
    expect(loadConfig(env).spotify).toEqual({
      clientId: undefined,
      clientSecret: undefined,
      accountsUrl: 'https://accounts.spotify.com',
      apiUrl: 'https://api.spotify.com/v1',
    });
    const local = loadConfig({
      ...env,
      SPOTIFY_CLIENT_ID: 'id',
      SPOTIFY_CLIENT_SECRET: 'secret',
      SPOTIFY_ACCOUNTS_URL: 'http://127.0.0.1:5400/',
      SPOTIFY_API_URL: 'http://127.0.0.1:5400/v1/',
    }).spotify;
    expect(local.accountsUrl).toBe('http://127.0.0.1:5400');
    expect(local.apiUrl).toBe('http://127.0.0.1:5400/v1');
  });

  it('needs the client secret with a client id, and never echoes it', () => {
    expect(() => loadConfig({ ...env, SPOTIFY_CLIENT_ID: 'id' })).toThrow(
      'SPOTIFY_CLIENT_ID is set, so SPOTIFY_CLIENT_SECRET is needed too',
    );
    expect(() => loadConfig({ ...env, SPOTIFY_API_URL: 'not a url' })).toThrow(/SPOTIFY_API_URL/);
  });
});

describe('without SPOTIFY_CLIENT_ID', () => {
  it('says Spotify is not configured on this server', async () => {
    const bare = await createTestApp();
    try {
      const { cookie } = await createUser(bare.app);
      const status = await send(bare.app, 'GET', '/api/spotify/connection', cookie);
      expect(status.json()).toEqual({ configured: false, connection: null });
      const start = await send(bare.app, 'POST', '/api/spotify/authorize', cookie, {});
      expect(start.statusCode).toBe(503);
      expect(start.json().error.message).toBe('Spotify is not configured on this server');
    } finally {
      await bare.close();
    }
  });
});

describe('OpenAPI', () => {
  it('documents the Spotify routes', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/spotify/connection',
        '/api/spotify/authorize',
        '/api/spotify/connect',
        '/api/spotify/top-artists',
        '/api/spotify/library',
        '/api/spotify/import',
      ]),
    );
  });
});
