import {
  DATE_SRC,
  type DateParts,
  MONTH_SRC,
  monthNumber,
  monthYear,
  readDate,
  resolveDate,
} from './date-phrases.ts';
import { addDays, dayNumber, lastDayOfMonth, makeDate, weekdayIndex, yearOf } from './dates.ts';
import { readCount } from './parse-numbers.ts';
import type { PromptText } from './prompt-text.ts';

export type DateWindow = { start: string | null; end: string | null };

const TO = '(?:-|to|until|till|through|thru)';
const ORD = '(?:st|nd|rd|th)?';
const SEASON_MONTHS = { spring: 3, summer: 6, fall: 9, autumn: 9, winter: 12 } as const;

/**
 * The window of the tour: explicit ranges, open ends ("starting April 5"), months and month
 * ranges, "next month", seasons. Several windows in one prompt ("March or April") make one
 * window spanning them all; nothing said leaves both ends null.
 */
export function readWindow(text: PromptText, today: string): DateWindow {
  const windows: DateWindow[] = [];
  const add = (start: string | null, end: string | null) => {
    if (start !== null || end !== null) windows.push({ start, end });
    return start !== null || end !== null;
  };

  const range = (a: DateParts | null, b: DateParts | null) => {
    if (!a || !b) return false;
    // "March 5 to March 28, 2027": the first date takes the second's year.
    const first = a.year === null && b.year !== null ? { ...a, year: b.year } : a;
    const start = resolveDate(first, today);
    if (start === null) return false;
    const end = resolveDate(b, b.year === null ? start : today);
    if (end === null || end < start) return false;
    return add(start, end);
  };
  text.consume(
    new RegExp(`\\b(?:between|from)\\s+(${DATE_SRC})\\s+(?:and|${TO})\\s+(${DATE_SRC})`, 'i'),
    (m) => range(readDate(m[1] ?? ''), readDate(m[2] ?? '')),
  );
  text.consume(new RegExp(`(${DATE_SRC})\\s*${TO}\\s*(${DATE_SRC})`, 'i'), (m) =>
    range(readDate(m[1] ?? ''), readDate(m[2] ?? '')),
  );
  // "March 5-28", "March 5 to 28, 2027"
  text.consume(
    new RegExp(
      `(${MONTH_SRC})\\s*(\\d{1,2})${ORD}\\s*${TO}\\s*(\\d{1,2})${ORD}(?![\\d/])(?:,?\\s+(\\d{4}))?`,
      'i',
    ),
    (m) => {
      const month = monthNumber(m[1] ?? '');
      if (month === null) return false;
      const year = m[4] ? Number(m[4]) : null;
      return range({ year, month, day: Number(m[2]) }, { year, month, day: Number(m[3]) });
    },
  );

  // Open ends: "starting April 5", "after 3/10", "until May 2", "before May 2".
  text.consume(
    new RegExp(
      `\\b(starting|start|from|after|beginning|kick(?:ing|s)? off|no earlier than|not before)\\s+(?:on\\s+)?(${DATE_SRC})`,
      'i',
    ),
    (m) => {
      const parts = readDate(m[2] ?? '');
      const date = parts && resolveDate(parts, today);
      if (!date) return false;
      return add(/^after$/i.test(m[1] ?? '') ? addDays(date, 1) : date, null);
    },
  );
  text.consume(
    new RegExp(
      `\\b(until|till|through|by|before|ending|no later than|not after)\\s+(?:on\\s+)?(${DATE_SRC})`,
      'i',
    ),
    (m) => {
      const parts = readDate(m[2] ?? '');
      const date = parts && resolveDate(parts, today);
      if (!date) return false;
      return add(null, /^before$/i.test(m[1] ?? '') ? addDays(date, -1) : date);
    },
  );

  // Month ranges: "March-April", "March to May 2027", "March and April".
  text.consume(
    new RegExp(
      `(${MONTH_SRC})(?:\\s+(\\d{4}))?\\s*(?:${TO}|and|or|&)\\s*(${MONTH_SRC})(?:\\s+(\\d{4}))?(?!\\s*\\d)`,
      'i',
    ),
    (m) => {
      const first = monthNumber(m[1] ?? '');
      const last = monthNumber(m[3] ?? '');
      if (first === null || last === null || !mayIsMonth(m[1] ?? '', m.input, m.index)) {
        return false;
      }
      const firstYear = m[2] ? Number(m[2]) : monthYear(first, today);
      const lastYear = m[4] ? Number(m[4]) : last >= first ? firstYear : firstYear + 1;
      return add(makeDate(firstYear, first, 1), lastDayOfMonth(lastYear, last));
    },
  );
  // A month: "in March", "March 2027", "a March tour".
  text.consume(new RegExp(`(${MONTH_SRC})(?:\\s+(\\d{4}))?(?!\\s*\\d)`, 'i'), (m) => {
    const month = monthNumber(m[1] ?? '');
    if (month === null || !mayIsMonth(m[1] ?? '', m.input, m.index)) return false;
    const year = m[2] ? Number(m[2]) : monthYear(month, today);
    return add(makeDate(year, month, 1), lastDayOfMonth(year, month));
  });

  readRelative(text, today, add);
  readSeasons(text, today, add);
  return union(windows);
}

