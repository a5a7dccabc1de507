import type { TShow } from '@encore/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { Orm } from '../db/client.ts';
import { performerProfile, user, venueProfile } from '../db/schema/index.ts';
import { CONFIRMED_SHOW, selectShows } from './show-select.ts';

/** Shows (alias s) the artist headlines or plays as a confirmed support act. */
const playedBy = (performerId: string) => sql`(s.performer_id = ${performerId} or exists (
  select 1 from show_acts a where a.show_id = s.id and a.performer_id = ${performerId}
    and a.confirmation = 'confirmed'))`;

/** The public artist and venue pages: the profile and its confirmed shows. */
export function createPublicPageRepo(orm: Orm) {
  return {
    async artist(id: string) {
      const [found] = await orm
        .select({ profile: performerProfile, photoUrl: user.image })
        .from(performerProfile)
        .innerJoin(user, eq(user.id, performerProfile.userId))
        .where(and(eq(performerProfile.userId, id), eq(user.role, 'performer')));
      return found ?? null;
    },

    async venue(id: string) {
      const [found] = await orm
        .select({ profile: venueProfile, photoUrl: user.image })
        .from(venueProfile)
        .innerJoin(user, eq(user.id, venueProfile.userId))
        .where(and(eq(venueProfile.userId, id), eq(user.role, 'venue')));
      return found ?? null;
    },

    /**
     * Every future show (cancelled ones too, marked by status), nearest first. An artist's are
     * those it headlines and those it confirmed playing as a support act.
     */
    upcoming(column: 'performer_id' | 'venue_id', id: string): Promise<TShow[]> {
      const own = column === 'performer_id' ? playedBy(id) : sql`s.venue_id = ${id}`;
      return selectShows(orm, sql`${own} and s.starts_at >= now() and ${CONFIRMED_SHOW}`);
    },

    /** The last 20 shows that have started, newest first (headlined or supported). */
    past(performerId: string): Promise<TShow[]> {
      return selectShows(
        orm,
        sql`${playedBy(performerId)} and s.starts_at < now() and ${CONFIRMED_SHOW}`,
        sql`s.starts_at desc`,
        20,
      );
    },
  };
}

export type PublicPageRepo = ReturnType<typeof createPublicPageRepo>;
