import { EMPTY_TOUR_CONSTRAINTS, type TTourConstraints, ZTourConstraints } from '@encore/contract';
import { describe, expect, it } from 'vitest';
import { parseTourPrompt } from '../../src/domain/tour-planner/parse-prompt.ts';

/** The deterministic prompt reader: each phrasing asserted as the whole object. */

const TODAY = '2026-11-27';
const c = (said: Partial<TTourConstraints>): TTourConstraints => ({
  ...EMPTY_TOUR_CONSTRAINTS,
  ...said,
});

const CASES: [string, Partial<TTourConstraints>, string?][] = [
  [
    '10 dates in the Northeast in March, 500-1000 capacity, max 300 miles a day',
    {
      regions: ['Northeast'],
      startDate: '2027-03-01',
      endDate: '2027-03-31',
      dateCount: 10,
      capacityMin: 500,
      capacityMax: 1000,
      maxDriveMiles: 300,
    },
  ],
  ['in March', { startDate: '2027-03-01', endDate: '2027-03-31' }],
  ['a run in December', { startDate: '2026-12-01', endDate: '2026-12-31' }],
  ['shows in November', { startDate: '2026-11-01', endDate: '2026-11-30' }],
  ['March 2028, please', { startDate: '2028-03-01', endDate: '2028-03-31' }],
  [
    'March–April in the Midwest',
    { regions: ['Midwest'], startDate: '2027-03-01', endDate: '2027-04-30' },
  ],
  ['December through February', { startDate: '2026-12-01', endDate: '2027-02-28' }],
  [
    'between March 5 and March 28, twelve gigs',
    { startDate: '2027-03-05', endDate: '2027-03-28', dateCount: 12 },
  ],
  ['from 2027-03-01 to 2027-03-20', { startDate: '2027-03-01', endDate: '2027-03-20' }],
  ['between Dec 20 and Jan 10', { startDate: '2026-12-20', endDate: '2027-01-10' }],
  ['March 5-28', { startDate: '2027-03-05', endDate: '2027-03-28' }],
  [
    'next month on the west coast',
    { regions: ['West Coast'], startDate: '2026-12-01', endDate: '2026-12-31' },
  ],
  [
    'this spring in New York and NJ',
    { states: ['NY', 'NJ'], startDate: '2027-03-01', endDate: '2027-05-31' },
  ],
  ['a tour this summer', { startDate: '2027-06-01', endDate: '2027-08-31' }],
  ['over the next 6 weeks', { startDate: '2026-11-28', endDate: '2027-01-08' }],
  ['starting April 5, until May 2', { startDate: '2027-04-05', endDate: '2027-05-02' }],
  ['ten shows', { dateCount: 10 }],
  ['a dozen nights in Ohio', { dateCount: 12, states: ['OH'] }],
  ['an 8-date run', { dateCount: 8 }],
  ['twenty-two concerts', { dateCount: 22 }],
  ['rooms of 300–800', { capacityMin: 300, capacityMax: 800 }],
  ['venues under 500', { capacityMax: 500 }],
  ['at least 1,000 capacity', { capacityMin: 1000 }],
  ['1k-2k rooms', { capacityMin: 1000, capacityMax: 2000 }],
  ['500 to 1,000 cap', { capacityMin: 500, capacityMax: 1000 }],
  ['800+ capacity', { capacityMin: 800 }],
  ['no more than 250 mi per day', { maxDriveMiles: 250 }],
  ['drives under 400 miles', { maxDriveMiles: 400 }],
  ['300-mile max drive', { maxDriveMiles: 300 }],
  ['1,000 km a day max', { maxDriveMiles: 621 }],
  [
    'Boston, Philadelphia and Chicago in April',
    {
      cities: [
        { city: 'Boston', state: null },
        { city: 'Philadelphia', state: null },
        { city: 'Chicago', state: null },
      ],
      startDate: '2027-04-01',
      endDate: '2027-04-30',
    },
  ],
  [
    'play boston, philadelphia and kansas city in april',
    {
      cities: [
        { city: 'Boston', state: null },
        { city: 'Philadelphia', state: null },
        { city: 'Kansas City', state: null },
      ],
      startDate: '2027-04-01',
      endDate: '2027-04-30',
    },
  ],
  [
    '6 dates in small rooms near chicago',
    { dateCount: 6, cities: [{ city: 'Chicago', state: null }] },
  ],
  ['play clubs in the midwest to grow fans', { regions: ['Midwest'] }],
  [
    'Portland, OR and Seattle',
    {
      cities: [
        { city: 'Portland', state: 'OR' },
        { city: 'Seattle', state: null },
      ],
    },
  ],
  [
    'NYC, Washington DC and St. Louis',
    {
      cities: [
        { city: 'New York', state: 'NY' },
        { city: 'Washington', state: 'DC' },
        { city: 'St. Louis', state: null },
      ],
    },
  ],
  ['Pennsylvania, NY and New England', { regions: ['New England'], states: ['PA', 'NY'] }],
  // "in", "me" and "or" are words here, not Indiana, Maine and Oregon.
  ['play in me or the south', { regions: ['South'] }],
  ['shows in IN and OR', { states: ['IN', 'OR'] }],
  [
    'South Carolina and West Virginia, then the deep south',
    { states: ['SC', 'WV'], regions: ['South'] },
  ],
  ['the pacific northwest and the east coast', { regions: ['Pacific Northwest', 'East Coast'] }],
  [
    'must play Chicago on April 12',
    { fixedDates: [{ date: '2027-04-12', city: 'Chicago', state: null }] },
  ],
  [
    'in March, Boston on March 14 is fixed',
    {
      startDate: '2027-03-01',
      endDate: '2027-03-31',
      fixedDates: [{ date: '2027-03-14', city: 'Boston', state: null }],
    },
  ],
  [
    'must play Portland, Oregon on May 2',
    { fixedDates: [{ date: '2027-05-02', city: 'Portland', state: 'OR' }] },
  ],
  ['off on March 17', { daysOff: ['2027-03-17'] }],
  ['kick off on March 3, off on March 10', { startDate: '2027-03-03', daysOff: ['2027-03-10'] }],
  ['days off: March 10 and March 12', { daysOff: ['2027-03-10', '2027-03-12'] }],
  ['no Mondays', { weekdaysOff: ['Monday'] }],
  ['no shows on Sundays or Mondays', { weekdaysOff: ['Monday', 'Sunday'] }],
  ['weekends off', { weekdaysOff: ['Saturday', 'Sunday'] }],
  [
    'fixed: Denver on 4/20, no gigs on 4/21',
    { fixedDates: [{ date: '2027-04-20', city: 'Denver', state: null }], daysOff: ['2027-04-21'] },
  ],
  [
    "Hi! I'm an Indie band from Austin. We want 15 shows in Texas and OK in October, 300-mile max drive, avoid Tuesdays",
    {
      states: ['TX', 'OK'],
      startDate: '2027-10-01',
      endDate: '2027-10-31',
      dateCount: 15,
      maxDriveMiles: 300,
      weekdaysOff: ['Tuesday'],
    },
  ],
  [
    '8-date run in December, at least 1,000, drives under 400 miles, Boston on Dec 14 is fixed, no shows on Sundays or Mondays',
    {
      startDate: '2026-12-01',
      endDate: '2026-12-31',
      dateCount: 8,
      capacityMin: 1000,
      maxDriveMiles: 400,
      fixedDates: [{ date: '2026-12-14', city: 'Boston', state: null }],
      weekdaysOff: ['Monday', 'Sunday'],
    },
  ],
  ['Plan something nice for us', {}],
  [
    'Salt Lake City and Kansas City, MO',
    {
      cities: [
        { city: 'Kansas City', state: 'MO' },
        { city: 'Salt Lake City', state: null },
      ],
    },
  ],
  [
    'must play New York on March 3',
    { fixedDates: [{ date: '2027-03-03', city: 'New York', state: null }] },
  ],
  [
    'Looking for 12 shows on the West Coast next spring. Max 500 miles between shows. Must play Los Angeles on April 3. No Sundays.',
    {
      regions: ['West Coast'],
      startDate: '2027-03-01',
      endDate: '2027-05-31',
      dateCount: 12,
      maxDriveMiles: 500,
      fixedDates: [{ date: '2027-04-03', city: 'Los Angeles', state: null }],
      weekdaysOff: ['Sunday'],
    },
  ],
  [
    'I want a small club tour: rooms under 300, Mondays off, 6 dates starting Jan 15',
    { capacityMax: 300, weekdaysOff: ['Monday'], dateCount: 6, startDate: '2027-01-15' },
  ],
  ['in may we may play Texas', { states: ['TX'], startDate: '2027-05-01', endDate: '2027-05-31' }],
];

describe('parseTourPrompt', () => {
  it.each(CASES)('reads %j', (prompt, expected, today = TODAY) => {
    const parsed = parseTourPrompt(prompt, today);
    expect(parsed).toEqual(c(expected));
    expect(ZTourConstraints.safeParse(parsed).success).toBe(true);
  });

  it('rolls months and dates over the year from today', () => {
    expect(parseTourPrompt('in March', '2027-02-10')).toEqual(
      c({ startDate: '2027-03-01', endDate: '2027-03-31' }),
    );
    expect(parseTourPrompt('in January', '2027-02-10')).toEqual(
      c({ startDate: '2028-01-01', endDate: '2028-01-31' }),
    );
    expect(parseTourPrompt('off on Feb 5', '2027-02-10')).toEqual(c({ daysOff: ['2028-02-05'] }));
  });

  it('leaves what the prompt does not say null or empty', () => {
    expect(parseTourPrompt('   ', TODAY)).toEqual(EMPTY_TOUR_CONSTRAINTS);
  });

  it('keeps counts within the contract (at most 30 dates)', () => {
    expect(parseTourPrompt('45 dates', TODAY).dateCount).toBe(30);
  });
});
