import { FAN_PLACE_MESSAGES as M, type TFanPlaces, type TFanPlaceValues } from '@encore/contract';
import type { SessionUser } from '../auth/session-user.ts';
import { placeFanPlace } from '../domain/fan-place.ts';
import { AppError } from '../http/app-error.ts';
import type { FanPlacesRepo } from '../repositories/fan-places.repo.ts';

/**
 * The places a fan keeps besides home (decision 049). Fans only, and only their own: every
 * statement is scoped to the signed-in fan, so another fan's place id is not found. The words
 * typed are placed by domain/fan-place.ts (unknown place, ended trip: field messages).
 */
export function createFanPlaces(repo: FanPlacesRepo) {
  function fanOnly(user: SessionUser) {
    if (user.role !== 'fan') throw new AppError('FORBIDDEN', M.fansOnly);
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
      if (!(await repo.add(user.id, placeFanPlace(input, now)))) {
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
      if (!(await repo.update(user.id, id, placeFanPlace(input, now)))) {
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
