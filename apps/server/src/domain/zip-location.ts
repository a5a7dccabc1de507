import { PROFILE_EXTRA_MESSAGES } from '@encore/contract';
import zipcodes from 'zipcodes';
import { AppError } from '../http/app-error.ts';

export type Location = { latitude: number; longitude: number };
/** A ZIP's place: its centre, and the city and state the bundled table names it by. */
export type ZipHome = Location & { city: string; state: string };

/** The ZIP's place from the bundled US ZIP table (no network); null for a ZIP not in it. */
export function findZipHome(zipCode: string): ZipHome | null {
  const found = zipcodes.lookup(zipCode);
  if (found?.country !== 'US') return null;
  const { latitude, longitude, city, state } = found;
  return { latitude, longitude, city, state };
}

/**
 * The ZIP's place. A well-formed ZIP that does not exist is refused: the coordinates drive alert
 * matching, and a made-up ZIP would match nothing.
 */
export function placeZip(zipCode: string): ZipHome {
  const found = findZipHome(zipCode);
  if (!found) {
    throw new AppError('VALIDATION_FAILED', 'Please correct the highlighted fields', {
      fields: { zipCode: PROFILE_EXTRA_MESSAGES.zipUnknown },
    });
  }
  return found;
}

/** The ZIP's centre only (see placeZip), for rows that take coordinates and nothing else. */
export function locateZip(zipCode: string): Location {
  const { latitude, longitude } = placeZip(zipCode);
  return { latitude, longitude };
}
