import type { TOwnShow, TShowEventKind, TShowNoticeKind } from '@encore/contract';
import { and, asc, eq, inArray, isNotNull, lte, sql } from 'drizzle-orm';
import type { Orm } from '../db/client.ts';
import { PG_CHANNELS } from '../db/pg-channels.ts';
import {
  performerProfile,
  showActs,
  showEvents,
  showNotices,
  shows,
  user,
  venueProfile,
} from '../db/schema/index.ts';
import { encodeNotice } from '../db/show-notice-payload.ts';
import type { BillAct } from '../domain/show-acts.ts';
import {
  ALERT_FACTS_COLUMNS,
  ALERT_FACTS_JOINS,
  type AlertFactsRow,
  type CapturedFacts,
} from './alert-facts.repo.ts';
import { showRevisions } from './show-revisions.repo.ts';
import { selectShows } from './show-select.repo.ts';
import { lockVenueNight, type NightShow, showOnVenueNight } from './venue-night.repo.ts';

/** A venue's name and place, as a show is written and an import matches its rows. */
export const VENUE_PLACE = {
  name: venueProfile.venueName,
  state: venueProfile.state,
  zipCode: venueProfile.zipCode,
  latitude: venueProfile.latitude,
  longitude: venueProfile.longitude,
};

export type ShowValues = typeof shows.$inferInsert;
export type StoredShow = typeof shows.$inferSelect;
/** `actPerformerId`: an event for that support act's watchers only (its confirmation). */
export type ShowEvent = {
  kind: TShowEventKind;
  payload: Record<string, unknown>;
  actPerformerId?: string | null;
};
/**
 * A notice to a party of the show about another's word (show-notices.ts); `actPerformerId`: the
 * support act it is about (the act asked, or the act whose word the announcer gets).
 */
export type ShowNotice = { userId: string; kind: TShowNoticeKind; actPerformerId?: string };
/** `acts`: the whole bill after the change, when it changes (written in place of the old). */
export type ShowChange = {
  values: Partial<ShowValues>;
  events: ShowEvent[];
  notices?: ShowNotice[];
  acts?: BillAct[];
};
export type Tx = Parameters<Parameters<Orm['transaction']>[0]>[0];
/**
 * The show the venue holds on a local night besides this one, read in the change's transaction
 * under the venue-night lock (venue-night.repo.ts).
 */
export type NightReader = (venueId: string, date: string) => Promise<NightShow | null>;
/** Decides, from the show read locked and its bill, what a change writes (`change` below). */
export type ShowChangePlan = (
  row: StoredShow | null,
  bill: BillAct[],
  night: NightReader,
) => ShowChange | Promise<ShowChange>;

