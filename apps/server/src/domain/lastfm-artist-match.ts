import { normaliseArtistName } from './spotify-artist-match.ts';

/**
 * Which Encore artist a Last.fm artist is. As with Spotify, an alert on the wrong band of the
 * same name is worse than none, but Last.fm names an artist by its name (and, often, its
 * MusicBrainz id), so:
 * 1. an Encore performer whose website link is the MusicBrainz page of the artist's MBID decides;
 * 2. else the name (case, spacing and Unicode forms ignored): one Encore performer of that name
 *    is a match; several are the fan's to choose between, never ours. A performer linking
 *    another MBID is someone else.
 */

/** An Encore performer that may be a Last.fm artist: found by its name or its MusicBrainz link. */
export type LastfmCandidate = { performerId: string; name: string; websiteUrl: string | null };
export type LastfmNamed = { name: string; mbid: string | null };
export type LastfmMatch =
  | { kind: 'match'; performerId: string }
  | { kind: 'ambiguous'; performerIds: string[] }
  | { kind: 'none' };

const MUSICBRAINZ_ARTIST_URL =
  /^https?:\/\/(?:www\.|beta\.)?musicbrainz\.org\/artist\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})(?:[/?#]|$)/i;

/** The MBID in https://musicbrainz.org/artist/<mbid>, lower-cased; null for any other link. */
export function musicBrainzArtistId(url: string | null): string | null {
  if (!url) return null;
  return MUSICBRAINZ_ARTIST_URL.exec(url.trim())?.[1]?.toLowerCase() ?? null;
}

/** Each Last.fm artist's Encore match, in the order given. */
export function matchLastfmArtists(
  artists: readonly LastfmNamed[],
  candidates: readonly LastfmCandidate[],
): LastfmMatch[] {
  return artists.map((artist) => {
    const mbid = artist.mbid?.toLowerCase() ?? null;
    const linked = mbid ? candidates.filter((c) => musicBrainzArtistId(c.websiteUrl) === mbid) : [];
    const name = normaliseArtistName(artist.name);
    const named = linked.length
      ? linked
      : candidates.filter((c) => {
          if (normaliseArtistName(c.name) !== name) return false;
          const theirs = musicBrainzArtistId(c.websiteUrl);
          return !(mbid && theirs && theirs !== mbid);
        });
    const ids = [...new Set(named.map((c) => c.performerId))];
    const [only] = ids;
    if (ids.length === 1 && only) return { kind: 'match', performerId: only };
    if (ids.length > 1) return { kind: 'ambiguous', performerIds: ids };
    return { kind: 'none' };
  });
}
