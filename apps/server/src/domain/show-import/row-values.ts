import { isRealLocalDate, SHOW_IMPORT_MESSAGES as M } from '@encore/contract';

type Parsed<T> = { ok: true; value: T } | { ok: false; problem: string };

/** A date as spreadsheets write it in the US: 2027-03-10, 3/10/2027 or 03/10/2027. */
export function parseDate(text: string): Parsed<string> {
  const trimmed = text.trim();
  if (trimmed === '') return { ok: false, problem: M.missing('date') };
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(trimmed);
  const us = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(trimmed);
  const [year, month, day] = iso
    ? [iso[1], iso[2], iso[3]]
    : us
      ? [us[3], us[1], us[2]]
      : [undefined, undefined, undefined];
  if (!year || !month || !day) return { ok: false, problem: M.badDate };
  const date = `${year}-${month.padStart(2, '0')}-${day.padStart(2, '0')}`;
  return isRealLocalDate(date) ? { ok: true, value: date } : { ok: false, problem: M.badDate };
}

/** A time of day: 20:00, 8:00 PM, 8 pm, 8pm. */
export function parseTime(text: string): Parsed<string> {
  const trimmed = text.trim().toLowerCase();
  if (trimmed === '') return { ok: false, problem: M.missing('time') };
  const match = /^(\d{1,2})(?::(\d{2}))?\s*(am|pm|a\.m\.|p\.m\.)?$/.exec(trimmed);
  if (!match) return { ok: false, problem: M.badTime };
  let hour = Number(match[1]);
  const minute = Number(match[2] ?? '0');
  const half = match[3]?.[0];
  if (half) {
    if (hour < 1 || hour > 12) return { ok: false, problem: M.badTime };
    hour = (hour % 12) + (half === 'p' ? 12 : 0);
  } else if (match[2] === undefined) {
    return { ok: false, problem: M.badTime };
  }
  if (hour > 23 || minute > 59) return { ok: false, problem: M.badTime };
  return { ok: true, value: `${pad(hour)}:${pad(minute)}` };
}

/** A price or a range: 25, $25, 20-40, $20 – $40, free; blank is no price. */
export function parsePrice(text: string): Parsed<{ min: number | null; max: number | null }> {
  const trimmed = text.trim().toLowerCase();
  if (trimmed === '') return { ok: true, value: { min: null, max: null } };
  if (trimmed === 'free') return { ok: true, value: { min: 0, max: 0 } };
  const amount = String.raw`\$?\s*(\d+(?:\.\d{1,2})?)`;
  const match = new RegExp(`^${amount}(?:\\s*[-–—]\\s*${amount})?$`).exec(trimmed);
  if (!match) return { ok: false, problem: M.badPrice };
  const min = Number(match[1]);
  const max = match[2] === undefined ? min : Number(match[2]);
  return { ok: true, value: { min, max } };
}

const pad = (n: number) => String(n).padStart(2, '0');
