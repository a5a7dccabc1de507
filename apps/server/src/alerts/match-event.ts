import { type Orm, ownSession, type PooledOrm } from '../db/client.ts';
import { ALL_FANS, type FanRange } from '../repositories/alerts/fan-range.repo.ts';
import { matchRepo } from '../repositories/alerts/match.repo.ts';
import type { DeliveryPart, EventFacts } from '../repositories/alerts/match-audience.repo.ts';
import { reachRepo } from '../repositories/alerts/reach.repo.ts';
import { mapConcurrently } from './channels/map-concurrently.ts';
import { fanSlices, SLICE_FANS } from './match-slices.ts';
import { encodeMatchedNotice, encodeReachNotice, MATCHED_ROWS_NAMED } from './matched-notice.ts';

/** drizzle's transaction handle: the demo loader matches inside its own transaction. */
type OrmTransaction = Parameters<Parameters<Orm['transaction']>[0]>[0];

export type MatchOptions = {
  /** Fans per slice (match-slices.ts); tests make it small to slice a small world. */
  sliceFans?: number;
  /** Slices written at once, each on its own connection. */
  parallel?: number;
  /**
   * Rows after which a match with ranges still to write pauses dispatch
   * (repositories/alerts/match-locks.repo.ts).
   */
  bigMatchRows?: number;
  /**
   * Tests only: runs once a sliced audience's reach has committed, before its in-app pass (a
   * test reads the centres in between).
   */
  afterReach?: () => Promise<void>;
  /** Hears each match this process completes: its rows and seconds (the workers' /metrics). */
  onMatched?: (rows: number, seconds: number) => void;
};

/** Two slices at once: one writes while the other plans and reads (two cores on the bench). */
const PARALLEL_SLICES = 2;

/**
 * A match whose in-app pass has written this many rows and still has ranges to start is big:
 * from the commit of that range until the pass's last range is written it holds the big-match
 * lock, and push, email and SMS wait (at most DISPATCH_DEFAULTS.yieldToMatchMs) while every fan
 * gets the in-app alert.
 * On the bench a 500,000-fan announcement's first range is big already; an ordinary show's
 * whole audience is written before it counts, and its alerts go out at once.
 */
const BIG_MATCH_ROWS = 10_000;

/**
 * Writes the deliveries of one show event (repositories/alerts/match-audience.repo.ts says who gets
 * what), and marks the event matched. Returns the rows written, or null when the event is already
 * matched, gone, or being matched by another session.
 *
 * Only one session matches an event at a time (an advisory lock held for the whole match, let go
 * if the matcher dies). The match begins by drawing the event's in-app id (decision 059); a match
 * that finds it drawn is a rerun, whose ranges skip the rows the outbox's unique keys already
 * hold, so a match that failed halfway is simply run again.
 *
 * A small audience is one transaction. A big one (a world of more than `sliceFans` fans) is
 * reached first, at one commit (decision 064: every fan of it has the alert from then on, read
 * from the match's rules until their row is written), then written one fan range per
 * transaction, two at a time, each NOTIFYing its range as it commits, and the whole is
 * written sooner than by one statement (docs/performance.md). It is written in two passes over
 * the ranges (decision 056): every fan's in-app row first, then the push, email and SMS rows,
 * which dispatch sends as each range commits. Once the in-app pass has written BIG_MATCH_ROWS it
 * has dispatch wait until that pass is over (decision 015). matched_at is set after the last
 * range, so an event left half written is picked up again by the sweep.
 */
