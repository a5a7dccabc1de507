import type { TShowEventKind } from '@encore/contract';

/** What a show alert is about: the facts its texts are made of. */
export type AlertFacts = {
  kind: TShowEventKind;
  artist: string;
  venue: string;
  city: string;
  state: string;
  startsAt: Date;
  timeZone: string;
  /**
   * A 'postponed' event an edit wrote (not the postpone action): where the show moved from; its
   * new start is `startsAt`. Null or absent: a postponement, or another kind.
   */
  movedFrom?: Date | null;
  /** A postponement without a new date: `startsAt` is still the old one. */
  datePending?: boolean;
};

/**
 * Every channel says the same thing (the notification centre, push, email and SMS), so the
 * texts are composed here once.
 */
export function alertTitle(facts: AlertFacts): string {
  const { kind, artist, venue } = facts;
  switch (kind) {
    case 'announced':
      return `${artist} announced a show`;
    case 'on_sale':
      return `Tickets on sale: ${artist}`;
    case 'price_drop':
      return `Price drop: ${artist}`;
    case 'lineup_change':
      return `Line-up change: ${artist}`;
    case 'cancelled':
      return `Cancelled: ${artist} at ${venue}`;
    case 'postponed':
      return `${facts.movedFrom ? moveTitle(facts.movedFrom, facts) : 'Postponed'}: ${artist} at ${venue}`;
  }
}

/**
 * What an edit of the start did, read in the venue's calendar: another time on the same day, an
 * earlier day, or a later one. Only the postpone action is a postponement: a show brought forward
 * was reaching fans as "Postponed".
 */
function moveTitle(from: Date, { startsAt, timeZone }: AlertFacts): string {
  const day = formatter(timeZone, 'dayInYear');
  if (day.format(from) === day.format(startsAt)) return 'Time changed';
  return startsAt.getTime() < from.getTime() ? 'Moved earlier' : 'Date changed';
}

const WHEN = {
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
} as const;
const FORMATS = {
  when: WHEN,
  whenInYear: { ...WHEN, year: 'numeric' },
  // The same with the zone's name: 'Mon, Dec 28, 8:00 PM CST'.
  whenZoned: { ...WHEN, timeZoneName: 'short' },
  whenInYearZoned: { ...WHEN, year: 'numeric', timeZoneName: 'short' },
  zone: { timeZoneName: 'short' },
  day: { month: 'short', day: 'numeric' },
  dayInYear: { month: 'short', day: 'numeric', year: 'numeric' },
  year: { year: 'numeric' },
  date: { weekday: 'short', month: 'short', day: 'numeric', year: 'numeric' },
} satisfies Record<string, Intl.DateTimeFormatOptions>;
const formatters = new Map<string, Intl.DateTimeFormat>();

/**
 * One formatter per time zone and format, kept: building one per alert was ~8% of a dispatch
 * worker's CPU at fan-out scale (docs/performance.md), and there are only a few US zones.
 */
function formatter(timeZone: string, format: keyof typeof FORMATS): Intl.DateTimeFormat {
  const key = `${format}|${timeZone}`;
  let found = formatters.get(key);
  if (!found) {
    found = new Intl.DateTimeFormat('en-US', { timeZone, ...FORMATS[format] });
    formatters.set(key, found);
  }
  return found;
}

/**
 * Whether the show falls in another calendar year than `now` (both in the venue's zone): its
 * date then says the year, or "Sat, Jan 9" read in November could be either January.
 */
function otherYear(startsAt: Date, timeZone: string, now: Date): boolean {
  const year = formatter(timeZone, 'year');
  return year.format(startsAt) !== year.format(now);
}

/**
 * Whose clock an alert is read by, for its time's zone label: the reader's own IANA zone (a fan's
 * home, domain/home-time-zone.ts), or null when it is not known. Without one (notices to the
 * show's own performer and venue) the venue's time goes unnamed, as it always did.
 */
