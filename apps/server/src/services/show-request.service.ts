import {
  SHOW_REQUEST_MESSAGES as M,
  type TShowRequestInput,
  type TShowRequestState,
} from '@encore/contract';
import type { SessionUser } from '../auth/session-user.ts';
import { guardedAskers } from '../domain/dashboard-figures.ts';
import { AppError } from '../http/app-error.ts';
import type { RequestPlace, ShowRequestRepo } from '../repositories/show-request.repo.ts';

/**
 * "Request a show near me": a fan asks an artist for a show at their home place, sees how many
 * fans asked for that city, and may withdraw. Fans only; the artist must be a performer. A fan
 * keeps one place (their home), so the place asked for must be it: the form sends the ZIP it
 * showed, and a home changed since in another tab is a field error, not a request elsewhere.
 */
export function createShowRequests(repo: ShowRequestRepo) {
  function fanOnly(user: SessionUser) {
    if (user.role !== 'fan') throw new AppError('FORBIDDEN', M.fansOnly);
  }

  async function artist(id: string) {
    if (!(await repo.isPerformer(id))) throw new AppError('NOT_FOUND', M.artistNotFound);
  }

  async function home(user: SessionUser): Promise<RequestPlace> {
    const place = await repo.homeOf(user.id);
    if (!place) throw new AppError('PROFILE_REQUIRED', M.homeRequired);
    return place;
  }

  async function stateAt(user: SessionUser, performerId: string, place: RequestPlace | null) {
    if (!place) return { place: null, requested: false, fans: 0 };
    const { requested, fans } = await repo.stateAt(user.id, performerId, place);
    const { zipCode, city, state } = place;
    return { place: { zipCode, city, state }, requested, fans: guardedAskers(fans) };
  }

  /**
   * Where a fan's request or withdrawal is: the artist must be on Encore, and the place asked for
   * the fan's home (the only place a fan keeps).
   */
  async function askedPlace(
    user: SessionUser,
    performerId: string,
    input: TShowRequestInput,
  ): Promise<RequestPlace> {
    fanOnly(user);
    await artist(performerId);
    const place = await home(user);
    if (place.zipCode !== input.zipCode) {
      throw new AppError('VALIDATION_FAILED', M.notHome, { fields: { zipCode: M.notHome } });
    }
    return place;
  }

  return {
    async state(user: SessionUser, performerId: string): Promise<TShowRequestState> {
      fanOnly(user);
      await artist(performerId);
      return stateAt(user, performerId, await repo.homeOf(user.id));
    },

    async request(
      user: SessionUser,
      performerId: string,
      input: TShowRequestInput,
    ): Promise<TShowRequestState> {
      const place = await askedPlace(user, performerId, input);
      if (!(await repo.open(user.id, performerId, place))) {
        throw new AppError('CONFLICT', M.duplicate);
      }
      return stateAt(user, performerId, place);
    },

    async withdraw(
      user: SessionUser,
      performerId: string,
      input: TShowRequestInput,
    ): Promise<TShowRequestState> {
      const place = await askedPlace(user, performerId, input);
      if (!(await repo.withdraw(user.id, performerId, place.zipCode))) {
        throw new AppError('NOT_FOUND', M.notFound);
      }
      return stateAt(user, performerId, place);
    },
  };
}

export type ShowRequests = ReturnType<typeof createShowRequests>;
