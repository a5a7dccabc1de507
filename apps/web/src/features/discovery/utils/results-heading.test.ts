import { describe, expect, it } from 'vitest';
import { RESULTS_HEADINGS, resultsSource } from './results-heading';

const heading = (query: string, spotifyConnected = false, searchSpotifyLibrary = false) =>
  RESULTS_HEADINGS[resultsSource({ query, spotifyConnected, searchSpotifyLibrary })];

describe('Discovery’s heading', () => {
  it('uses the spec’s four headings', () => {
    expect(heading('')).toBe('Recommended Artists');
    expect(heading('night')).toBe('Search Results');
    expect(heading('', true)).toBe('Your Top Artists');
    expect(heading('night', true)).toBe('Search Results');
    expect(heading('night', true, true)).toBe('Spotify Library Results');
  });
});
