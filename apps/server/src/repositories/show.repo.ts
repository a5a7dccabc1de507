import type { TOwnShow, TShowEventKind, TShowNoticeKind } from '@encore/contract';
import { eq, sql } from 'drizzle-orm';
import type { Orm } from '../db/client.ts';
import { PG_CHANNELS } from '../db/pg-channels.ts';
import {
  performerProfile,
  showEvents,
  showNotices,
  shows,
  user,
  venueProfile,
} from '../db/schema/index.ts';
import { encodeNotice } from '../db/show-notice-payload.ts';
import { selectShows } from './show-select.ts';

export type ShowValues = typeof shows.$inferInsert;
export type StoredShow = typeof shows.$inferSelect;
export type ShowEvent = { kind: TShowEventKind; payload: Record<string, unknown> };
/** A notice to the show's performer or venue about the other party's word (show-notices.ts). */
export type ShowNotice = { userId: string; kind: TShowNoticeKind };
export type ShowChange = {
  values: Partial<ShowValues>;
  events: ShowEvent[];
  notices?: ShowNotice[];
};
export type Tx = Parameters<Parameters<Orm['transaction']>[0]>[0];

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

    /**
     * Writes the show with its event (none while pending) and notices; answers both ids. Outside
     * the announce rules (no key, no duplicate check): the fan-out bench's own shows.
     */
    async create(
      values: ShowValues,
      events: ShowEvent[],
      notices: ShowNotice[],
    ): Promise<{ id: string; noticeIds: number[] }> {
      return orm.transaction((tx) => insertShow(tx, values, events, notices));
    },

    /**
     * Reads the show locked, lets `plan` decide (or throw) what changes and which events and
     * notices that makes, and writes them: two concurrent edits (or a confirmation racing an
     * edit) cannot both decide from the same old row. Answers the ids of the notices written.
     */
    async change(id: string, plan: (row: StoredShow | null) => ShowChange): Promise<number[]> {
      return orm.transaction(async (tx) => {
        const [row] = await tx.select().from(shows).where(eq(shows.id, id)).for('update');
        const { values, events, notices = [] } = plan(row ?? null);
        // Nothing to change (a repeated confirmation): the row and its updated_at stay as they are.
        if (Object.keys(values).length > 0 || events.length > 0) {
          await tx
            .update(shows)
            .set({ ...values, updatedAt: new Date() })
            .where(eq(shows.id, id));
        }
        await writeEvents(tx, id, events);
        return writeNotices(tx, id, notices);
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
 * A new show with its events and notices, inside the caller's transaction: announcing writes it
 * with its Idempotency-Key (show-announce.repo.ts), a confirmed booking request with the request's
 * own change (one commit).
 */
export async function insertShow(
  tx: Tx,
  values: ShowValues,
  events: ShowEvent[],
  notices: ShowNotice[],
): Promise<{ id: string; noticeIds: number[] }> {
  const [created] = await tx.insert(shows).values(values).returning({ id: shows.id });
  const id = created?.id ?? '';
  await writeEvents(tx, id, events);
  return { id, noticeIds: await writeNotices(tx, id, notices) };
}

async function writeEvents(tx: Tx, showId: string, events: ShowEvent[]) {
  if (events.length === 0) return;
  const written = await tx
    .insert(showEvents)
    .values(events.map((e) => ({ showId, ...e })))
    .returning({ id: showEvents.id });
  await wakeMatcher(tx, written);
}

/** The notices, and a NOTIFY per notice (at commit) for the notification streams. */
async function writeNotices(tx: Tx, showId: string, notices: ShowNotice[]): Promise<number[]> {
  if (notices.length === 0) return [];
  const written = await tx
    .insert(showNotices)
    .values(notices.map((n) => ({ showId, ...n })))
    .returning({ id: showNotices.id, userId: showNotices.userId });
  for (const notice of written) {
    await tx.execute(
      sql`select pg_notify(${PG_CHANNELS.notice}, ${encodeNotice(notice.id, notice.userId)})`,
    );
  }
  return written.map((n) => n.id);
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
