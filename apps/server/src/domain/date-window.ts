import type { TCityShowsWhen } from '@encore/contract';

/** Local calendar days, 'YYYY-MM-DD', both ends included; null: open on that side. */
export type DateWindow = { from: string | null; to: string | null };

const DAY_MS = 86_400_000;
const toDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const dayMs = (day: string) => Date.parse(`${day}T00:00:00Z`);

/**
 * A quick range as local days, from `today` (the searched place's date): 'week' runs to Sunday,
 * 'weekend' is Friday to Sunday (from today once it has begun), 'month' to the month's last day.
 * Weeks end on Sunday as US calendars print them, so on a Sunday "this week" is that day alone.
 */
export function quickRange(when: TCityShowsWhen, today: string): DateWindow {
  const start = dayMs(today);
  const weekday = new Date(start).getUTCDay(); // 0 Sunday … 6 Saturday
  const sunday = start + ((7 - weekday) % 7) * DAY_MS;
  if (when === 'week') return { from: today, to: toDay(sunday) };
  if (when === 'weekend') {
    const friday = sunday - 2 * DAY_MS;
    return { from: toDay(Math.max(start, friday)), to: toDay(sunday) };
  }
  const date = new Date(start);
  const lastOfMonth = Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 0);
  return { from: today, to: toDay(lastOfMonth) };
}

/**
 * Instants that surely enclose the window's local days in any zone (UTC−12 to UTC+14), so the
 * query can narrow by starts_at through its index before it checks each show's own local date.
 */
export function windowBounds(window: DateWindow): { after: Date | null; before: Date | null } {
  const hours = 3_600_000;
  return {
    after: window.from ? new Date(dayMs(window.from) - 14 * hours) : null,
    before: window.to ? new Date(dayMs(window.to) + DAY_MS + 12 * hours) : null,
  };
}
