/** When a row's show starts: a wall-clock time at the venue, or an instant (a UTC or zoned ICS time). */
export type ImportStart = { kind: 'local'; local: string } | { kind: 'instant'; at: Date };

/**
 * A show as a file describes it, before anything on Encore is looked up. `problem`: why the row
 * cannot be imported whatever Encore holds (a bad date, a missing field), or null.
 */
export type ImportRow = {
  /** Its source key: the event's UID, or the CSV row's date and venue (or artist). */
  key: string;
  line: number;
  start: ImportStart | null;
  problem: string | null;
  venueName: string;
  /** City, state and/or ZIP as written ("Austin, TX", "78701", "Austin, TX 78701"). */
  place: string;
  streetAddress: string;
  artistName: string;
  ticketUrl: string;
  priceMin: number | null;
  priceMax: number | null;
};

/** Whose import it is: a performer's rows name venues, a venue's rows name artists. */
export type ImportRole = 'performer' | 'venue';
