// `node scripts/spotify-fake.mjs`: the local fake Spotify the tests use (accounts service and the
// Web API calls Encore makes), for a demo of the Spotify features beside `npm run dev` or
// `npm start` without a Spotify developer account. It prints the variables to start Encore with.
// Its login page takes any user it knows; 'demo' (the default) has a small library whose top
// artist is the demo data set's Neon Harbor.
import { register } from 'tsx/esm/api';

register();
const { startSpotifyServer } = await import('../apps/server/test/support/spotify-server.ts');

const port = Number(process.env.SPOTIFY_FAKE_PORT ?? 4500);
const clientId = 'encore-local';
const clientSecret = 'encore-local-secret';
const fake = await startSpotifyServer({ clientId, clientSecret, port });
console.log(`Fake Spotify listening on ${fake.url}. Start Encore with:

  SPOTIFY_CLIENT_ID=${clientId} SPOTIFY_CLIENT_SECRET=${clientSecret} \\
  SPOTIFY_ACCOUNTS_URL=${fake.url} SPOTIFY_API_URL=${fake.apiUrl} npm run dev

then sign in as a fan and open /onboarding/spotify. Ctrl+C stops it.`);
process.on('SIGINT', () => fake.close().then(() => process.exit(0)));
process.on('SIGTERM', () => fake.close().then(() => process.exit(0)));