export type ReaderZone = string | null | undefined;

/**
 * Whether a time in the venue's zone must say which zone it is for this reader: yes when the
 * reader's zone is unknown, or tells the time otherwise at that instant (a Chicago show for a
 * Brooklyn fan); no in the reader's own zone, or another name for it then (America/Detroit is
 * New York's time; Phoenix is Denver's in winter). Most alerts go to fans near the show, so the
 * same zone's name is the quick answer; the names are compared only for the others.
 */
function zoneLabelled(startsAt: Date, timeZone: string, reader: ReaderZone): boolean {
  if (reader === undefined || reader === timeZone) return false;
  if (reader === null) return true;
  return zoneName(reader, startsAt) !== zoneName(timeZone, startsAt);
}

function zoneName(timeZone: string, at: Date): string {
  const parts = formatter(timeZone, 'zone').formatToParts(at);
  return parts.find((part) => part.type === 'timeZoneName')?.value ?? timeZone;
}

/**
 * 'Sat, Jun 14, 8:00 PM · The Lantern, Chicago, IL': the venue's own local time, with the year
 * ('Sat, Jan 9, 2027, 8:00 PM') when the show is not in the current year, and the zone's name
 * ('Sat, Jun 14, 8:00 PM CDT') when the reader's own zone tells the time otherwise (ReaderZone). A
 * postponement without a new date says so and names the old date as the one that no longer holds:
 * 'New date to be announced (was Sat, Jun 14, 8:00 PM) · …'.
 */
export function alertBody(
  { venue, city, state, startsAt, timeZone, datePending }: AlertFacts,
  now = new Date(),
  reader: ReaderZone = undefined,
): string {
  const year = otherYear(startsAt, timeZone, now) ? 'InYear' : '';
  const zone = zoneLabelled(startsAt, timeZone, reader) ? 'Zoned' : '';
  const format = `when${year}${zone}` as const;
  const when = formatter(timeZone, format).format(startsAt);
  const place = [city, state].filter(Boolean).join(', ');
  const date = datePending ? `New date to be announced (was ${when})` : when;
  return `${date} · ${venue}${place ? `, ${place}` : ''}`;
}

export function showUrl(publicUrl: string, showId: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/shows/${encodeURIComponent(showId)}`;
}

/** The fan's alerts page: where a digest points, since it is about several shows. */
export function alertsUrl(publicUrl: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/alerts`;
}

/**
 * 'Dec 1' ('Jan 9, 2027' in another year): the day of the show in the venue's own time zone, for
 * lists of shows.
 */
export function showDay(
  { startsAt, timeZone }: Pick<AlertFacts, 'startsAt' | 'timeZone'>,
  now = new Date(),
): string {
  return formatter(timeZone, otherYear(startsAt, timeZone, now) ? 'dayInYear' : 'day').format(
    startsAt,
  );
}

/** 'Sat, Jun 14, 2031': the show's date in the venue's own time zone, for one-off messages. */
export function showDate({
  startsAt,
  timeZone,
}: Pick<AlertFacts, 'startsAt' | 'timeZone'>): string {
  return formatter(timeZone, 'date').format(startsAt);
}

/**
 * A digest's title: '3 new shows near Brooklyn, NY' (the fan's home, as in the reasons), or
 * 'near you' without one. Digest rows are genre matches of announcements, so always new shows.
 */
export function digestTitle(count: number, home: string | null): string {
  return `${count} new shows near ${home || 'you'}`;
}

/** A digest's body: 'Night Static (Dec 1), Low Tide (Dec 3) and Glass Arcade (Dec 5)'. */
export function digestBody(items: ReadonlyArray<{ artist: string; day: string }>): string {
  const named = items.map((item) => `${item.artist} (${item.day})`);
  const last = named.pop();
  return named.length === 0 ? (last ?? '') : `${named.join(', ')} and ${last}`;
}
