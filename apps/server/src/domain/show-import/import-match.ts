import { SHOW_IMPORT_MESSAGES as M, type TExternalVenue } from '@encore/contract';
import type { SessionUser } from '../../auth/session-user.ts';
import type { ImportArtist, ImportVenue } from '../../repositories/show-import.repo.ts';
import { findZipHome } from '../zip-location.ts';
import { importPlace } from './import-place.ts';
import type { ImportRow } from './import-row.ts';

/** A row's parties as the announce form would send them, and where the show is. */
export type Matched = {
  performerId: string;
  venueId: string | null;
  /** As the announce form sends it; the contract's schema checks it next (the state too). */
  externalVenue: Record<keyof TExternalVenue, string> | null;
  name: string;
  match: 'encore' | 'typed';
  placeName: string;
  genres: readonly string[];
  place: { latitude: number; longitude: number; state: string; zipCode: string };
};

/**
 * A performer's row: the Encore venue of that name in that place (or the only one of that name
 * when the row names no known place), else a venue not on Encore, which needs a place and a
 * street address, as the announce form asks.
 */
export function matchVenue(
  c: { user: SessionUser; venues: ImportVenue[]; ownGenres: readonly string[] },
  row: ImportRow,
): Matched | { problem: string } {
  const place = importPlace(row.place);
  const named = c.venues.filter((v) => v.name.toLowerCase() === row.venueName.toLowerCase());
  const here = place
    ? named.filter(
        (v) =>
          v.zipCode === place.zipCode ||
          (v.city.toLowerCase() === place.city.toLowerCase() && v.state === place.state),
      )
    : named;
  const common = { performerId: c.user.id, genres: c.ownGenres };
  if (here.length > 1) return { problem: M.ambiguousVenue(row.venueName) };
  const [venue] = here;
  if (venue) {
    return {
      ...common,
      venueId: venue.id,
      externalVenue: null,
      name: venue.name,
      match: 'encore',
      placeName: `${venue.city}, ${venue.state}`,
      place: venue,
    };
  }
  const home = place ? findZipHome(place.zipCode) : null;
  if (!place || !home) return { problem: M.unknownPlace };
  if (row.streetAddress === '') return { problem: M.venueAddress };
  return {
    ...common,
    venueId: null,
    externalVenue: { name: row.venueName, streetAddress: row.streetAddress, ...place },
    name: row.venueName,
    match: 'typed',
    placeName: `${place.city}, ${place.state}`,
    place: { ...home, zipCode: place.zipCode },
  };
}

/** A venue's row: the one Encore artist of that name (same-named artists are never guessed). */
export function matchArtist(
  c: { performers: ImportArtist[]; ownVenue: ImportVenue | null },
  row: ImportRow,
): Matched | { problem: string } {
  const named = c.performers.filter((p) => p.name.toLowerCase() === row.artistName.toLowerCase());
  if (named.length > 1) return { problem: M.ambiguousArtist(row.artistName) };
  const [artist] = named;
  const venue = c.ownVenue;
  if (!artist || !venue) return { problem: M.unknownArtist(row.artistName) };
  return {
    performerId: artist.id,
    venueId: venue.id,
    externalVenue: null,
    name: artist.name,
    match: 'encore',
    placeName: venue.name,
    genres: artist.genres,
    place: venue,
  };
}
