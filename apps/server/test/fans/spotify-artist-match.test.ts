import { describe, expect, it } from 'vitest';
import {
  matchSpotifyArtists,
  normaliseArtistName,
  spotifyArtistId,
} from '../../src/domain/spotify-artist-match.ts';

const ID = '0OdUWJ0sBjDrqHygGUXeCF';
const OTHER = '4Z8W4fKeB5YxbusRsdQVPb';

describe('spotifyArtistId', () => {
  it.each([
    [`https://open.spotify.com/artist/${ID}`, ID],
    [`https://open.spotify.com/artist/${ID}?si=Xy_1`, ID],
    [`https://open.spotify.com/intl-de/artist/${ID}`, ID],
    [`https://open.spotify.com/intl-pt-br/artist/${ID}/`, ID],
    [`  HTTPS://OPEN.SPOTIFY.COM/artist/${ID}  `, ID],
    [`https://open.spotify.com/album/${ID}`, null],
    [`https://open.spotify.com/artist/${ID}x`, null],
    [`https://evil.example/open.spotify.com/artist/${ID}`, null],
    ['https://open.spotify.com/artist/echoes', null],
    ['', null],
    [null, null],
  ])('%s → %s', (url, id) => {
    expect(spotifyArtistId(url)).toBe(id);
  });
});

describe('matchSpotifyArtists', () => {
  const performer = (performerId: string, name: string, spotifyUrl: string | null = null) => ({
    performerId,
    name,
    spotifyUrl,
  });
  const link = (id: string) => `https://open.spotify.com/artist/${id}`;

  it('ignores case, spacing and Unicode forms in names', () => {
    expect(normaliseArtistName('  The\u00a0 NIGHT  Static ')).toBe('the night static');
    expect(normaliseArtistName('Ｍｏｎｏ')).toBe('mono');
  });

  it('prefers the link, and never lets two profiles claim one Spotify artist', () => {
    const matched = matchSpotifyArtists(
      [{ id: ID, name: 'Mono' }],
      [performer('p1', 'Mono'), performer('p2', 'Not Mono', link(ID))],
    );
    expect(matched.get(ID)).toEqual({ performerId: 'p2', by: 'spotify-id' });
    const claimed = matchSpotifyArtists(
      [{ id: ID, name: 'Mono' }],
      [performer('p1', 'Mono', link(ID)), performer('p2', 'Mono', link(ID))],
    );
    expect(claimed.size).toBe(0);
  });

  it('matches a name only when it is certain', () => {
    const one = [{ id: ID, name: 'Mono' }];
    expect(matchSpotifyArtists(one, [performer('p1', 'mono')]).get(ID)?.by).toBe('name');
    expect(matchSpotifyArtists(one, [performer('p1', 'Mono'), performer('p2', 'MONO')]).size).toBe(
      0,
    );
    expect(matchSpotifyArtists(one, [performer('p1', 'Mono', link(OTHER))]).size).toBe(0);
    const twoOfAName = [...one, { id: OTHER, name: 'Mono' }];
    expect(matchSpotifyArtists(twoOfAName, [performer('p1', 'Mono')]).size).toBe(0);
    // The same Spotify artist listed twice (followed and top) is one artist.
    expect(matchSpotifyArtists([...one, ...one], [performer('p1', 'Mono')]).size).toBe(1);
  });
});