/** Shows and their change events; every write and its events commit together. */
export function createShowRepo(orm: Orm) {
  return {
    async row(id: string): Promise<StoredShow | null> {
      const [found] = await orm.select().from(shows).where(eq(shows.id, id));
      return found ?? null;
    },

    /** The capacity of the show's Encore venue; null for a venue not on Encore (or no show). */
    async venueCapacityOfShow(id: string): Promise<number | null> {
      const [found] = await orm
        .select({ capacity: venueProfile.maxCapacity })
        .from(shows)
        .innerJoin(venueProfile, eq(venueProfile.userId, shows.venueId))
        .where(eq(shows.id, id));
      return found?.capacity ?? null;
    },

    /** The show as `viewerId` may see its bill (show-select.repo.ts); no viewer: the public's. */
    async show(id: string, viewerId: string | null = null): Promise<TOwnShow | null> {
      const [found] = await selectShows(orm, sql`s.id = ${id}`, undefined, undefined, viewerId);
      return found ?? null;
    },

    /**
     * A user's shows as its performer or venue, and those it is asked to play or plays as a
     * support act (not those it declined), newest start first.
     */
    mine(userId: string): Promise<TOwnShow[]> {
      return selectShows(
        orm,
        sql`(s.performer_id = ${userId} or s.venue_id = ${userId} or exists (
          select 1 from show_acts a where a.show_id = s.id and a.performer_id = ${userId}
            and a.confirmation <> 'declined'))`,
        sql`s.starts_at desc`,
        undefined,
        userId,
      );
    },

    /** The bill's acts in billing order. */
    acts: (showId: string) => readActs(orm, showId),

    /** The names of the performers (with a profile) among `ids`: id → artist name. */
    async artistNames(ids: string[]): Promise<Map<string, string>> {
      if (ids.length === 0) return new Map();
      const found = await orm
        .select({ id: performerProfile.userId, name: performerProfile.artistName })
        .from(performerProfile)
        .innerJoin(user, eq(user.id, performerProfile.userId))
        .where(sql`${inArray(performerProfile.userId, ids)} and ${user.role} = 'performer'`);
      return new Map(found.map((p) => [p.id, p.name]));
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
        .select(VENUE_PLACE)
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
     * edit) cannot both decide from the same old row. `plan` gets the bill as it is under that
     * lock too, and may read the night the show would take (`night`). Answers the ids of the
     * notices written.
     */
    async change(id: string, plan: ShowChangePlan): Promise<number[]> {
      return orm.transaction(async (tx) => {
        const [row] = await tx.select().from(shows).where(eq(shows.id, id)).for('update');
        const bill = row ? await readActs(tx, id) : [];
        const night: NightReader = async (venueId, date) => {
          await lockVenueNight(tx, venueId, date);
          return showOnVenueNight(tx, venueId, date, id);
        };
        const { values, events, notices = [], acts } = await plan(row ?? null, bill, night);
        if (acts) await writeActs(tx, id, acts, true);
        // Nothing to change (a repeated confirmation): the row and its updated_at stay as they are.
        if (Object.keys(values).length > 0 || events.length > 0 || acts) {
          await tx
            .update(shows)
            .set({ ...values, updatedAt: new Date() })
            .where(eq(shows.id, id));
        }
        await writeEvents(tx, id, events);
        return writeNotices(tx, id, notices);
      });
    },

    /**
     * Confirmed shows still 'announced' whose on-sale time has passed (`shows_on_sale_due_idx`),
     * earliest first: the on-sale release puts each on sale through `change`.
     */
    async dueOnSale(now: Date, limit: number): Promise<string[]> {
      const rows = await orm
        .select({ id: shows.id })
        .from(shows)
        .where(
          and(
            eq(shows.status, 'announced'),
            isNotNull(shows.onSaleAt),
            lte(shows.onSaleAt, now),
            eq(shows.confirmation, 'confirmed'),
          ),
        )
        .orderBy(asc(shows.onSaleAt))
        .limit(limit);
      return rows.map((row) => row.id);
    },

    /** What its calendar event says besides the public show (show-revisions.repo.ts). */
    revision: async (id: string) => (await showRevisions(orm, [id])).get(id) ?? null,

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
  acts: BillAct[] = [],
): Promise<{ id: string; noticeIds: number[] }> {
  const [created] = await tx.insert(shows).values(values).returning({ id: shows.id });
  const id = created?.id ?? '';
  await writeActs(tx, id, acts, false);
  await writeEvents(tx, id, events);
  return { id, noticeIds: await writeNotices(tx, id, notices) };
}

function readActs(db: Pick<Orm, 'select'>, showId: string): Promise<BillAct[]> {
  return db
    .select({
      performerId: showActs.performerId,
      name: showActs.name,
      confirmation: showActs.confirmation,
    })
    .from(showActs)
    .where(eq(showActs.showId, showId))
    .orderBy(asc(showActs.position));
}

/** The bill in billing order, in place of the one before (`replace`). */
async function writeActs(tx: Tx, showId: string, acts: BillAct[], replace: boolean) {
  if (replace) await tx.delete(showActs).where(eq(showActs.showId, showId));
  if (acts.length === 0) return;
  await tx.insert(showActs).values(acts.map((a, position) => ({ showId, position, ...a })));
}

/**
 * The events, each keeping the show's facts as this change leaves them (written after the show,
 * its bill and its profile joins, in the same transaction): the texts of every alert of the event
 * are made of them, so an alert reads as it was sent (alert-facts.repo.ts).
 */
async function writeEvents(tx: Tx, showId: string, events: ShowEvent[]) {
  if (events.length === 0) return;
  const facts = await factsNow(tx, showId);
  const written = await tx
    .insert(showEvents)
    .values(events.map((e) => ({ showId, ...e, payload: { ...e.payload, facts } })))
    .returning({ id: showEvents.id });
  await wakeMatcher(tx, written);
}

async function factsNow(tx: Tx, showId: string): Promise<CapturedFacts | null> {
  const { rows } = await tx.execute<AlertFactsRow>(sql`
    select ${sql.raw(ALERT_FACTS_COLUMNS)} from shows s ${sql.raw(ALERT_FACTS_JOINS)}
    where s.id = ${showId}`);
  const row = rows[0];
  if (!row) return null;
  const { artist, venue, city, state, starts_at, time_zone } = row;
  const startsAt = new Date(starts_at).toISOString();
  return { artist, venue, city, state, startsAt, timeZone: time_zone };
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
