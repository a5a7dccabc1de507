import { PROFILE_EXTRA_MESSAGES } from '@encore/contract';
import zipcodes from 'zipcodes';
import { AppError } from '../http/app-error.ts';

export type Location = { latitude: number; longitude: number };

/**
 * The ZIP's centre, from the bundled US ZIP table (no network). A well-formed ZIP that does not
 * exist is refused: the coordinates drive alert matching, and a made-up ZIP would match nothing.
 */
export function locateZip(zipCode: string): Location {
  const found = zipcodes.lookup(zipCode);
  if (found?.country !== 'US') {
    throw new AppError('VALIDATION_FAILED', 'Please correct the highlighted fields', {
      fields: { zipCode: PROFILE_EXTRA_MESSAGES.zipUnknown },
    });
  }
  return { latitude: found.latitude, longitude: found.longitude };
}
