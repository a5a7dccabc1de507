import {
  type DAYS_OF_WEEK,
  type TTourConstraints,
  type TTourRegion,
  ZTourConstraints,
} from '@encore/contract';
import type { z } from 'zod';

type TDay = (typeof DAYS_OF_WEEK)[number];
export type ConstraintField = keyof TTourConstraints;

/**
 * The correction form's values: what a person types (numbers and lists as text), read back into
 * TTourConstraints and checked with the contract's own schema, so the form refuses exactly what
 * the server would.
 */
export interface ConstraintsDraft {
  regions: TTourRegion[];
  /** 'NY, MA' */
  states: string;
  /** One a line: 'Boston, MA' or 'Boston'. */
  cities: string;
  startDate: string;
  endDate: string;
  dateCount: string;
  capacityMin: string;
  capacityMax: string;
  maxDriveMiles: string;
  /** Each a date and a place ('Chicago, IL'). */
  fixedDates: { date: string; place: string }[];
  /** '2027-03-10, 2027-03-17' */
  daysOff: string;
  weekdaysOff: TDay[];
}

const place = (city: string, state: string | null) => (state ? `${city}, ${state}` : city);
const numberText = (n: number | null) => (n === null ? '' : String(n));

export function toDraft(c: TTourConstraints): ConstraintsDraft {
  return {
    regions: [...c.regions],
    states: c.states.join(', '),
    cities: c.cities.map((p) => place(p.city, p.state)).join('\n'),
    startDate: c.startDate ?? '',
    endDate: c.endDate ?? '',
    dateCount: numberText(c.dateCount),
    capacityMin: numberText(c.capacityMin),
    capacityMax: numberText(c.capacityMax),
    maxDriveMiles: numberText(c.maxDriveMiles),
    fixedDates: c.fixedDates.map((f) => ({ date: f.date, place: place(f.city, f.state) })),
    daysOff: c.daysOff.join(', '),
    weekdaysOff: [...c.weekdaysOff],
  };
}

const list = (text: string, separator: RegExp) =>
  text
    .split(separator)
    .map((s) => s.trim())
    .filter(Boolean);

/** 'Chicago, IL' → city and state (upper-cased); 'Chicago' → state null. */
function readPlace(text: string): { city: string; state: string | null } {
  const comma = text.lastIndexOf(',');
  if (comma < 0) return { city: text.trim(), state: null };
  const state = text.slice(comma + 1).trim();
  return { city: text.slice(0, comma).trim(), state: state ? state.toUpperCase() : null };
}

/** '' is "not said" (null); anything else must be a whole number, else NaN for the schema to refuse. */
const readNumber = (text: string) =>
  text.trim() === '' ? null : /^\d+$/.test(text.trim()) ? Number(text.trim()) : Number.NaN;

function fromDraft(d: ConstraintsDraft) {
  return {
    regions: d.regions,
    states: list(d.states, /[\s,]+/).map((s) => s.toUpperCase()),
    cities: list(d.cities, /\n|;/).map(readPlace),
    startDate: d.startDate || null,
    endDate: d.endDate || null,
    dateCount: readNumber(d.dateCount),
    capacityMin: readNumber(d.capacityMin),
    capacityMax: readNumber(d.capacityMax),
    maxDriveMiles: readNumber(d.maxDriveMiles),
    fixedDates: d.fixedDates
      .filter((f) => f.date || f.place.trim())
      .map((f) => ({ date: f.date, ...readPlace(f.place) })),
    daysOff: list(d.daysOff, /[\s,]+/),
    weekdaysOff: d.weekdaysOff,
  };
}

/** Number rules in the contract carry no words of their own; say the range plainly. */
function issueMessage(issue: z.core.$ZodIssue): string {
  if (issue.code === 'invalid_type' && issue.expected === 'number') return 'Enter a whole number';
  if (issue.code === 'too_small' && issue.origin === 'number') {
    return `Enter at least ${String(issue.minimum)}`;
  }
  if (issue.code === 'too_big' && issue.origin === 'number') {
    return `Enter at most ${String(issue.maximum)}`;
  }
  return issue.message;
}

export type ConstraintErrors = Partial<Record<ConstraintField, string>>;

/** The draft as constraints, or the first problem of each field. */
export function readDraft(
  draft: ConstraintsDraft,
): { ok: true; constraints: TTourConstraints } | { ok: false; errors: ConstraintErrors } {
  const parsed = ZTourConstraints.safeParse(fromDraft(draft));
  if (parsed.success) return { ok: true, constraints: parsed.data };
  const errors: ConstraintErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as ConstraintField;
    errors[field] ??= issueMessage(issue);
  }
  return { ok: false, errors };
}

const FIELDS = Object.keys(ZTourConstraints.shape) as ConstraintField[];

/** The constraint a server field path names: 'capacityMin', 'constraints.capacityMin' or 'cities.2.state'. */
export function constraintFieldOf(path: string): ConstraintField | undefined {
  const parts = path.split('.');
  const name = parts[0] === 'constraints' ? parts[1] : parts[0];
  return FIELDS.find((f) => f === name);
}
