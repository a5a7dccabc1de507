import { describe, expect, it } from 'vitest';
import { csvField, genreCsvFileName } from './genre-csv';

describe('genre CSV', () => {
  it('quotes a field only when it holds a comma, a quote or a line break, doubling quotes', () => {
    expect(csvField('Rock')).toBe('Rock');
    expect(csvField(8400.5)).toBe('8400.5');
    expect(csvField('Rock, Pop')).toBe('"Rock, Pop"');
    expect(csvField('The "Big" Room')).toBe('"The ""Big"" Room"');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
  });

  it('names the file after the venue and period, safe for any file system', () => {
    expect(genreCsvFileName('The Blue Note!', 90)).toBe('the-blue-note-genres-last-90-days.csv');
    expect(genreCsvFileName('Café Ñ', 30)).toBe('cafe-n-genres-last-30-days.csv');
    expect(genreCsvFileName('***', 365)).toBe('venue-genres-last-365-days.csv');
  });
});
