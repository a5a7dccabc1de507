import type { FakeArtist, FakeSpotifyUser } from './spotify-fake-data.ts';

const toArtist = (a: FakeArtist) => ({
  id: a.id,
  name: a.name,
  type: 'artist',
  uri: `spotify:artist:${a.id}`,
  genres: a.genres ?? [],
  images: a.imageUrl ? [{ url: a.imageUrl, height: 640, width: 640 }] : [],
});

/**
 * The fake's Web API for an authorised listener: the calls Encore makes, shaped as Spotify
 * answers them (paging by limit/offset, followed artists by cursor).
 */
export function webApiAnswer(
  url: URL,
  profile: FakeSpotifyUser,
): { status: number; body: unknown } {
  const limit = Math.min(Number(url.searchParams.get('limit') ?? 20), 50);
  const offset = Number(url.searchParams.get('offset') ?? 0);
  switch (url.pathname) {
    case '/v1/me':
      return {
        status: 200,
        body: {
          id: profile.id,
          display_name: profile.displayName,
          email: profile.email,
          type: 'user',
        },
      };
    case '/v1/me/top/artists':
      return {
        status: 200,
        body: {
          items: profile.topArtists.slice(offset, offset + limit).map(toArtist),
          total: profile.topArtists.length,
          limit,
          offset,
        },
      };
    case '/v1/me/tracks':
      return {
        status: 200,
        body: {
          items: profile.savedTracks.slice(offset, offset + limit).map((t, i) => ({
            added_at: new Date(Date.now() - i * 60_000).toISOString(),
            track: {
              id: `track${offset + i}`,
              name: t.name,
              // Tracks carry simplified artists: no genres, no images.
              artists: t.artists.map((a) => ({ id: a.id, name: a.name, type: 'artist' })),
            },
          })),
          total: profile.savedTracks.length,
          limit,
          offset,
        },
      };
    case '/v1/me/following': {
      const after = url.searchParams.get('after');
      const start = after ? profile.followed.findIndex((a) => a.id === after) + 1 : 0;
      const page = profile.followed.slice(start, start + limit);
      const last = page.at(-1);
      const more = start + limit < profile.followed.length;
      return {
        status: 200,
        body: {
          artists: {
            items: page.map(toArtist),
            total: profile.followed.length,
            limit,
            cursors: { after: more && last ? last.id : null },
            next: more ? 'more' : null,
          },
        },
      };
    }
    default:
      return { status: 404, body: { error: { status: 404, message: 'Service not found' } } };
  }
}
