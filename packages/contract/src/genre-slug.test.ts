import { describe, expect, it } from 'vitest';
import { genreFromSlug, genreSlug } from './discovery.ts';
import { GENRES } from './options.ts';

describe('genre addresses', () => {
  it('gives every genre one readable, URL-safe slug that leads back to it', () => {
    const slugs = GENRES.map(genreSlug);
    expect(slugs).toContain('hip-hop');
    expect(slugs).toContain('r-and-b');
    expect(new Set(slugs).size).toBe(GENRES.length);
    for (const slug of slugs) expect(slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
    for (const genre of GENRES) expect(genreFromSlug(genreSlug(genre))).toBe(genre);
  });

  it('reads a slug in any case and nothing else', () => {
    expect(genreFromSlug('EDM')).toBe('EDM');
    expect(genreFromSlug('Hip-Hop')).toBe('Hip-Hop');
    for (const other of ['', 'R&B', 'hip hop', 'hiphop', 'polka', 'rock-']) {
      expect(genreFromSlug(other), other).toBeUndefined();
    }
  });
});
