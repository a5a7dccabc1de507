import { describe, expect, it } from 'vitest';
import type { OutreachFacts } from '../../src/adapters/llm/language-model.ts';
import { unverifiedFigures } from '../../src/adapters/llm/unverified-figures.ts';

const FACTS: OutreachFacts = {
  artistName: 'Blink 42',
  genres: ['Punk'],
  contactEmail: 'tour2027@blink42.example',
  contactPhone: '+1 555 201 4477',
  stops: [
    {
      date: '2027-04-05',
      venueName: '9:30 Club',
      city: 'Washington',
      state: 'DC',
      estimatedDemand: 12500,
    },
    {
      date: '2027-04-12',
      venueName: 'The Sinclair',
      city: 'Cambridge',
      state: 'MA',
      estimatedDemand: null,
    },
  ],
};

describe('unverifiedFigures (the outreach email guard)', () => {
  it.each([
    'April 5 and April 12',
    'Apr. 5th, then the 12th of April',
    '5 April 2027 and 12 April 2027',
    '4/5 and 4/12/2027',
    '2027-04-05 and 2027-04-12',
    '12,500 fans (12500) near Washington',
    'call +1 555 201 4477, 555-201-4477, (555) 201-4477, 5552014477 or 15552014477',
    'Blink 42 at the 9:30 Club, write to tour2027@blink42.example',
    'our 2 nights, 3 songs, 1 van',
  ])('passes "%s": every figure in it is a fact', (email) => {
    expect(unverifiedFigures(email, FACTS)).toEqual([]);
  });

  it.each([
    ['about 13,000 fans', ['13000']],
    ['April 6', ['April 6']],
    ['the 7th of April', ['7th of April']],
    ['4/6', ['4/6']],
    ['2027-05-05', ['2027-05-05']],
    ['doors at 8:00', ['00']],
    ['a $500 guarantee', ['500']],
    ['in 2028', ['2028']],
    ['call 555 201 9999', ['9999']],
  ])('flags "%s"', (email, flagged) => {
    expect(unverifiedFigures(email, FACTS)).toEqual(flagged);
  });
});
