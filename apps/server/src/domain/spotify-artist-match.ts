/**
 * Which Encore artist a Spotify artist is, if any. Matching is about not being wrong: an alert
 * on the wrong band of the same name is worse than no suggestion. So:
 * 1. the Spotify artist id in an Encore performer's music-provider link decides first;
 * 2. only then the name (case, spacing and Unicode forms ignored), and only when exactly one
 *    Encore performer has that name, that performer links no other Spotify artist, and no other
 *    artist in the fan's Spotify list has that name too.
 */

/** An Encore performer that may be a Spotify artist: found by its link's id or by its name. */
export type EncoreCandidate = { performerId: string; name: string; spotifyUrl: string | null };
export type SpotifyNamed = { id: string; name: string };
export type ArtistMatch = { performerId: string; by: 'spotify-id' | 'name' };

const SPOTIFY_ARTIST_URL =
  /^https?:\/\/open\.spotify\.com\/(?:intl-[a-z]{2}(?:-[a-z]{2})?\/)?artist\/([0-9A-Za-z]{22})(?:[/?#]|$)/i;

/** The artist id in https://open.spotify.com/artist/<id> (any locale prefix, query or not). */
export function spotifyArtistId(url: string | null): string | null {
  if (!url) return null;
  return SPOTIFY_ARTIST_URL.exec(url.trim())?.[1] ?? null;
}

/** The form names are compared in: 'The  Night Static ' and 'the night static' are one. */
export function normaliseArtistName(name: string): string {
  return name.normalize('NFKC').trim().replace(/\s+/g, ' ').toLowerCase();
}

function groupBy<T>(items: readonly T[], key: (item: T) => string | null): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const k = key(item);
    if (k === null) continue;
    const group = groups.get(k);
    if (group) group.push(item);
    else groups.set(k, [item]);
  }
  return groups;
}

/** The Encore artist each Spotify artist is (by Spotify id), absent when none is certain. */
export function matchSpotifyArtists(
  spotify: readonly SpotifyNamed[],
  candidates: readonly EncoreCandidate[],
): Map<string, ArtistMatch> {
  const byLinkedId = groupBy(candidates, (c) => spotifyArtistId(c.spotifyUrl));
  const byName = groupBy(candidates, (c) => normaliseArtistName(c.name));
  const distinct = [...new Map(spotify.map((a) => [a.id, a])).values()];
  const spotifyIdsByName = groupBy(distinct, (a) => normaliseArtistName(a.name));

  const matches = new Map<string, ArtistMatch>();
  for (const artist of distinct) {
    const linked = byLinkedId.get(artist.id);
    if (linked) {
      // Two Encore profiles claiming one Spotify artist: we cannot tell which is real.
      const [only] = linked;
      if (linked.length === 1 && only)
        matches.set(artist.id, { performerId: only.performerId, by: 'spotify-id' });
      continue;
    }
    const name = normaliseArtistName(artist.name);
    if ((spotifyIdsByName.get(name)?.length ?? 0) > 1) continue;
    const named = byName.get(name) ?? [];
    const [only] = named;
    if (named.length !== 1 || !only) continue;
    const linkedId = spotifyArtistId(only.spotifyUrl);
    if (linkedId !== null && linkedId !== artist.id) continue;
    matches.set(artist.id, { performerId: only.performerId, by: 'name' });
  }
  return matches;
}
