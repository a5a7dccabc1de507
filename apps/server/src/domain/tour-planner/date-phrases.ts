import { dayNumber, makeDate, monthOf, yearOf } from './dates.ts';

/*
 * The date phrases a prompt may use, as regular-expression sources (read with the `i` flag) and
 * their readers. A date without a year means the next such date on or after an anchor (today, or
 * the window's first night).
 */

export const MONTH_SRC =
  '\\b(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\\.?(?![a-z])';
const ORDINAL = '(?:st|nd|rd|th)?';
/** 2027-03-14 · March 14(th)(, 2027) · 14(th) (of) March (2027) · 3/14(/2027) */
export const DATE_SRC = [
  '\\d{4}-\\d{2}-\\d{2}',
  `${MONTH_SRC}\\s*\\d{1,2}${ORDINAL}(?![\\d:])(?:,?\\s+\\d{4})?`,
  `\\d{1,2}${ORDINAL}\\s+(?:of\\s+)?${MONTH_SRC}(?:,?\\s+\\d{4})?`,
  '\\d{1,2}\\/\\d{1,2}(?:\\/\\d{2,4})?(?![\\d/])',
]
  .map((alternative) => `(?:${alternative})`)
  .join('|');

export type DateParts = { year: number | null; month: number; day: number };

const MONTH_PREFIXES = [
  'jan',
  'feb',
  'mar',
  'apr',
  'may',
  'jun',
  'jul',
  'aug',
  'sep',
  'oct',
  'nov',
  'dec',
];

/** 1–12 from a month word ("Sept.", "march"), or null. */
export function monthNumber(word: string): number | null {
  const index = MONTH_PREFIXES.indexOf(word.trim().slice(0, 3).toLowerCase());
  return index === -1 ? null : index + 1;
}

/** The parts of one date phrase matched by DATE_SRC. */
export function readDate(text: string): DateParts | null {
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (iso) return { year: Number(iso[1]), month: Number(iso[2]), day: Number(iso[3]) };
  const numeric = /^(\d{1,2})\/(\d{1,2})(?:\/(\d{2,4}))?$/.exec(text);
  if (numeric) {
    const year = numeric[3] ? Number(numeric[3]) : null;
    return {
      year: year !== null && year < 100 ? 2000 + year : year,
      month: Number(numeric[1]),
      day: Number(numeric[2]),
    };
  }
  const month = monthNumber(/[a-z]+/i.exec(text)?.[0] ?? '');
  const day = /\d{1,2}(?!\d)/.exec(text.replace(/\d{4}/, ''))?.[0];
  const year = /\d{4}/.exec(text)?.[0];
  if (month === null || day === undefined) return null;
  return { year: year ? Number(year) : null, month, day: Number(day) };
}

/** The date, in its year or the next one on or after `anchor`; null when not a real date. */
export function resolveDate(parts: DateParts, anchor: string): string | null {
  if (parts.year !== null) return makeDate(parts.year, parts.month, parts.day);
  const thisYear = makeDate(yearOf(anchor), parts.month, parts.day);
  if (thisYear !== null && thisYear >= anchor) return thisYear;
  return makeDate(yearOf(anchor) + 1, parts.month, parts.day);
}

/** A month without a year: this year's while it is not over (this month counts), else next. */
export function monthYear(month: number, today: string): number {
  return month < monthOf(today) ? yearOf(today) + 1 : yearOf(today);
}

export const daysBetween = (from: string, to: string) => dayNumber(to) - dayNumber(from);
