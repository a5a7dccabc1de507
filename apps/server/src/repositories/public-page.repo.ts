import type { TShow } from '@encore/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { Orm } from '../db/client.ts';
import { performerProfile, user, venueProfile } from '../db/schema/index.ts';
import { CONFIRMED_SHOW, selectShows } from './show-select.ts';

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

    /** Every future show (cancelled ones too, marked by status), nearest first. */
    upcoming(column: 'performer_id' | 'venue_id', id: string): Promise<TShow[]> {
      return selectShows(
        orm,
        sql`s.${sql.raw(column)} = ${id} and s.starts_at >= now() and ${CONFIRMED_SHOW}`,
      );
    },

    /** The last 20 shows that have started, newest first. */
    past(performerId: string): Promise<TShow[]> {
      return selectShows(
        orm,
        sql`s.performer_id = ${performerId} and s.starts_at < now() and ${CONFIRMED_SHOW}`,
        sql`s.starts_at desc`,
        20,
      );
    },
  };
}

export type PublicPageRepo = ReturnType<typeof createPublicPageRepo>;
