import { ALL_FANS, type FanRange } from '../repositories/alerts/fan-range.ts';

/**
 * The payload of PG_CHANNELS.matched: which event's deliveries were just committed, and for
 * which fans (a big audience commits one fan range at a time), so a notification stream only
 * reads the rows it has not shown yet.
 */
export type MatchedNotice = { eventId: string; range: FanRange };

export function encodeMatchedNotice(eventId: string, range: FanRange): string {
  return JSON.stringify({ event: eventId, from: range.from, to: range.to });
}

/** A bare event id (an older sender) means all of its fans. */
export function decodeMatchedNotice(payload: string): MatchedNotice {
  try {
    const parsed = JSON.parse(payload) as { event?: unknown; from?: unknown; to?: unknown };
    if (typeof parsed.event === 'string') {
      const bound = (v: unknown) => (typeof v === 'string' ? v : null);
      return { eventId: parsed.event, range: { from: bound(parsed.from), to: bound(parsed.to) } };
    }
  } catch {
    // not JSON: an event id
  }
  return { eventId: payload, range: ALL_FANS };
}
