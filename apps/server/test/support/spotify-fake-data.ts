import { createHash } from 'node:crypto';

/** The people and libraries the local Spotify stand-in knows (see spotify-server.ts). */

export type FakeArtist = { id: string; name: string; genres?: string[]; imageUrl?: string | null };
export type FakeTrack = { name: string; artists: FakeArtist[] };

export type FakeSpotifyUser = {
  /** What the fan types on the fake's login page. */
  id: string;
  displayName: string | null;
  email: string;
  topArtists: FakeArtist[];
  savedTracks: FakeTrack[];
  followed: FakeArtist[];
};

/** A Spotify-shaped artist id (22 base62 characters), the same for the same seed. */
export function fakeSpotifyId(seed: string): string {
  return createHash('sha256').update(seed).digest('hex').slice(0, 22);
}

const artist = (name: string, genres: string[] = []): FakeArtist => ({
  id: fakeSpotifyId(`demo${name}`),
  name,
  genres,
  imageUrl: null,
});

/**
 * Who is logged in when the login page's name is left as it is: a library for a demo beside
 * `npm run dev`. 'Neon Harbor' is the demo data set's featured performer, so 'Import my artists'
 * and the top artists find them on Encore by name; the others are not on Encore.
 */
export const DEMO_SPOTIFY_USER: FakeSpotifyUser = {
  id: 'demo',
  displayName: 'Demo Listener',
  email: 'demo.listener@example.test',
  topArtists: [
    artist('Neon Harbor', ['indie rock']),
    artist('Paper Lanterns', ['dream pop']),
    artist('Velvet Static'),
    artist('The Quiet Hours', ['folk']),
    artist('Marrow Lane', ['alt country']),
  ],
  savedTracks: [
    { name: 'Harbor Lights', artists: [artist('Neon Harbor', ['indie rock'])] },
    { name: 'Slow Glow', artists: [artist('Paper Lanterns'), artist('Velvet Static')] },
    { name: 'Northbound', artists: [artist('Marrow Lane')] },
  ],
  followed: [artist('Neon Harbor', ['indie rock']), artist('The Quiet Hours', ['folk'])],
};
