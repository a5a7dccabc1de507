import { DAYS_OF_WEEK } from '@encore/contract';
import { DATE_SRC, type DateParts, readDate } from './date-phrases.ts';
import type { TDayOfWeek } from './dates.ts';
import { cityWords, readStateWord, STATE_NAME_SRC } from './parse-places.ts';
import type { PromptText } from './prompt-text.ts';
import type { TUsState } from './us-state-names.ts';

/** A fixed night as written; its year is settled once the window is known. */
export type FixedNight = { date: DateParts; city: string; state: TUsState | null };

const CITY_SRC = "([A-Za-z][A-Za-z.'-]*(?:\\s+[A-Za-z][A-Za-z.'-]*){0,3}?)";
const STATE_SRC = `(?:,\\s*([A-Za-z]{2}|${STATE_NAME_SRC})(?![a-z]))?`;

/**
 * "must play Chicago on April 12", "Boston on March 14 is fixed", "fixed: Portland, OR on May 2".
 * Only the city and what follows it are consumed, so "in March" before it stays a window.
 */
export function readFixedNights(text: PromptText): FixedNight[] {
  const found: FixedNight[] = [];
  const read = (m: RegExpExecArray, cityGroup: number) => {
    const city = cityWords(m[cityGroup] ?? '');
    const date = readDate(m[cityGroup + 2] ?? '');
    if (!city || !date) return false;
    const state = m[cityGroup + 1] ? readStateWord(m[cityGroup + 1] ?? '', true) : null;
    found.push({ date, city: city.name, state });
    return m.index + (m[0].indexOf(m[cityGroup] ?? '') + city.offset);
  };
  const onDate = `${CITY_SRC}${STATE_SRC}\\s+on\\s+(${DATE_SRC})`;
  text.consume(
    new RegExp(
      `\\b(?:must|have to|has to|need to|needs to|got to|gotta|want to|will)\\s+(?:play|be in|be at|hit|do)\\s+${onDate}`,
      'i',
    ),
    (m) => {
      const verdict = read(m, 1);
      // The whole phrase goes: "must play" must not be read again.
      return verdict !== false;
    },
  );
  text.consume(
    new RegExp(
      `${onDate}\\s+(?:is|are|as)\\s+(?:fixed|locked(?:\\s+in)?|confirmed|a must|set|firm|non-negotiable|booked)`,
      'i',
    ),
    (m) => read(m, 1),
  );
  text.consume(
    new RegExp(`\\b(?:fixed|locked|anchor)(?:\\s+dates?)?\\s*:?\\s*${onDate}`, 'i'),
    (m) => {
      const verdict = read(m, 1);
      return verdict !== false;
    },
  );
  return found;
}

const WEEKDAY_SRC =
  '(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday)s?|weekends?|mon|tues?|wed|thurs?|fri|sat|sun';
const ITEM_SRC = `(?:${DATE_SRC}|(?:${WEEKDAY_SRC})(?![a-z]))`;
const LIST_SRC = `${ITEM_SRC}(?:\\s*(?:,|and|&|or|\\/)\\s*${ITEM_SRC})*`;

/** Nights off: particular dates (as written) and weekdays never played. */
export function readNightsOff(text: PromptText): { dates: DateParts[]; weekdays: TDayOfWeek[] } {
  const dates: DateParts[] = [];
  const weekdays = new Set<TDayOfWeek>();
  const readList = (list: string) => {
    const items = list.match(new RegExp(ITEM_SRC, 'gi')) ?? [];
    for (const item of items) {
      const weekday = weekdayOf(item);
      if (weekday === 'weekend') {
        weekdays.add('Saturday');
        weekdays.add('Sunday');
      } else if (weekday) weekdays.add(weekday);
      else {
        const date = readDate(item);
        if (date) dates.push(date);
      }
    }
    return items.length > 0;
  };
  text.consume(
    new RegExp(
      `\\b(?:days?\\s+off|off\\s+days?|nights?\\s+off|rest\\s+days?|blackout(?:\\s+dates?)?)\\s*(?::|on|=|-)?\\s*(${LIST_SRC})`,
      'i',
    ),
    (m) => readList(m[1] ?? ''),
  );
  text.consume(new RegExp(`\\b(${LIST_SRC})\\s+(?:(?:is|are)\\s+)?off\\b`, 'i'), (m) =>
    readList(m[1] ?? ''),
  );
  text.consume(
    new RegExp(
      `\\b(?:(?<!kick\\s|kicks\\s|kicking\\s|kicked\\s)off|free|no\\s+(?:shows?|gigs?|dates?|concerts?)|nothing|unavailable|not\\s+available|can'?t\\s+play|cannot\\s+play|avoid(?:ing)?|skip(?:ping)?|except|not|never|no)\\s+(?:on\\s+|playing\\s+(?:on\\s+)?)?(${LIST_SRC})`,
      'i',
    ),
    (m) => readList(m[1] ?? ''),
  );
  return {
    dates,
    weekdays: DAYS_OF_WEEK.filter((day) => weekdays.has(day)),
  };
}

function weekdayOf(item: string): TDayOfWeek | 'weekend' | null {
  const word = item.toLowerCase();
  if (word.startsWith('weekend')) return 'weekend';
  if (/\d/.test(word)) return null;
  return DAYS_OF_WEEK.find((day) => day.toLowerCase().startsWith(word.slice(0, 3))) ?? null;
}