export async function matchEvent(
  orm: PooledOrm,
  eventId: string,
  options: MatchOptions = {},
): Promise<number | null> {
  const session = await ownSession(orm);
  const own = session.client;
  let broken: Error | undefined;
  let claimed = false;
  // Settles when a sliced announcement's genre-and-radius fans are stored; undefined otherwise.
  let nearby: Promise<void> | undefined;
  // Whether they are stored yet: an in-app range that begins before finds its own inline.
  let nearbyStored = false;
  // Until then the in-app ranges take turns beside the store (oneAtATimeUntil).
  let inlineTurns: ReturnType<typeof oneAtATimeUntil> | undefined;
  const startedAt = performance.now();
  try {
    claimed = await matchRepo.claimEvent(own, eventId);
    if (!claimed) return null;
    // A follow-up that reaches whom the show's earlier alerts reached waits until they are
    // written (a big one's fans have it before its rows: decision 064): the earlier match, once
    // marked, announces it again (matchRepo.markMatched), and the matcher queues it then; the
    // sweep (SWEEP_MS, alerts/alert-workers.ts) is the net for a notice lost.
    if (await matchRepo.waitsForEarlier(own, eventId)) return null;
    const begun = await matchRepo.beginMatch(own, eventId);
    if (!begun) return null;
    const ev = await matchRepo.eventFacts(own, eventId);
    if (!ev) return null;
    const slices = await fanSlices(own, options.sliceFans ?? SLICE_FANS);
    // A sliced announcement's genre-and-radius fans, found once for every range instead of by
    // each range again (repositories/alerts/match-nearby.repo.ts; docs/performance.md). Found on a
    // connection of its own; the in-app ranges that begin before it is stored (the first, small
    // one, and whichever follow while it is written) find their own inline, ~0.1 s more each, so
    // no core waits for it (issue 29). The outbound pass waits for it (stored long before).
    if (slices.length > 1 && ev.kind === 'announced' && !ev.act_performer_id) {
      nearby = matchRepo.storeNearbyFans(orm, eventId, ev, begun.rerun).then(() => {
        nearbyStored = true;
      });
      inlineTurns = oneAtATimeUntil(nearby);
      // Its failure reaches the outbound pass, which awaits it (the in-app ranges then find their
      // genre fans inline); this only keeps it from going unheard when a range fails before.
      nearby.catch(() => {});
    }
    // A sliced audience is reached at one commit (decision 064): from here every fan of it has
    // the alert, read from the match's rules until the in-app pass has written their row.
    const reached = slices.length > 1;
    let reachedAt: string | null = null;
    if (reached) {
      reachedAt = await reachRepo.begin(orm, eventId, ev, encodeReachNotice(eventId, 'begun'));
      await options.afterReach?.();
    }
    const bigMatchRows = options.bigMatchRows ?? BIG_MATCH_ROWS;
    // A sliced audience in two passes (decision 056): every fan's in-app row, then the rest.
    const parts: DeliveryPart[] = slices.length > 1 ? ['in_app', 'outbound'] : ['all'];
    let closed = false;
    let rows = 0;
    for (const part of parts) {
      let started = 0;
      let rowsSoFar = 0;
      // Taken once, on this session; a matcher that throws drops the session and so the lock.
      let big: Promise<unknown> | undefined;
      const written = await mapConcurrently(
        slices,
        options.parallel ?? PARALLEL_SLICES,
        async (range) => {
          if (closed) return 0;
          started += 1;
          // Decided before the range commits: the dispatch loops its NOTIFY wakes already wait.
          // Only while fans still lack their in-app alert: the outbound pass's rows go at once.
          const beforeCommit = async (count: number) => {
            rowsSoFar += count;
            const more = started < slices.length;
            if (part !== 'outbound' && !big && rowsSoFar >= bigMatchRows && more) {
              big = matchRepo.beginBigMatch(own);
            }
            await big;
          };
          const write = async () => {
            // Decided once the range's turn comes (inline: the set is not stored yet).
            const useStored = nearby !== undefined && (part === 'outbound' || nearbyStored);
            if (useStored) await nearby;
            return orm.transaction((tx) =>
              writeSlice(tx, eventId, ev, range, begun.rerun, {
                beforeCommit,
                nearbyStored: useStored,
                part,
                reachedAt,
              }),
            );
          };
          const count = part === 'in_app' && inlineTurns ? await inlineTurns(write) : await write();
          if (count === null) closed = true;
          return count ?? 0;
        },
      );
      if (big) await matchRepo.endBigMatch(own);
      rows += written.reduce((sum, n) => sum + n, 0);
      // Every in-app row is written (or the event went, or another match finished it): the reach
      // ends. A match that throws leaves it, and its rerun by the sweep ends it.
      if (reached && part === 'in_app') {
        await reachRepo.end(orm, eventId, encodeReachNotice(eventId, 'ended'));
      }
      if (closed) return null;
    }
    await matchRepo.markMatched(own, eventId);
    options.onMatched?.(rows, (performance.now() - startedAt) / 1000);
    return rows;
  } catch (error) {
    broken = error instanceof Error ? error : new Error(String(error));
    throw error;
  } finally {
    // Scratch of this match only; a match that cannot drop it (its session broke) leaves it to
    // the next match of the event, which replaces it.
    if (nearby) {
      await nearby.catch(() => {});
      await matchRepo.dropNearbyFans(own, eventId).catch(() => {});
    }
    if (claimed) await matchRepo.releaseEvent(own, eventId).catch(() => {});
    // A connection that failed (Postgres restarting) is dropped, not handed to the next query.
    session.release(broken);
  }
}

