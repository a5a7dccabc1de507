import { sql } from 'drizzle-orm';
import { VENUE_NIGHT_LOCK_CLASS } from '../db/advisory-locks.ts';
import type { Orm } from '../db/client.ts';
import type { Tx } from './show.repo.ts';

/** The show that holds a venue's night, with the venue's name for the question. */
export type NightShow = { showId: string; venueName: string };

/**
 * Holds the venue's local night (YYYY-MM-DD) until the transaction ends: announcing, confirming,
 * moving a show and booking requests check the night one after the other, never each missing the
 * other's show. Taken before the per-performer announce lock.
 */
export async function lockVenueNight(tx: Tx, venueId: string, date: string): Promise<void> {
  await tx.execute(
    sql`select pg_advisory_xact_lock(${VENUE_NIGHT_LOCK_CLASS}, hashtext(${venueId} || '/' || ${date}))`,
  );
}

/**
 * A live show at the venue on that local night that the venue has agreed to: confirmed, or
 * announced by the venue itself and waiting only for its performer (the venue said yes to it
 * already). `exceptShowId`: the show being checked.
 */
export async function showOnVenueNight(
  db: Orm | Tx,
  venueId: string,
  date: string,
  exceptShowId: string | null = null,
): Promise<NightShow | null> {
  const { rows } = await db.execute<NightShow>(sql`
    select s.id as "showId", vp.venue_name as "venueName"
    from shows s join venue_profiles vp on vp.user_id = s.venue_id
    where s.venue_id = ${venueId} and s.status <> 'cancelled'
      and (s.confirmation = 'confirmed' or (s.confirmation = 'pending' and s.created_by = s.venue_id))
      and s.starts_at between ${date}::date - interval '2 days' and ${date}::date + interval '2 days'
      and (s.starts_at at time zone s.time_zone)::date = ${date}::date
      and s.id <> ${exceptShowId ?? ''}
    order by s.starts_at limit 1`);
  return rows[0] ?? null;
}
