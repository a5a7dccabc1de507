import { ALL_FANS, type FanRange } from '../repositories/alerts/fan-range.repo.ts';

/**
 * The payload of PG_CHANNELS.matched: which event's deliveries were just committed, and for
 * which fans (a big audience commits one fan range at a time), so a notification stream only
 * reads the rows it has not shown yet. A small audience is named (`fans`, the fans the range's
 * rows were written for: its in-app alerts, or in the outbound pass the fans whose push, email or
 * SMS rows it wrote): the page caches then drop those fans' notification centres, not everyone's.
 */
export type MatchedNotice = {
  eventId: string;
  range: FanRange;
  fans?: string[];
  /**
   * A big audience's outbound pass (decision 056): the range's push, email and SMS rows, after
   * its in-app rows were noticed. No new item for the streams; an item may now say which of its
   * channels wait for the daily digest (the hub sends those again).
   */
  outbound?: true;
  /**
   * A big audience's reach (decision 064, repositories/alerts/reach.repo.ts): 'begun' at the
   * commit that gives every fan of the audience the alert before its rows are written, 'ended'
   * once they all are. Every fan's centre pages go at both; the streams read theirs at 'begun'.
   */
  reach?: 'begun' | 'ended';
};

/** A notice names its fans only within this many bytes (NOTIFY takes up to 8,000): ~220 fans. */
export const MATCHED_NOTICE_BYTES = 7_900;
/**
 * Above this many rows written, the fans are not even gathered from the rows (an in-app row each,
 * and up to three outbound ones): they would not fit.
 */
export const MATCHED_ROWS_NAMED = 1_000;

export function encodeMatchedNotice(
  eventId: string,
  range: FanRange,
  fans?: string[],
  outbound = false,
): string {
  const bare = { event: eventId, from: range.from, to: range.to, ...(outbound && { outbound }) };
  const named = fans && JSON.stringify({ ...bare, fans });
  return named && Buffer.byteLength(named) <= MATCHED_NOTICE_BYTES ? named : JSON.stringify(bare);
}

/** A big audience's reach begun or ended (MatchedNotice.reach): every fan of the event. */
export function encodeReachNotice(eventId: string, reach: 'begun' | 'ended'): string {
  return JSON.stringify({ event: eventId, from: null, to: null, reach });
}

/** A bare event id (an older sender) means all of its fans. */
export function decodeMatchedNotice(payload: string): MatchedNotice {
  try {
    const parsed = JSON.parse(payload) as {
      event?: unknown;
      from?: unknown;
      to?: unknown;
      fans?: unknown;
      outbound?: unknown;
      reach?: unknown;
    };
    if (typeof parsed.event === 'string') {
      const bound = (v: unknown) => (typeof v === 'string' ? v : null);
      const fans = Array.isArray(parsed.fans) && parsed.fans.every((f) => typeof f === 'string');
      return {
        eventId: parsed.event,
        range: { from: bound(parsed.from), to: bound(parsed.to) },
        ...(fans && { fans: parsed.fans as string[] }),
        ...(parsed.outbound === true && { outbound: true as const }),
        ...((parsed.reach === 'begun' || parsed.reach === 'ended') && { reach: parsed.reach }),
      };
    }
  } catch {
    // not JSON: an event id
  }
  return { eventId: payload, range: ALL_FANS };
}
