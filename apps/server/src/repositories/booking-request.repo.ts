import type { GENRES, TBookingRequest } from '@encore/contract';
import { eq, type SQL, sql } from 'drizzle-orm';
import { uniqueViolationConstraint } from '../auth/unique-violation.ts';
import { SHOW_ANNOUNCE_LOCK_CLASS } from '../db/advisory-locks.ts';
import type { Orm } from '../db/client.ts';
import { bookingRequests } from '../db/schema/index.ts';
import type { BillAct } from '../domain/show-acts.ts';
import { type BookingNotice, writeBookingNotice } from './booking-notice.repo.ts';
import type { ShowEvent, ShowNotice, ShowValues, Tx } from './show.repo.ts';
import { insertShow } from './show.repo.ts';
import { lockVenueNight, showOnVenueNight } from './venue-night.repo.ts';

export type BookingRow = typeof bookingRequests.$inferSelect;
type BookingValues = typeof bookingRequests.$inferInsert;

/**
 * A change `plan` decided on a locked request: its new columns, the notice it gives the other
 * side, and, on confirm, its show.
 */
export type BookingChange = {
  values: Partial<BookingValues>;
  notice: BookingNotice;
  show?: { values: ShowValues; events: ShowEvent[]; notices: ShowNotice[]; acts?: BillAct[] };
};

/** The answer of a write the unique indexes settled: another open request or hold won the race. */
export type Written<T> = { ok: true; value: T } | { ok: false; lost: 'open' | 'held' };

type ViewRow = Omit<TBookingRequest, 'createdAt' | 'answeredAt'> & {
  createdAt: Date;
  answeredAt: Date | null;
};

/**
 * What either side may see: the other's public name and the venue's city, never a contact. The
 * performer has no city of its own on Encore: `city` and `state` are the night's (the venue's).
 */
async function selectView(orm: Orm | Tx, where: SQL): Promise<TBookingRequest[]> {
  const { rows } = await orm.execute<ViewRow>(sql`
    select b.id, b.performer_id as "performerId", pp.artist_name as "performerName",
      pp.genres as "performerGenres", b.venue_id as "venueId", vp.venue_name as "venueName",
      vp.city, vp.state, b.date::text as date, b.message, b.state as status,
      b.decline_note as "declineNote", b.plan_id as "planId", b.show_id as "showId",
      b.created_at as "createdAt", b.answered_at as "answeredAt"
    from booking_requests b
    join performer_profiles pp on pp.user_id = b.performer_id
    join venue_profiles vp on vp.user_id = b.venue_id
    where ${where}
    order by b.created_at desc, b.id desc`);
  return rows.map((r) => ({
    ...r,
    createdAt: new Date(r.createdAt).toISOString(),
    answeredAt: r.answeredAt === null ? null : new Date(r.answeredAt).toISOString(),
  }));
}

/**
 * A live show at the venue that local night, or a hold on it by another request. `except`: the
 * request asking (its own hold does not count), or the performer (its own requests do not).
 */
/** What an answer may ask about the request's night, read in the answer's own transaction. */
export type Night = {
  /**
   * Holds the venue's night for this transaction (venue-night.repo.ts), before a show is written on
   * it: a show announced or confirmed there meanwhile waits, then sees this one.
   */
  hold: () => Promise<void>;
  /**
   * A show the venue holds that night (venue-night.repo.ts: confirmed, or its own waiting for the
   * performer), or another performer's hold.
   */
  taken: () => Promise<boolean>;
  /**
   * The performer's live show that day anywhere, read under the performer's announce lock (as
   * announcing reads it), so a show announced meanwhile and this one cannot both be written.
   */
  performerShow: () => Promise<{ showId: string; venueName: string } | null>;
};

async function performerShowThatDay(tx: Tx, performerId: string, date: string) {
  await tx.execute(
    sql`select pg_advisory_xact_lock(${SHOW_ANNOUNCE_LOCK_CLASS}, hashtext(${performerId}))`,
  );
  const { rows } = await tx.execute<{ showId: string; venueName: string }>(sql`
    select s.id as "showId", coalesce(vp.venue_name, s.external_name) as "venueName"
    from shows s left join venue_profiles vp on vp.user_id = s.venue_id
    where s.performer_id = ${performerId} and s.status <> 'cancelled'
      and s.confirmation <> 'declined'
      and (s.starts_at at time zone s.time_zone)::date = ${date}::date
    order by s.starts_at limit 1`);
  return rows[0] ?? null;
}

async function nightTaken(
  db: Orm | Tx,
  venueId: string,
  date: string,
  except: { requestId?: string; performerId?: string },
): Promise<boolean> {
  // The shows that hold a venue's night are the ones announcing and confirming count too.
  if (await showOnVenueNight(db, venueId, date)) return true;
  const { rows } = await db.execute<{ taken: boolean }>(sql`
    select exists (
      select 1 from booking_requests b
      where b.venue_id = ${venueId} and b.date = ${date}::date and b.state = 'held'
        and b.id <> ${except.requestId ?? ''} and b.performer_id <> ${except.performerId ?? ''}
    ) as taken`);
  return rows[0]?.taken ?? false;
}

/** Which partial unique index refused a write: the caller answers 409, never 500. */
function lostRace(error: unknown): 'open' | 'held' | undefined {
  const constraint = uniqueViolationConstraint(error);
  if (constraint === 'booking_requests_open_idx') return 'open';
  if (constraint === 'booking_requests_held_idx') return 'held';
  return undefined;
}

