import { and, eq, sql } from 'drizzle-orm';
import { SHOW_ANNOUNCE_LOCK_CLASS } from '../db/advisory-locks.ts';
import type { Orm } from '../db/client.ts';
import { showAnnounceKeys } from '../db/schema/index.ts';
import type { BillAct } from '../domain/show-acts.ts';
import {
  insertShow,
  type ShowEvent,
  type ShowNotice,
  type ShowValues,
  type Tx,
} from './show.repo.ts';
import { lockVenueNight, type NightShow, showOnVenueNight } from './venue-night.repo.ts';

/** The caller's Idempotency-Key, scoped to them, with the hash of the request it came with. */
export type AnnounceKey = { userId: string; key: string; fingerprint: string };

/** What is already there when a show is about to be announced; the service decides from it. */
export type AnnounceFacts = {
  /** The show this user's key already made, and the request it was made for. */
  keyed: { showId: string; fingerprint: string } | null;
  /** A live show of the same performer, at the same venue, starting at the same instant. */
  duplicateId: string | null;
  /** A live show of the same performer on the same local day at another venue. */
  sameDay: { showId: string; venueName: string } | null;
  /** A show the Encore venue already holds that local night (venue-night.repo.ts). */
  night: NightShow | null;
};

/** Create the show, or answer one already there (a repeat of the key's request). */
export type AnnounceDecision = { create: true } | { create: false; showId: string };

export type AnnounceWrite = {
  key: AnnounceKey | null;
  /** The new show's local day (YYYY-MM-DD, at its venue), for the same-day and night rules. */
  localDate: string;
  values: ShowValues;
  events: ShowEvent[];
  notices: ShowNotice[];
  /** The bill (planBill), written with the show. */
  acts: BillAct[];
};

/** Another request with the same key committed between our look-up and our insert. */
class KeyTakenMeanwhile extends Error {}

/** Announcing, one submission at a time per performer (the rules are in show-announce.service). */
export function createShowAnnounceRepo(orm: Orm) {
  async function attempt(write: AnnounceWrite, decide: (facts: AnnounceFacts) => AnnounceDecision) {
    return orm.transaction(async (tx) => {
      const venueId = write.values.venueId ?? null;
      if (venueId) await lockVenueNight(tx, venueId, write.localDate);
      await tx.execute(
        sql`select pg_advisory_xact_lock(${SHOW_ANNOUNCE_LOCK_CLASS}, hashtext(${write.values.performerId}))`,
      );
      const decision = decide(await facts(tx, write));
      if (!decision.create) return { id: decision.showId, created: false, noticeIds: [] };
      const { id, noticeIds } = await insertShow(
        tx,
        write.values,
        write.events,
        write.notices,
        write.acts,
      );
      if (write.key) {
        const stored = await tx
          .insert(showAnnounceKeys)
          .values({ ...write.key, showId: id })
          .onConflictDoNothing()
          .returning({ key: showAnnounceKeys.key });
        // Rolls the show back; the retry below reads the winner's key row.
        if (stored.length === 0) throw new KeyTakenMeanwhile();
      }
      return { id, created: true, noticeIds };
    });
  }

  return {
    /**
     * Under the performer's announce lock: gathers the facts, lets `decide` answer or throw, and
     * writes the show with its key in one transaction. The key's primary key is the last word for
     * requests the lock does not serialise (one user's key sent for two performers at once): the
     * loser's show is rolled back and it decides again, now seeing the winner's key.
     */
    async announce(
      write: AnnounceWrite,
      decide: (facts: AnnounceFacts) => AnnounceDecision,
    ): Promise<{ id: string; created: boolean; noticeIds: number[] }> {
      try {
        return await attempt(write, decide);
      } catch (error) {
        if (!(error instanceof KeyTakenMeanwhile)) throw error;
        return attempt(write, decide);
      }
    },
  };
}

type RuleValues = Pick<
  ShowValues,
  'performerId' | 'venueId' | 'externalName' | 'externalZip' | 'startsAt'
>;

function announceRule(values: RuleValues) {
  // The same place: the same Encore venue, or an external one of the same name and ZIP.
  const sameVenue = sql`coalesce(s.venue_id = ${values.venueId ?? null}::text
    or (s.venue_id is null and ${values.venueId ?? null}::text is null
      and lower(s.external_name) = lower(${values.externalName ?? null}::text)
      and s.external_zip = ${values.externalZip ?? null}::text), false)`;
  const live = sql`s.performer_id = ${values.performerId} and s.status <> 'cancelled'
    and s.confirmation <> 'declined'`;
  return { sameVenue, live };
}

/**
 * One show, one alert (decision 019): the live show of the same performer at the same place
 * starting at the same instant, if there is one. Announcing refuses such a show; an import's
 * preview lists the row as already on Encore.
 */
export async function duplicateShowId(
  db: Pick<Orm, 'execute'>,
  values: RuleValues,
): Promise<string | null> {
  const { sameVenue, live } = announceRule(values);
  const { rows } = await db.execute<{ id: string }>(sql`
    select s.id from shows s
    where ${live} and s.starts_at = ${values.startsAt}::timestamptz and ${sameVenue}
    order by s.created_at limit 1`);
  return rows[0]?.id ?? null;
}

/** A live show of the same performer on the same local day at another place (the form asks). */
export async function sameDayShow(
  db: Pick<Orm, 'execute'>,
  values: RuleValues,
  localDate: string,
): Promise<{ showId: string; venueName: string } | null> {
  const { sameVenue, live } = announceRule(values);
  const { rows } = await db.execute<{ id: string; venue_name: string }>(sql`
    select s.id, coalesce(vp.venue_name, s.external_name) as venue_name
    from shows s left join venue_profiles vp on vp.user_id = s.venue_id
    where ${live} and not ${sameVenue}
      and (s.starts_at at time zone s.time_zone)::date = ${localDate}::date
    order by s.starts_at limit 1`);
  const [day] = rows;
  return day ? { showId: day.id, venueName: day.venue_name } : null;
}

async function facts(tx: Tx, write: AnnounceWrite): Promise<AnnounceFacts> {
  const { values, key, localDate } = write;
  const keyed = key
    ? await tx
        .select({ showId: showAnnounceKeys.showId, fingerprint: showAnnounceKeys.fingerprint })
        .from(showAnnounceKeys)
        .where(and(eq(showAnnounceKeys.userId, key.userId), eq(showAnnounceKeys.key, key.key)))
    : [];
  const duplicateId = await duplicateShowId(tx, values);
  const sameDay = await sameDayShow(tx, values, localDate);
  const night = values.venueId ? await showOnVenueNight(tx, values.venueId, localDate) : null;
  return {
    keyed: keyed[0] ?? null,
    duplicateId,
    sameDay,
    night,
  };
}
export type ShowAnnounceRepo = ReturnType<typeof createShowAnnounceRepo>;
