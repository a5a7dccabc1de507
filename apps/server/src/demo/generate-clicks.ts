import type { TicketClickRow } from './demo-rows.ts';
import { DAY_MS } from './demo-time.ts';
import type { GeneratedShow } from './generate-shows.ts';
import type { Random } from './prng.ts';

/** Clicks are counted per UTC day, as the /go/ticket/:showId redirect counts them. */
const utcDay = (instant: number) => new Date(instant).toISOString().slice(0, 10);

/**
 * Clicks on 'Purchase Ticket(s)' for upcoming shows with a ticket link, one row per show per
 * day from the announcement (at most 60 days back) to today: a trickle, a rush on the on-sale
 * day that fades over a week, and a few more as the show nears.
 */
export function ticketClicks(
  random: Random,
  now: Date,
  shows: readonly GeneratedShow[],
): TicketClickRow[] {
  const rows: TicketClickRow[] = [];
  const today = Date.parse(utcDay(now.getTime()));
  for (const { row } of shows) {
    if (!row.ticketUrl || row.startsAt <= now || row.status === 'cancelled') continue;
    if (row.confirmation !== 'confirmed') continue;
    const first = Math.max(Date.parse(utcDay(row.createdAt.getTime())), today - 60 * DAY_MS);
    const onSale = row.onSaleAt ? Date.parse(utcDay(row.onSaleAt.getTime())) : null;
    const interest = random.int(1, 4);
    for (let day = first; day <= today; day += DAY_MS) {
      const sinceOnSale = onSale === null ? -1 : (day - onSale) / DAY_MS;
      const rush = sinceOnSale >= 0 && sinceOnSale < 7 ? Math.round(40 / (1 + sinceOnSale)) : 0;
      const nearing = (row.startsAt.getTime() - day) / DAY_MS < 14 ? random.int(2, 8) : 0;
      const clicks = random.int(0, interest * 3) + rush + nearing;
      if (clicks > 0) rows.push({ showId: row.id, day: utcDay(day), clicks });
    }
  }
  return rows;
}
