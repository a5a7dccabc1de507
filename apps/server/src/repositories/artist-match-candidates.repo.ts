import { type SQL, sql } from 'drizzle-orm';
import type { Orm } from '../db/client.ts';
import { discoveredArtistCards } from './discovered-artist-cards.repo.ts';

/** A performer an import may match: its name and the one link the import looks at. */
export type MatchCandidateRow = { id: string; name: string; link: string | null };

/**
 * Every performer whose name, trimmed, single-spaced and lower-cased, is one of `names` (already
 * in that form), or for whom `linkMatches` holds (a condition on `p`, performer_profiles). Every
 * same-named one must come back, so that the import's service sees a shared name and never merges
 * two artists on it; `link` is the column the service reads the certain match from.
 */
export async function performersNamedOrLinked(
  orm: Orm,
  names: readonly string[],
  link: SQL,
  linkMatches: SQL,
): Promise<MatchCandidateRow[]> {
  const { rows } = await orm.execute<MatchCandidateRow>(sql`
    select p.user_id as id, p.artist_name as name, ${link} as link
    from performer_profiles p
    join "user" u on u.id = p.user_id and u.role = 'performer'
    where lower(regexp_replace(btrim(p.artist_name), '\\s+', ' ', 'g'))
        = any(${sql.param([...names])}::text[])
      or ${linkMatches}`);
  return rows;
}

/** The cards of the artists an import matched, as discovery shows them. */
export function matchedArtistCards(orm: Orm) {
  return (fanId: string, performerIds: readonly string[], now = new Date()) =>
    discoveredArtistCards(orm, fanId, performerIds, now);
}
