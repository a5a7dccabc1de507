import {
  FAN_PLACE_MESSAGES as M,
  type TFanPlaces,
  type TFanPlaceValues,
  tripPastProblem,
} from '@encore/contract';
import type { SessionUser } from '../auth/session-user.ts';
import { resolveNear } from '../domain/near-place.ts';
import { timeZoneAt } from '../domain/time-zone-at.ts';
import { AppError } from '../http/app-error.ts';
import { utcToLocal } from '../lib/local-time.ts';
import type { FanPlacesRepo, NewFanPlace } from '../repositories/fan-places.repo.ts';

const invalid = (field: string, message: string) =>
  new AppError('VALIDATION_FAILED', message, { fields: { [field]: message } });

/**
 * The places a fan keeps besides home (decision 049). Fans only, and only their own: every
 * statement is scoped to the signed-in fan, so another fan's place id is not found. The words
 * typed are read as a ZIP or a city once, here (domain/near-place.ts), and the point is saved:
 * the matcher never resolves a name. A trip that has ended is refused, on the place's own calendar.
 */
export function createFanPlaces(repo: FanPlacesRepo) {
  function fanOnly(user: SessionUser) {
    if (user.role !== 'fan') throw new AppError('FORBIDDEN', M.fansOnly);
  }

  function placeOf(input: TFanPlaceValues, now: Date): NewFanPlace {
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

  const listOf = async (user: SessionUser): Promise<TFanPlaces> => ({
    places: await repo.list(user.id),
  });

  return {
    async list(user: SessionUser): Promise<TFanPlaces> {
      fanOnly(user);
      return listOf(user);
    },

    async add(user: SessionUser, input: TFanPlaceValues, now = new Date()): Promise<TFanPlaces> {
      fanOnly(user);
      if (!(await repo.add(user.id, placeOf(input, now)))) {
        throw new AppError('CONFLICT', M.tooMany);
      }
      return listOf(user);
    },

    async update(
      user: SessionUser,
      id: string,
      input: TFanPlaceValues,
      now = new Date(),
    ): Promise<TFanPlaces> {
      fanOnly(user);
      if (!(await repo.update(user.id, id, placeOf(input, now)))) {
        throw new AppError('NOT_FOUND', M.notFound);
      }
      return listOf(user);
    },

    async remove(user: SessionUser, id: string): Promise<TFanPlaces> {
      fanOnly(user);
      if (!(await repo.remove(user.id, id))) throw new AppError('NOT_FOUND', M.notFound);
      return listOf(user);
    },
  };
}

export type FanPlaces = ReturnType<typeof createFanPlaces>;
