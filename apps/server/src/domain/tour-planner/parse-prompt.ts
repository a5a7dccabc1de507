import { type TTourConstraints, ZTourConstraints } from '@encore/contract';
import { resolveDate } from './date-phrases.ts';
import { readFixedNights, readNightsOff } from './parse-nights.ts';
import { readCapacity, readDateCount, readMaxDrive } from './parse-numbers.ts';
import { readPlaces } from './parse-places.ts';
import { readWindow } from './parse-window.ts';
import { PromptText } from './prompt-text.ts';

/**
 * Reads a tour prompt into constraints, deterministically ("10 dates in the Northeast in March,
 * 500-1000 capacity, max 300 miles a day"). `today` (YYYY-MM-DD) anchors months and dates without
 * a year to the next such date: a month already over this year means next year's, this month
 * counts. What the prompt does not say stays null / [].
 *
 * Readers run in an order that lets each consume its phrases before a looser one could misread
 * them: fixed nights and nights off (they hold cities and dates), the drive ("300 miles"), the
 * count ("10 dates"), the window, the capacity band (left-over numbers), then places.
 */
export function parseTourPrompt(prompt: string, today: string): TTourConstraints {
  const text = new PromptText(prompt);
  const fixed = readFixedNights(text);
  const off = readNightsOff(text);
  const maxDriveMiles = readMaxDrive(text);
  const dateCount = readDateCount(text);
  const window = readWindow(text, today);
  const capacity = readCapacity(text);
  const places = readPlaces(text);

  // Dates without a year fall in (or after) the window when there is one.
  const anchor = window.start ?? today;
  const fixedDates = fixed.flatMap(({ date, city, state }) => {
    const resolved = resolveDate(date, anchor);
    return resolved ? [{ date: resolved, city, state }] : [];
  });
  const daysOff = [
    ...new Set(off.dates.flatMap((parts) => resolveDate(parts, anchor) ?? [])),
  ].sort();

  const constraints: TTourConstraints = {
    regions: places.regions,
    states: places.states,
    cities: places.cities,
    startDate: window.start,
    endDate: window.end,
    dateCount,
    capacityMin: capacity.min,
    capacityMax: capacity.max,
    maxDriveMiles,
    fixedDates,
    daysOff,
    weekdaysOff: off.weekdays.slice(0, 6),
  };
  // Constructed to pass; the schema's limits (list lengths) are the last word.
  const checked = ZTourConstraints.safeParse(constraints);
  return checked.success ? checked.data : { ...constraints, ...trimToSchema(constraints) };
}

function trimToSchema(c: TTourConstraints): Partial<TTourConstraints> {
  return {
    cities: c.cities.slice(0, 30),
    fixedDates: c.fixedDates.slice(0, 30),
    endDate: c.startDate && c.endDate && c.endDate < c.startDate ? null : c.endDate,
  };
}
