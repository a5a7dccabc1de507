import { sql } from 'drizzle-orm';
import type { Orm } from '../../../src/db/client.ts';
import { METERS_PER_MILE } from '../../../src/domain/earth.ts';
import { type FansAtPlace, fansInReach } from '../../../src/domain/tour-planner/fans-in-reach.ts';
import type { PlannerArtist } from '../../../src/domain/tour-planner/types.ts';

const MAX_RADIUS_MILES = 100;
const MAX_BOXES = 150;

/**
 * The planner's demand as it was read before fan_homes (migration 0047): every fan profile in
 * reach grouped per plan, the artist's followers joined, counted per home point and radius
 * (the statement of repositories/tour-planner/planner-world-sql.repo.ts until then, word for word),
 * paired with the venues by the same fansInReach. The reference the kept counts must equal.
 */
export async function demandFromProfiles(
  orm: Orm,
  artist: PlannerArtist,
  venues: { latitude: number; longitude: number }[],
): Promise<{ followers: number; genreFans: number }[]> {
  const genres = sql`${sql.param(artist.genres)}::text[]`;
  const box = MAX_RADIUS_MILES * METERS_PER_MILE;
  const home = sql`ll_to_earth(f.latitude, f.longitude)`;
  const near =
    venues.length > MAX_BOXES
      ? sql`true`
      : sql.join(
          venues.map(
            (v) =>
              sql`earth_box(ll_to_earth(${v.latitude}::float8, ${v.longitude}::float8), ${box}::float8) @> ${home}`,
          ),
          sql` or `,
        );
  const { rows } = await orm.execute<FansAtPlace>(sql`
    with followers as (
      select fan_id from artist_alerts where performer_id = ${artist.performerId}
    ),
    by_radius as (
      select f.latitude, f.longitude, f.preferred_radius as radius,
        count(w.fan_id)::int as followers,
        count(*) filter (where w.fan_id is null)::int as genre_fans
      from fan_profiles f
      left join followers w on w.fan_id = f.user_id
      where (${near}) and (w.fan_id is not null or f.favorite_genres && ${genres})
      group by f.latitude, f.longitude, f.preferred_radius
    )
    select latitude, longitude, array_agg(radius) as radii, array_agg(followers) as followers,
      array_agg(genre_fans) as "genreFans"
    from by_radius
    group by latitude, longitude`);
  return fansInReach(venues, rows);
}
