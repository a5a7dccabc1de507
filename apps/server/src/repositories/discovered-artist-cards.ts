import type { TAlertChannel, TDiscoveredArtist } from '@encore/contract';
import { sql } from 'drizzle-orm';
import type { Orm } from '../db/client.ts';
import { CONFIRMED_SHOW } from './show-select.ts';

type Row = {
  id: string;
  name: string;
  genres: string[];
  photo: string | null;
  on_tour: boolean;
  channels: TAlertChannel[] | null;
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
  if (ids.length === 0) return [];
  const { rows } = await tx.execute<Row>(sql`
    select p.user_id as id, p.artist_name as name, p.genres, u.image as photo,
      exists (select 1 from shows s where s.performer_id = p.user_id and s.starts_at > ${now}
        and s.status <> 'cancelled' and ${CONFIRMED_SHOW}) as on_tour,
      a.channels
    from unnest(${sql.param([...ids])}::text[]) with ordinality as x(id, n)
    join performer_profiles p on p.user_id = x.id
    join "user" u on u.id = x.id and u.role = 'performer'
    left join artist_alerts a on a.fan_id = ${fanId} and a.performer_id = x.id
    order by x.n`);
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    genres: r.genres,
    photoUrl: r.photo,
    onTour: r.on_tour,
    alertChannels: r.channels,
  }));
}
