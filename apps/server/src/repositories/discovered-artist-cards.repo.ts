import type { TAlertChannel, TDiscoveredArtist } from '@encore/contract';
import { sql } from 'drizzle-orm';
import type { Orm } from '../db/client.ts';
import { CONFIRMED_SHOW } from './show-select.repo.ts';

type Row = {
  id: string;
  name: string;
  genres: string[];
  photo: string | null;
  tour_ends_at: Date | string | null;
  channels: TAlertChannel[] | null;
};

export type DiscoveredCards = {
  cards: TDiscoveredArtist[];
  /**
   * When the first of these artists stops being on tour by time alone (their last upcoming show
   * starts), in ms; null when none is on tour. A cached answer is true until then (or a write).
   */
  changesAt: number | null;
};

/**
 * Discovery's cards for `ids`, in that order: performers with a profile only, whether they are on
 * tour (an upcoming show that is not cancelled), and the fan's alert on them. Shared by Encore's
 * own search and the Spotify results.
 */
export async function discoveredArtistCards(
  tx: Orm,
  fanId: string,
  ids: readonly string[],
  now: Date,
): Promise<TDiscoveredArtist[]> {
  return (await discoveredArtistCardsUntil(tx, fanId, ids, now)).cards;
}

/** The cards, and when time alone changes them (DiscoveredCards.changesAt). */
export async function discoveredArtistCardsUntil(
  tx: Orm,
  fanId: string,
  ids: readonly string[],
  now: Date,
): Promise<DiscoveredCards> {
  if (ids.length === 0) return { cards: [], changesAt: null };
  const { rows } = await tx.execute<Row>(sql`
    select p.user_id as id, p.artist_name as name, p.genres, u.image as photo,
      (select max(s.starts_at) from shows s where s.performer_id = p.user_id and s.starts_at > ${now}
        and s.status <> 'cancelled' and ${CONFIRMED_SHOW}) as tour_ends_at,
      a.channels
    from unnest(${sql.param([...ids])}::text[]) with ordinality as x(id, n)
    join performer_profiles p on p.user_id = x.id
    join "user" u on u.id = x.id and u.role = 'performer'
    left join artist_alerts a on a.fan_id = ${fanId} and a.performer_id = x.id
    order by x.n`);
  const tourEnds = rows.flatMap((r) =>
    r.tour_ends_at ? [new Date(r.tour_ends_at).getTime()] : [],
  );
  return {
    cards: rows.map((r) => ({
      id: r.id,
      name: r.name,
      genres: r.genres,
      photoUrl: r.photo,
      onTour: r.tour_ends_at !== null,
      alertChannels: r.channels,
    })),
    changesAt: tourEnds.length > 0 ? Math.min(...tourEnds) : null,
  };
}
