// The server the browser tests run against: the real production start (`npm start`'s script) on a
// fresh data folder, so every run begins with an empty embedded Postgres. Paths live under /tmp
// because Postgres, run as the `postgres` user when we are root, cannot enter 0700 folders.
import { rmSync } from 'node:fs';

const dataDir = process.env.DATA_DIR;
if (!dataDir?.startsWith('/tmp/')) throw new Error('e2e DATA_DIR must be a folder under /tmp');
rmSync(dataDir, { recursive: true, force: true });
// Each run has its own folder (e2e/support/e2e-env.ts): gone with the server, which exits after
// stopping its Postgres.
process.once('exit', () => rmSync(dataDir, { recursive: true, force: true }));

// Spotify cannot be reached from here: the journeys use the local fake the server tests use,
// started in this process so it lives and dies with the server (playwright.config.ts sets the
// port and points SPOTIFY_ACCOUNTS_URL and SPOTIFY_API_URL at it).
const fakePort = process.env.E2E_SPOTIFY_FAKE_PORT;
if (fakePort) {
  const { register } = await import('tsx/esm/api');
  register();
  const { startSpotifyServer } = await import('../../apps/server/test/support/spotify-server.ts');
  await startSpotifyServer({
    clientId: process.env.SPOTIFY_CLIENT_ID ?? '',
    clientSecret: process.env.SPOTIFY_CLIENT_SECRET ?? '',
    port: Number(fakePort),
  });
}
// Last.fm likewise (LASTFM_API_URL points at it, on the server's port + 2001).
const lastfmPort = process.env.E2E_LASTFM_FAKE_PORT;
if (lastfmPort) {
  const { register } = await import('tsx/esm/api');
  register();
  const { startLastfmServer } = await import('../../apps/server/test/support/lastfm-server.ts');
  await startLastfmServer({ apiKey: process.env.LASTFM_API_KEY ?? '', port: Number(lastfmPort) });
}
await import('../../scripts/start.mjs');