/** Booking requests; every change to one (and the show it becomes) commits in one transaction. */
export function createBookingRequestRepo(orm: Orm) {
  return {
    /** The venue's name and place, when the user is a venue with a profile. */
    async venue(userId: string) {
      const { rows } = await orm.execute<{
        name: string;
        state: string;
        zipCode: string;
        latitude: number;
        longitude: number;
      }>(sql`
        select vp.venue_name as name, vp.state, vp.zip_code as "zipCode", vp.latitude, vp.longitude
        from venue_profiles vp join "user" u on u.id = vp.user_id
        where vp.user_id = ${userId} and u.role = 'venue'`);
      return rows[0] ?? null;
    },

    async performer(userId: string) {
      const { rows } = await orm.execute<{ name: string; genres: (typeof GENRES)[number][] }>(sql`
        select pp.artist_name as name, pp.genres
        from performer_profiles pp join "user" u on u.id = pp.user_id
        where pp.user_id = ${userId} and u.role = 'performer'`);
      return rows[0] ?? null;
    },

    async isOwnPlan(planId: string, performerId: string): Promise<boolean> {
      const { rows } = await orm.execute(
        sql`select 1 from tour_plans where id = ${planId} and performer_id = ${performerId}`,
      );
      return rows.length > 0;
    },

    async hasOpen(performerId: string, venueId: string, date: string): Promise<boolean> {
      const { rows } = await orm.execute(sql`
        select 1 from booking_requests
        where performer_id = ${performerId} and venue_id = ${venueId} and date = ${date}::date
          and state in ('pending', 'held')`);
      return rows.length > 0;
    },

    nightTaken: (venueId: string, date: string, performerId: string) =>
      nightTaken(orm, venueId, date, { performerId }),

    /** The new request and its notice to the venue, in one transaction. */
    async insert(values: BookingValues, notice: BookingNotice): Promise<Written<string>> {
      try {
        const id = await orm.transaction(async (tx) => {
          const [row] = await tx
            .insert(bookingRequests)
            .values(values)
            .returning({ id: bookingRequests.id });
          const created = row?.id ?? '';
          await writeBookingNotice(tx, created, notice);
          return created;
        });
        return { ok: true, value: id };
      } catch (error) {
        const lost = lostRace(error);
        if (lost) return { ok: false, lost };
        throw error;
      }
    },

    async row(id: string): Promise<BookingRow | null> {
      const [row] = await orm.select().from(bookingRequests).where(eq(bookingRequests.id, id));
      return row ?? null;
    },

    async view(id: string): Promise<TBookingRequest | null> {
      return (await selectView(orm, sql`b.id = ${id}`))[0] ?? null;
    },

    /** A performer's sent requests (of one plan, when given) or a venue's received ones. */
    list(side: 'performer' | 'venue', userId: string, planId?: string) {
      const party = side === 'performer' ? sql`b.performer_id` : sql`b.venue_id`;
      const plan = planId === undefined ? sql`true` : sql`b.plan_id = ${planId}`;
      return selectView(orm, sql`${party} = ${userId} and ${plan}`);
    },

    /**
     * Reads the request locked, lets `plan` decide (or throw) with the night's state read in the
     * same transaction, and writes the change and its show together. Two venues' answers, or an
     * answer racing a withdrawal, cannot both decide from the same old row; two holds of one
     * night by different requests are settled by the held index. The change's notice is written
     * in the same transaction: a change refused or lost to a race leaves none.
     */
    async change(
      id: string,
      plan: (row: BookingRow | null, night: Night) => Promise<BookingChange>,
    ): Promise<Written<{ noticeIds: number[] }>> {
      try {
        const value = await orm.transaction(async (tx) => {
          const [row] = await tx
            .select()
            .from(bookingRequests)
            .where(eq(bookingRequests.id, id))
            .for('update');
          const taken = () =>
            row
              ? nightTaken(tx, row.venueId, row.date, { requestId: row.id })
              : Promise.resolve(false);
          const hold = async () => {
            if (row) await lockVenueNight(tx, row.venueId, row.date);
          };
          const performerShow = () =>
            row ? performerShowThatDay(tx, row.performerId, row.date) : Promise.resolve(null);
          const { values, notice, show } = await plan(row ?? null, { hold, taken, performerShow });
          const created = show
            ? await insertShow(tx, show.values, show.events, show.notices, show.acts)
            : { id: null, noticeIds: [] };
          await writeBookingNotice(tx, id, notice);
          await tx
            .update(bookingRequests)
            .set(created.id ? { ...values, showId: created.id } : values)
            .where(eq(bookingRequests.id, id));
          return { noticeIds: created.noticeIds };
        });
        return { ok: true, value };
      } catch (error) {
        const lost = lostRace(error);
        if (lost) return { ok: false, lost };
        throw error;
      }
    },

    /** Where the mails go: the venue's booking address, the performer's agent or account email. */
    async contacts(id: string) {
      const { rows } = await orm.execute<{ venueEmail: string; performerEmail: string }>(sql`
        select coalesce(nullif(vp.booking_email, ''), vu.email) as "venueEmail",
          coalesce(nullif(pp.booking_agent_email, ''), pu.email) as "performerEmail"
        from booking_requests b
        join "user" vu on vu.id = b.venue_id
        join "user" pu on pu.id = b.performer_id
        left join venue_profiles vp on vp.user_id = b.venue_id
        left join performer_profiles pp on pp.user_id = b.performer_id
        where b.id = ${id}`);
      return rows[0] ?? null;
    },
  };
}

export type BookingRequestRepo = ReturnType<typeof createBookingRequestRepo>;
