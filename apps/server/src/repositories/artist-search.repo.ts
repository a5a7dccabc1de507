import { sql } from 'drizzle-orm';
import type { Orm } from '../db/client.ts';
import {
  type DiscoveredCards,
  discoveredArtistCardsUntil,
} from './discovered-artist-cards.repo.ts';
import { CONFIRMED_SHOW } from './show-select.repo.ts';

export type ArtistSearch = {
  /** What the fan typed, trimmed; at least one character. */
  q: string;
  /** Genres the query names (the service decides which); empty: no genre branch. */
  genres: readonly string[];
  limit: number;
};

/** Close spellings need a few trigrams to compare; shorter queries only match by name or genre. */
const FUZZY_MIN_LENGTH = 3;
/**
 * How many candidates each branch hands to the ranking. Above it ('the', 'dj') the branch stops
 * early and ranks an arbitrary few hundred of its thousands of equally good matches, which keeps
 * the statement in single milliseconds however common the prefix; below it the ranking is exact.
 */
const BRANCH_CAP = 200;

/**
 * The least trigram similarity of a close spelling, of the whole name (`%`) or of its closest
 * words (`<%`). pg_trgm's defaults (0.3 and 0.6) let 'Ravi Jadramyt Quartet' match hundreds of
 * other quartets yet miss 'Bredoral' for 'Breadoral'; one typo in a name stays above 0.5.
 */
const CLOSE_SPELLING = 0.5;

/**
 * Words in so many names that a close spelling of them says nothing ('The Yg' is not close to
 * every band called The Something). Close spellings compare the rest of the query.
 */
const FILLER_WORDS = new Set(['the', 'a', 'an', 'and', '&', 'of', 'dj', 'mc', 'lil']);
const significantWords = (q: string) =>
  q
    .split(/\s+/)
    .filter((word) => !FILLER_WORDS.has(word.toLowerCase()))
    .join(' ');

const escapeLike = (q: string) => q.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Every artist on Encore (a performer with a profile) by name or genre, best first, with whether
 * they are on tour and the fan's alert on them. SQL only.
 *
 * Tiers, best first: 1 the name starts with the query (an exact name first of all), 2 a later
 * word does, 3 a genre it names ('rock', 'hip hop'), 4 the name contains it mid-word, 5 close
 * spellings. Within a tier: artists on tour, then shorter names (closer to what was typed), then
 * A–Z. Tiers 1–4 are the branches of one UNION ALL under a LIMIT, which Postgres runs in order
 * and stops as soon as the page is full: 'the t' never pays for the thousands of names that
 * merely contain "the". Close spellings are a second statement, only for a page still not full.
 * Names go through the trigram GIN index performer_profiles_name_trgm_idx, which serves ILIKE as
 * well as pg_trgm's `%` (a similar whole name) and `<%` (a misspelled word of a longer name).
 */
export function createArtistSearchRepo(orm: Orm) {
  async function matches(tx: Orm, search: ArtistSearch, now: Date): Promise<string[]> {
    const { q, genres, limit } = search;
    const escaped = escapeLike(q);
    const tiers = [
      sql`p.artist_name ilike ${`${escaped}%`}`,
      sql`p.artist_name ilike ${`% ${escaped}%`}`,
    ];
    if (genres.length > 0) tiers.push(sql`p.genres && ${sql.param([...genres])}::text[]`);
    // One or two letters inside a word match nearly every name, and give the index no trigram.
    if (q.length >= FUZZY_MIN_LENGTH) tiers.push(sql`p.artist_name ilike ${`%${escaped}%`}`);
    // Each tier leaves out the artists of the tiers before it, so nobody is listed twice.
    const branches = tiers.map(
      (where, n) => sql`
        (select c.id from (
          select p.user_id as id, p.artist_name as name from performer_profiles p
          where ${sql.join([where, ...tiers.slice(0, n).map((t) => sql`not (${t})`)], sql` and `)}
          limit ${BRANCH_CAP}
        ) c
        order by lower(c.name) = lower(${q}) desc,
          exists (select 1 from shows s where s.performer_id = c.id and s.starts_at > ${now}
            and s.status <> 'cancelled' and ${CONFIRMED_SHOW}) desc,
          length(c.name), c.name, c.id
        limit ${limit})`,
    );
    const { rows } = await tx.execute<{ id: string }>(
      sql`select t.id from (${sql.join(branches, sql` union all `)}) t limit ${limit}`,
    );
    return rows.map((r) => r.id);
  }

  async function closeSpellings(tx: Orm, q: string, except: string[], limit: number) {
    const { rows } = await tx.execute<{ id: string }>(sql`
      select c.id from (
        select p.user_id as id, p.artist_name as name,
          similarity(${q}, p.artist_name) + word_similarity(${q}, p.artist_name) as closeness
        from performer_profiles p
        where (${q} % p.artist_name or ${q} <% p.artist_name)
          and p.user_id <> all(${sql.param(except)}::text[])
        limit ${BRANCH_CAP * 4}
      ) c
      order by c.closeness desc, c.name, c.id
      limit ${limit}`);
    return rows.map((r) => r.id);
  }

  return {
    /** The cards, best first, and when time alone changes them (an artist's tour ends). */
    search(fanId: string, search: ArtistSearch, now = new Date()): Promise<DiscoveredCards> {
      return orm.transaction(async (tx) => {
        // Settings for this transaction only: the tiers' UNION ALL must run in order (a
        // parallel plan could interleave the branches under the LIMIT), and pg_trgm's
        // operators read their thresholds from settings.
        await tx.execute(sql`
          select set_config('max_parallel_workers_per_gather', '0', true),
            set_config('pg_trgm.similarity_threshold', ${String(CLOSE_SPELLING)}, true),
            set_config('pg_trgm.word_similarity_threshold', ${String(CLOSE_SPELLING)}, true)`);
        const ids = await matches(tx, search, now);
        const spelled = significantWords(search.q);
        if (ids.length < search.limit && spelled.length >= FUZZY_MIN_LENGTH) {
          ids.push(...(await closeSpellings(tx, spelled, ids, search.limit - ids.length)));
        }
        return discoveredArtistCardsUntil(tx, fanId, ids, now);
      });
    },
  };
}

export type ArtistSearchRepo = ReturnType<typeof createArtistSearchRepo>;
