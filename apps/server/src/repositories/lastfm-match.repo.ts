import { sql } from 'drizzle-orm';
import type { Orm } from '../db/client.ts';
import type { LastfmCandidate } from '../domain/lastfm-artist-match.ts';
import { matchedArtistCards, performersNamedOrLinked } from './artist-match-candidates.repo.ts';

/** Encore's side of matching Last.fm artists, and the cards of the artists found. SQL only. */
export function createLastfmMatchRepo(orm: Orm) {
  return {
    /**
     * Every performer whose normalised name is one of `names`, or whose website link names one of
     * `mbids` (lower-case): see performersNamedOrLinked.
     */
    async candidates(
      names: readonly string[],
      mbids: readonly string[],
    ): Promise<LastfmCandidate[]> {
      if (names.length === 0 && mbids.length === 0) return [];
      const rows = await performersNamedOrLinked(
        orm,
        names,
        sql`p.website_url`,
        sql`exists (
          select 1 from unnest(${sql.param([...mbids])}::text[]) as x(mbid)
          where strpos(lower(p.website_url), 'musicbrainz.org/artist/' || x.mbid) > 0)`,
      );
      return rows.map((r) => ({ performerId: r.id, name: r.name, websiteUrl: r.link }));
    },

    cards: matchedArtistCards(orm),
  };
}

export type LastfmMatchRepo = ReturnType<typeof createLastfmMatchRepo>;
