import type { TOwnShow, TShowEventKind } from '@encore/contract';
import { eq, sql } from 'drizzle-orm';
import { PG_CHANNELS } from '../alerts/pg-channels.ts';
import type { Orm } from '../db/client.ts';
import { performerProfile, showEvents, shows, user, venueProfile } from '../db/schema/index.ts';
import { selectShows } from './show-select.ts';

export type ShowValues = typeof shows.$inferInsert;
export type StoredShow = typeof shows.$inferSelect;
export type ShowEvent = { kind: TShowEventKind; payload: Record<string, unknown> };
export type ShowChange = { values: Partial<ShowValues>; events: ShowEvent[] };

/** Shows and their change events; every write and its events commit together. */
export function createShowRepo(orm: Orm) {
  return {
    async row(id: string): Promise<StoredShow | null> {
      const [found] = await orm.select().from(shows).where(eq(shows.id, id));
      return found ?? null;
    },

    async show(id: string): Promise<TOwnShow | null> {
      const [found] = await selectShows(orm, sql`s.id = ${id}`);
      return found ?? null;
    },

    /** A user's shows as its performer or venue, newest start first. */
    mine(userId: string): Promise<TOwnShow[]> {
      return selectShows(
        orm,
        sql`(s.performer_id = ${userId} or s.venue_id = ${userId})`,
        sql`s.starts_at desc`,
      );
    },

    /** The performer's profile, when the user is a performer who has one. */
    async performer(userId: string) {
      const [found] = await orm
        .select({ name: performerProfile.artistName, genres: performerProfile.genres })
        .from(performerProfile)
        .innerJoin(user, eq(user.id, performerProfile.userId))
        .where(sql`${performerProfile.userId} = ${userId} and ${user.role} = 'performer'`);
      return found ?? null;
    },

    /** The venue's address and place, when the user is a venue that has a profile. */
    async venue(userId: string) {
      const [found] = await orm
        .select({
          name: venueProfile.venueName,
          state: venueProfile.state,
          latitude: venueProfile.latitude,
          longitude: venueProfile.longitude,
        })
        .from(venueProfile)
        .innerJoin(user, eq(user.id, venueProfile.userId))
        .where(sql`${venueProfile.userId} = ${userId} and ${user.role} = 'venue'`);
      return found ?? null;
    },

    async create(values: ShowValues, event: ShowEvent): Promise<string> {
      return orm.transaction(async (tx) => {
        const [created] = await tx.insert(shows).values(values).returning({ id: shows.id });
        const id = created?.id ?? '';
        const written = await tx
          .insert(showEvents)
          .values({ showId: id, ...event })
          .returning({ id: showEvents.id });
        await wakeMatcher(tx, written);
        return id;
      });
    },

    /**
     * Reads the show locked, lets `plan` decide (or throw) what changes and which events that
     * makes, and writes both: two concurrent edits cannot both diff against the same old row.
     */
    async change(id: string, plan: (row: StoredShow | null) => ShowChange): Promise<void> {
      await orm.transaction(async (tx) => {
        const [row] = await tx.select().from(shows).where(eq(shows.id, id)).for('update');
        const { values, events } = plan(row ?? null);
        await tx
          .update(shows)
          .set({ ...values, updatedAt: new Date() })
          .where(eq(shows.id, id));
        if (events.length > 0) {
          const written = await tx
            .insert(showEvents)
            .values(events.map((e) => ({ showId: id, ...e })))
            .returning({ id: showEvents.id });
          await wakeMatcher(tx, written);
        }
      });
    },

    events(showId: string) {
      return orm
        .select({ kind: showEvents.kind, payload: showEvents.payload })
        .from(showEvents)
        .where(eq(showEvents.showId, showId))
        .orderBy(showEvents.createdAt);
    },
  };
}

/**
 * Tells the alert engine about new events. NOTIFY inside the transaction is delivered only when
 * it commits, so the matcher never sees an event before its row; the matcher's sweep finds any
 * event whose notification was lost.
 */
async function wakeMatcher(tx: Pick<Orm, 'execute'>, events: Array<{ id: string }>) {
  for (const { id } of events) {
    await tx.execute(sql`select pg_notify(${PG_CHANNELS.showEvent}, ${id})`);
  }
}

export type ShowRepo = ReturnType<typeof createShowRepo>;
