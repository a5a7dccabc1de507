import { describe, expect, it } from 'vitest';
import { tickLayout } from './tick-layout';

const GENRES = ['Rock', 'Metal', 'Country', 'Hip-Hop', 'Jazz', 'Pop'];

describe('tickLayout', () => {
  it('slants labels that would run together on a phone', () => {
    expect(tickLayout(GENRES, 310).angle).toBe(-45);
  });

  it('keeps labels level where each fits under its bar', () => {
    expect(tickLayout(GENRES, 1000)).toEqual({ angle: 0, height: 30 });
  });
});
