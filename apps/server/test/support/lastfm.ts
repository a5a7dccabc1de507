import type { AppConfig } from '../../src/config.ts';
import { unique } from './factories.ts';
import { type FakeLastfmUser, type LastfmServer, startLastfmServer } from './lastfm-server.ts';
import { createTestApp, type TestApp } from './test-app.ts';

export const LASTFM_API_KEY = 'encore-test-lastfm-key';

/** The app pointed at a local fake Last.fm it started: close both with `t.close()`. */
export async function createLastfmTestApp(
  overrides: Partial<AppConfig> = {},
): Promise<{ t: TestApp; lastfm: LastfmServer }> {
  const lastfm = await startLastfmServer({ apiKey: LASTFM_API_KEY });
  const t = await createTestApp({
    lastfm: { apiKey: LASTFM_API_KEY, apiUrl: lastfm.apiUrl },
    ...overrides,
  });
  const close = t.close;
  t.close = async () => {
    await close();
    await lastfm.close();
  };
  return { t, lastfm };
}

/** A user of the fake Last.fm that no other test uses, with a library (nothing unless given). */
export function lastfmUser(
  lastfm: LastfmServer,
  library: Partial<Omit<FakeLastfmUser, 'name'>> = {},
): FakeLastfmUser {
  const user: FakeLastfmUser = {
    name: `L${unique()}`.slice(0, 15),
    topArtists: [],
    lovedTracks: [],
    ...library,
  };
  lastfm.addUser(user);
  return user;
}
