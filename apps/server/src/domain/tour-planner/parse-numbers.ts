import { TOUR_DATES_MAX } from '@encore/contract';
import type { PromptText } from './prompt-text.ts';

const WORD_NUMBERS = [
  'zero',
  'one',
  'two',
  'three',
  'four',
  'five',
  'six',
  'seven',
  'eight',
  'nine',
  'ten',
  'eleven',
  'twelve',
  'thirteen',
  'fourteen',
  'fifteen',
  'sixteen',
  'seventeen',
  'eighteen',
  'nineteen',
  'twenty',
];
const TENS: Record<string, number> = { twenty: 20, thirty: 30, forty: 40 };
const COUNT_WORD_SRC =
  '(?:(?:twenty|thirty|forty)(?:[- ](?:one|two|three|four|five|six|seven|eight|nine))?|zero|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|(?:half a|a|one|two) dozen|a couple(?: of)?)';

/** "12", "twelve", "twenty-two", "a dozen", "half a dozen"; null when not a count. */
export function readCount(word: string): number | null {
  const text = word.trim().toLowerCase().replace(/\s+/g, ' ');
  if (/^\d+$/.test(text)) return Number(text);
  if (text === 'half a dozen') return 6;
  if (text === 'a dozen' || text === 'one dozen') return 12;
  if (text === 'two dozen') return 24;
  if (text.startsWith('a couple')) return 2;
  const [tens, ones] = text.split(/[- ]/);
  if (tens && TENS[tens] !== undefined) {
    const unit = ones ? WORD_NUMBERS.indexOf(ones) : 0;
    return unit >= 0 && unit < 10 ? (TENS[tens] ?? 0) + unit : null;
  }
  const index = WORD_NUMBERS.indexOf(text);
  return index === -1 ? null : index;
}

/** "1,000", "1k", "1.5k", "800" → a number. */
export const NUMBER_SRC = '\\d{1,3}(?:,\\d{3})+(?!\\d)|\\d+(?:\\.\\d+)?\\s?k\\b|\\d+';
export function readNumber(text: string): number {
  const plain = text.replace(/[,\s]/g, '').toLowerCase();
  return plain.endsWith('k') ? Math.round(Number(plain.slice(0, -1)) * 1000) : Number(plain);
}

/** "10 dates", "ten shows", "a dozen nights", "8-date run"; "3 nights off" is not a count. */
export function readDateCount(text: PromptText): number | null {
  let count = null as number | null;
  text.consume(
    new RegExp(
      `\\b(\\d{1,3}|${COUNT_WORD_SRC})\\s*-?\\s*(?:dates?|shows?|nights?|gigs?|concerts?|stops?|cities|performances?|engagements?)\\b(?!\\s+off)`,
      'i',
    ),
    (m) => {
      const value = readCount(m[1] ?? '');
      if (count !== null || value === null || value < 1) return false;
      count = Math.min(value, TOUR_DATES_MAX);
      return true;
    },
  );
  return count;
}

const KM_PER_MILE = 1.609344;
const DRIVE_MIN = 50;
const DRIVE_MAX = 2000;

/** "max 300 miles a day", "no more than 250 mi per day", "drives under 400 miles", "500 km". */
export function readMaxDrive(text: PromptText): number | null {
  let miles = null as number | null;
  const take = (value: number) => {
    if (miles !== null || !Number.isFinite(value) || value <= 0) return false;
    miles = Math.min(DRIVE_MAX, Math.max(DRIVE_MIN, Math.round(value)));
    return true;
  };
  const limit =
    '(?:max(?:imum)?|at most|no more than|not more than|under|less than|up to|below|within|<=?)';
  text.consume(
    new RegExp(
      `(?:\\b(?:drives?|driving)\\s+(?:of\\s+)?)?(?:${limit}\\s*(?:of\\s+)?)?(${NUMBER_SRC})\\s*-?\\s*(miles?|mi\\b\\.?|km|kilomet(?:er|re)s?)(?:\\s*(?:a|per|each|\\/)\\s*(?:day|drive|leg))?(?:\\s+(?:max(?:imum)?|drive|driving|between (?:shows|stops|dates)))?`,
      'i',
    ),
    (m) => {
      const value = readNumber(m[1] ?? '');
      return take(/^k/i.test(m[2] ?? '') ? value / KM_PER_MILE : value);
    },
  );
  // "max drive 300", "driving limit: 250"
  text.consume(
    new RegExp(
      `\\b(?:max(?:imum)?\\s+)?(?:drive|driving|drives)\\s*(?:limit|cap|time)?\\s*(?:of|:)?\\s*(?:${limit}\\s*)?(${NUMBER_SRC})(?!\\s*(?:hours?|hrs?|h)\\b)`,
      'i',
    ),
    (m) => take(readNumber(m[1] ?? '')),
  );
  return miles;
}

const CAPACITY_MAX = 100_000;
const CAPACITY_WORDS =
  /\b(?:capacity|cap|rooms?|venues?|seats?|seaters?|people|halls?|clubs?|theat(?:er|re)s?|places|sized?|tickets|heads|crowds?|spaces?)\b/i;
const clampCapacity = (value: number) => Math.min(CAPACITY_MAX, Math.max(1, Math.round(value)));

/**
 * The capacity band: "500-1000 capacity", "rooms of 300–800", "1k-2k", "500 to 1,000 cap",
 * "under 500", "at least 1,000", "800+". Read after dates, counts and drives are consumed, so a
 * bare "under 500" left over is about rooms.
 */
export function readCapacity(text: PromptText): { min: number | null; max: number | null } {
  let min = null as number | null;
  let max = null as number | null;
  const near = (m: RegExpExecArray) =>
    CAPACITY_WORDS.test(m.input.slice(Math.max(0, m.index - 30), m.index + m[0].length + 25));
  text.consume(
    new RegExp(
      `(?:between\\s+)?(${NUMBER_SRC})\\s*(?:-|to|and)\\s*(${NUMBER_SRC})(?:\\s*\\+)?`,
      'i',
    ),
    (m) => {
      const a = readNumber(m[1] ?? '');
      const b = readNumber(m[2] ?? '');
      const thousands = /k/i.test(m[0]);
      if (min !== null || max !== null || !(near(m) || thousands || (a >= 50 && b >= 50))) {
        return false;
      }
      min = clampCapacity(Math.min(a, b));
      max = clampCapacity(Math.max(a, b));
      return true;
    },
  );
  text.consume(
    new RegExp(
      `\\b(?:under|below|less than|fewer than|up to|at most|no more than|max(?:imum)?|smaller than)\\s*(?:of\\s+)?(${NUMBER_SRC})|<=?\\s*(${NUMBER_SRC})`,
      'i',
    ),
    (m) => {
      const value = readNumber(m[1] ?? m[2] ?? '');
      if (max !== null || value < 10) return false;
      max = clampCapacity(value);
      return true;
    },
  );
  text.consume(
    new RegExp(
      `\\b(?:at least|over|above|more than|min(?:imum)?|bigger than|larger than)\\s*(?:of\\s+)?(${NUMBER_SRC})|>=?\\s*(${NUMBER_SRC})|(${NUMBER_SRC})\\s*\\+`,
      'i',
    ),
    (m) => {
      const value = readNumber(m[1] ?? m[2] ?? m[3] ?? '');
      if (min !== null || value < 10) return false;
      min = clampCapacity(value);
      return true;
    },
  );
  if (min !== null && max !== null && max < min) [min, max] = [max, min];
  return { min, max };
}
