import { GENRES } from '@encore/contract';
import { describe, expect, it } from 'vitest';
import { generateDemoData } from '../../src/demo/generate.ts';
import { genreWord, withArticle } from '../../src/demo/phrasing.ts';

// The demo bios said "a indie act". The texts are built from templates and
// genre/venue words, so every generated text is checked, not one sample.
const set = generateDemoData({ now: new Date('2026-03-01T12:00:00Z'), seed: 7, passwordHash: 'h' });
const bios = set.performers.map((p) => p.bio ?? '');
const descriptions = set.venues.map((v) => v.description ?? '');
const texts = [...bios, ...descriptions];

/** Words heard with a vowel first: "an" goes before them. Initialisms go by their first letter's name. */
const VOWEL_SOUND = /^(?:[aeiou]|EDM\b|R&B\b)/i;

function articleMistakes(text: string): string[] {
  return [...text.matchAll(/\b(an?) (\S+)/gi)]
    .filter(
      ([, article, word]) => (article?.toLowerCase() === 'an') !== VOWEL_SOUND.test(word ?? ''),
    )
    .map(([phrase]) => phrase ?? '');
}

describe('the demo bios and venue descriptions', () => {
  it('put "an" before a vowel sound and "a" before any other', () => {
    const mistakes = texts.flatMap((text) => articleMistakes(text).map((m) => `${m} — ${text}`));
    expect(mistakes).toEqual([]);
  });

  it('name each genre\'s act with the article it takes ("an indie act")', () => {
    const acts = Object.fromEntries(GENRES.map((g) => [g, `${withArticle(genreWord(g))} act`]));
    expect(acts).toEqual({
      Rock: 'a rock act',
      Pop: 'a pop act',
      'Hip-Hop': 'a hip-hop act',
      EDM: 'an EDM act',
      Country: 'a country act',
      Jazz: 'a jazz act',
      Metal: 'a metal act',
      Indie: 'an indie act',
      Alternative: 'an alternative act',
      'R&B': 'an R&B act',
      Classical: 'a classical act',
      Other: 'an eclectic act',
    });
    // and the generated set uses that phrasing
    expect(bios.some((bio) => bio.includes(' an EDM act '))).toBe(true);
  });

  it('keep initialisms such as EDM and R&B in capitals', () => {
    expect(bios.filter((bio) => /\b(?:edm|r&b)\b/.test(bio))).toEqual([]);
    expect(bios.some((bio) => bio.includes('EDM'))).toBe(true);
  });
});
