import { FAN_PLACE_MESSAGES as M, type TFanPlaceValues, tripPastProblem } from '@encore/contract';
import { AppError } from '../http/app-error.ts';
import { utcToLocal } from '../lib/local-time.ts';
import { resolveNear } from './near-place.ts';
import { timeZoneAt } from './time-zone-at.ts';

/** A place as saved: what the ZIP table read the fan's words as, its radius and its trip. */
export type NewFanPlace = {
  label: string;
  city: string;
  state: string;
  zipCode: string | null;
  latitude: number;
  longitude: number;
  radius: number;
  tripStart: string | null;
  tripEnd: string | null;
};

const invalid = (field: string, message: string) =>
  new AppError('VALIDATION_FAILED', message, { fields: { [field]: message } });

/**
 * A place as the fan typed it, read once as a ZIP or a city (near-place.ts) and saved with its
 * point: the matcher never resolves a name. A trip that has ended is refused, on the place's own
 * calendar. The API and the demo data place every kept place through here.
 */
export function placeFanPlace(input: TFanPlaceValues, now: Date): NewFanPlace {
  const found = resolveNear(input.near);
  if (!found) throw invalid('near', M.nearUnknown);
  const { place } = found;
  const zone = timeZoneAt(place.latitude, place.longitude, place.state, place.zipCode);
  const past = tripPastProblem(input.tripEnd, utcToLocal(now, zone).slice(0, 10));
  if (past) throw invalid('tripEnd', past);
  return {
    label: place.label,
    city: place.city,
    state: place.state,
    zipCode: place.zipCode,
    latitude: place.latitude,
    longitude: place.longitude,
    radius: input.radius,
    tripStart: input.tripStart,
    tripEnd: input.tripEnd,
  };
}
