import type { TSpotifyAuthorization } from '@encore/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import { spotifyConnections } from '../../src/db/schema/index.ts';
import { unique } from './factories.ts';
import { send } from './profile-inputs.ts';
import { member } from './shows.ts';
import { type FakeArtist, type FakeSpotifyUser, fakeSpotifyId } from './spotify-fake-data.ts';
import { type SpotifyServer, startSpotifyServer } from './spotify-server.ts';
import { createTestApp, type TestApp } from './test-app.ts';

export const CLIENT_ID = 'encore-test-client';
export const CLIENT_SECRET = 'encore-test-secret';

/**
 * createSpotifyTestApp for a whole test file: made before its tests, closed after them. `set`
 * receives the app and the fake Spotify once made.
 */
export function withSpotifyTestApp(set: (made: { t: TestApp; spotify: SpotifyServer }) => void) {
  let t: TestApp | undefined;
  beforeAll(async () => {
    const made = await createSpotifyTestApp();
    t = made.t;
    set(made);
  });
  afterAll(() => t?.close());
}

/** The app pointed at a local fake Spotify it started: close both with `close()`. */
export async function createSpotifyTestApp(): Promise<{ t: TestApp; spotify: SpotifyServer }> {
  const spotify = await startSpotifyServer({ clientId: CLIENT_ID, clientSecret: CLIENT_SECRET });
  const t = await createTestApp({
    spotify: {
      clientId: CLIENT_ID,
      clientSecret: CLIENT_SECRET,
      accountsUrl: spotify.url,
      apiUrl: spotify.apiUrl,
    },
  });
  const close = t.close;
  t.close = async () => {
    await close();
    await spotify.close();
  };
  return { t, spotify };
}

export const artist = (name: string, genres: string[] = []): FakeArtist => ({
  id: fakeSpotifyId(`${name}${unique()}`),
  name,
  genres,
  imageUrl: null,
});

/** A Spotify user of the fake with a library (nothing unless given). */
export function spotifyUser(
  spotify: SpotifyServer,
  library: Partial<Omit<FakeSpotifyUser, 'id'>> = {},
): FakeSpotifyUser {
  const id = `sp_${unique()}`;
  const user: FakeSpotifyUser = {
    id,
    displayName: `Listener ${id}`,
    email: `${id}@example.test`,
    topArtists: [],
    savedTracks: [],
    followed: [],
    ...library,
  };
  spotify.addUser(user);
  return user;
}

export const authorize = (t: TestApp, cookie: string) =>
  send(t.app, 'POST', '/api/spotify/authorize', cookie, {});

/**
 * A fan (with a profile) who went through the whole flow as `spotifyUserId`: authorisation,
 * consent on the fake, and the callback's exchange.
 */
export async function connectedFan(t: TestApp, spotify: SpotifyServer, spotifyUserId: string) {
  const fan = await member(t, 'fan');
  await connectSpotify(t, spotify, fan.cookie, spotifyUserId);
  return fan;
}

/** The whole flow for a signed-in fan: authorisation, consent on the fake, the exchange. */
export async function connectSpotify(
  t: TestApp,
  spotify: SpotifyServer,
  cookie: string,
  spotifyUserId: string,
) {
  const started = (await authorize(t, cookie)).json<TSpotifyAuthorization>();
  const back = await spotify.approve(started.url, spotifyUserId);
  const connected = await send(t.app, 'POST', '/api/spotify/connect', cookie, {
    code: back.searchParams.get('code'),
    state: back.searchParams.get('state'),
  });
  if (connected.statusCode !== 200) {
    throw new Error(`connect: ${connected.statusCode} ${connected.body}`);
  }
}

export async function storedConnection(t: TestApp, fanId: string) {
  const [row] = await t.database.orm
    .select()
    .from(spotifyConnections)
    .where(eq(spotifyConnections.userId, fanId));
  return row;
}

/** Token requests the fake answered for this Spotify user, by grant type. */
export const grants = (spotify: SpotifyServer, user: string, grantType: string) =>
  spotify.log.filter((e) => e.kind === 'token' && e.user === user && e.what === grantType);