/** "may" is a month in capitals ("May") or after "in"/"during"; "we may play" is not. */
function mayIsMonth(word: string, input: string, index: number): boolean {
  if (!/^may$/i.test(word) || word === 'May') return true;
  return /\b(?:in|during|of|through|early|late|mid)\s*$/i.test(input.slice(0, index));
}

function readRelative(
  text: PromptText,
  today: string,
  add: (start: string | null, end: string | null) => boolean,
): void {
  const year = yearOf(today);
  const month = Number(today.slice(5, 7));
  text.consume(/\bnext month\b/i, () => {
    const next = month === 12 ? { y: year + 1, m: 1 } : { y: year, m: month + 1 };
    return add(makeDate(next.y, next.m, 1), lastDayOfMonth(next.y, next.m));
  });
  text.consume(/\bthis month\b/i, () => add(today, lastDayOfMonth(year, month)));
  text.consume(/\bnext week\b/i, () => {
    const monday = addDays(today, 7 - weekdayIndex(dayNumber(today)));
    return add(monday, addDays(monday, 6));
  });
  // "the next 3 weeks", "over the next six weeks", "in the coming 2 months"
  text.consume(/\b(?:next|coming)\s+(\w+)\s+(days?|weeks?|months?)\b/i, (m) => {
    const count = readCount(m[1] ?? '');
    if (count === null || count < 1) return false;
    const days = /^day/i.test(m[2] ?? '')
      ? count
      : /^week/i.test(m[2] ?? '')
        ? count * 7
        : count * 30;
    return add(addDays(today, 1), addDays(today, Math.min(days, 365)));
  });
}

function readSeasons(
  text: PromptText,
  today: string,
  add: (start: string | null, end: string | null) => boolean,
): void {
  text.consume(
    /\b(?:(this|next|the|in|in the)\s+)?(spring|summer|fall|autumn|winter)(?:\s+(\d{4}))?\b/i,
    (m) => {
      const season = (m[2] ?? '').toLowerCase() as keyof typeof SEASON_MONTHS;
      // "fall" alone is usually the verb; as a season it comes with "this", "the" or a year.
      if (season === 'fall' && !m[1] && !m[3]) return false;
      const startMonth = SEASON_MONTHS[season];
      const span = (y: number) => {
        const endYear = startMonth === 12 ? y + 1 : y;
        const endMonth = startMonth === 12 ? 2 : startMonth + 2;
        return {
          start: `${y}-${String(startMonth).padStart(2, '0')}-01`,
          end: lastDayOfMonth(endYear, endMonth),
        };
      };
      if (m[3]) {
        const chosen = span(Number(m[3]));
        return add(chosen.start, chosen.end);
      }
      const base = yearOf(today);
      const candidates = [span(base - 1), span(base), span(base + 1), span(base + 2)];
      const index = candidates.findIndex((c) => c.end >= today);
      const current = candidates[index];
      const chosen =
        /^next$/i.test(m[1] ?? '') && current && current.start <= today
          ? candidates[index + 1]
          : current;
      return chosen ? add(chosen.start, chosen.end) : false;
    },
  );
}

function union(windows: DateWindow[]): DateWindow {
  const starts = windows.flatMap((w) => (w.start ? [w.start] : []));
  const ends = windows.flatMap((w) => (w.end ? [w.end] : []));
  const start = starts.length > 0 ? starts.reduce((a, b) => (a < b ? a : b)) : null;
  const end = ends.length > 0 ? ends.reduce((a, b) => (a > b ? a : b)) : null;
  return { start, end: start && end && end < start ? null : end };
}
