import { describe, expect, it } from 'vitest';
import {
  localDateTimeProblem,
  SHOW_MESSAGES as S,
  ZPostponeShow,
  ZShowInput,
  ZShowUpdate,
} from './index.ts';

/** A fixed "now" keeps the window's edges exact: Tuesday 24 November 2026, 14:00 UTC. */
const NOW = Date.UTC(2026, 10, 24, 14, 0);
const problem = (local: string) => localDateTimeProblem(local, NOW);

describe('localDateTimeProblem: a real local date-time within the window', () => {
  it.each([
    '2027-02-28T20:00',
    '2028-02-29T20:00',
    '2027-12-31T23:59',
    '2027-01-01T00:00',
    '2026-11-24T13:00',
    '2031-11-24T14:00',
    '2016-11-24T14:00',
  ])('accepts %s', (local) => {
    expect(problem(local)).toBeNull();
  });

  it.each([
    ['February 30', '2027-02-30T20:00'],
    ['February 29 outside a leap year', '2027-02-29T20:00'],
    ['February 29 of 2100 (not a leap year)', '2100-02-29T20:00'],
    ['month 13', '2027-13-01T20:00'],
    ['month 0', '2027-00-10T20:00'],
    ['day 0', '2027-03-00T20:00'],
    ['April 31', '2027-04-31T20:00'],
    ['24:00', '2027-03-01T24:00'],
    ['minute 60', '2027-03-01T20:60'],
  ])('refuses %s as not real', (_name, local) => {
    expect(problem(local)).toBe(S.dateNotReal);
  });

  it.each([
    ['year 9999', '9999-12-31T23:59'],
    ['a minute past five years', '2031-11-24T14:01'],
  ])('refuses %s as too far ahead', (_name, local) => {
    expect(problem(local)).toBe(S.dateTooFar);
    expect(S.dateTooFar).toBe('Date must be within the next 5 years');
  });

  it.each([
    ['year 0001', '0001-01-01T00:00'],
    ['year 0099 (not read as 1999)', '0099-06-01T20:00'],
    ['1999', '1999-06-01T20:00'],
    ['a minute before ten years ago', '2016-11-24T13:59'],
  ])('refuses %s as too long ago', (_name, local) => {
    expect(problem(local)).toBe(S.dateTooOld);
  });

  it.each(['', '2027-3-1T20:00', '2027-03-01 20:00', '2027-03-01T20:00:00', '+12027-03-01T20:00'])(
    'refuses the malformed %j with the required message',
    (local) => {
      expect(problem(local)).toBe(S.dateRequired);
    },
  );
});

/** The show schemas share the rule: one issue, under the field, with its message. */
describe('the show schemas', () => {
  const inAYear = new Date(Date.now() + 365 * 86_400_000).toISOString().slice(0, 16);
  const show = {
    performerId: 'p',
    venueId: 'v',
    externalVenue: null,
    startsAtLocal: inAYear,
    ticketUrl: null,
    priceMin: null,
    priceMax: null,
    onSaleAtLocal: null,
    supportingActs: [],
    genre: null,
  };
  const issues = (result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
    result.error?.issues.map((i) => [i.path.join('.'), i.message]);

  it('accepts a date a year from now', () => {
    expect(ZShowInput.safeParse(show).success).toBe(true);
  });

  it.each([
    ['2027-02-30T20:00', S.dateNotReal],
    ['2027-13-01T20:00', S.dateNotReal],
    ['9999-12-31T23:59', S.dateTooFar],
    ['0001-01-01T00:00', S.dateTooOld],
  ])('announce, edit and postpone refuse %s', (local, message) => {
    expect(issues(ZShowInput.safeParse({ ...show, startsAtLocal: local }))).toEqual([
      ['startsAtLocal', message],
    ]);
    expect(issues(ZShowInput.safeParse({ ...show, onSaleAtLocal: local }))).toEqual([
      ['onSaleAtLocal', message],
    ]);
    expect(issues(ZShowUpdate.safeParse({ startsAtLocal: local }))).toEqual([
      ['startsAtLocal', message],
    ]);
    expect(issues(ZPostponeShow.safeParse({ startsAtLocal: local }))).toEqual([
      ['startsAtLocal', message],
    ]);
  });
});