/**
 * Runs the functions it is given one at a time until `settled` settles (either way), then each at
 * once. While a big announcement's genre set is being stored (one core), the in-app ranges that
 * find their genre fans inline take the other core in turn: two at once beside the store were
 * three backends on the two cores, which slowed the first alerts (0.15 → 0.28 s, measured), the
 * store and every inline range (docs/performance-log/fanout-and-dispatch.md).
 */
export function oneAtATimeUntil(settled: Promise<unknown>) {
  let over = false;
  const done = settled.then(
    () => {
      over = true;
    },
    () => {
      over = true;
    },
  );
  let last: Promise<unknown> = Promise.resolve();
  return async <T>(run: () => Promise<T>): Promise<T> => {
    if (over) return run();
    const previous = last;
    let release = () => {};
    last = new Promise<void>((resolve) => {
      release = resolve;
    });
    try {
      await Promise.race([previous, done]);
      return await run();
    } finally {
      release();
    }
  };
}

/**
 * One slice in its own transaction: holds fan deletions off, locks the event row against its
 * deletion (FOR KEY SHARE; a deletion waits, then its trigger sees these rows), writes, tells
 * `beforeCommit` how many rows, and NOTIFYs at commit. null when the event was deleted or
 * matched (as history) meanwhile. `rerun`: an earlier match of the event began (beginMatch).
 */
async function writeSlice(
  tx: Orm | OrmTransaction,
  eventId: string,
  ev: EventFacts,
  range: FanRange,
  rerun: boolean,
  options: {
    deliveredAt?: Date;
    beforeCommit?: (rows: number) => Promise<void>;
    nearbyStored?: boolean;
    part?: DeliveryPart;
    /** When the audience was reached (decision 064): its in-app rows' time. */
    reachedAt?: string | null;
  } = {},
): Promise<number | null> {
  const part = options.part ?? 'all';
  await matchRepo.holdFanDeletions(tx);
  if (!(await matchRepo.lockEventForRange(tx, eventId))) return null;
  // Room to hash the audience and the push/SMS sets in memory (this transaction only).
  await matchRepo.raiseWorkMem(tx);
  // A small audience is named, so that only its fans' pages leave the caches.
  const { rows, fans } = await matchRepo.insertDeliveries(
    tx,
    MATCHED_ROWS_NAMED,
    eventId,
    ev,
    range,
    options.deliveredAt ?? null,
    rerun,
    options.nearbyStored ?? false,
    part,
    true,
    options.reachedAt ?? null,
  );
  await options.beforeCommit?.(rows);
  // Delivered at commit: wakes the dispatch loops and the notification streams.
  await matchRepo.notifyMatched(tx, encodeMatchedNotice(eventId, range, fans, part === 'outbound'));
  return rows;
}

/**
 * Matches an event as history, inside the caller's transaction (the demo data's recent past):
 * in-app alerts only, delivered and matched at `deliveredAt`. Nothing goes out by push, email or
 * SMS for news that is not new. null when the event is already matched.
 */
export async function matchEventAsHistory(
  tx: OrmTransaction,
  eventId: string,
  deliveredAt: Date,
): Promise<number | null> {
  const begun = await matchRepo.beginMatch(tx, eventId);
  if (!begun) return null;
  const ev = await matchRepo.eventFactsForUpdate(tx, eventId);
  if (!ev) return null;
  const written = await writeSlice(tx, eventId, ev, ALL_FANS, begun.rerun, { deliveredAt });
  await matchRepo.markMatchedAt(tx, eventId, deliveredAt);
  return written;
}

/**
 * Matches every event still unmatched, oldest first (events claimed by another session are
 * skipped). The safety net behind the per-event jobs. Returns how many.
 */
export async function matchPendingEvents(
  orm: PooledOrm,
  options: MatchOptions = {},
  limit = 100,
): Promise<number> {
  let matched = 0;
  for (const id of await matchRepo.unmatchedEventIds(orm, limit)) {
    if ((await matchEvent(orm, id, options)) !== null) matched += 1;
  }
  return matched;
}
