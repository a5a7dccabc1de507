import {
  FAN_PAGE_MESSAGES,
  type TAlertFeed,
  type TFanHome,
  type TShowsAttended,
  type TShowsAttending,
} from '@encore/contract';
import type { SessionUser } from '../auth/session-user.ts';
import { AppError } from '../http/app-error.ts';
import type { FanPagesRepo } from '../repositories/fan-pages.repo.ts';

/** Performers and venues have their own pages; these are a fan's, counted from the fan's rows. */
export function fanOnly(user: SessionUser): string {
  if (user.role !== 'fan') throw new AppError('FORBIDDEN', FAN_PAGE_MESSAGES.fansOnly);
  return user.id;
}

/**
 * The fan's dashboard, alerts feed and show lists. A fan who has not finished setup simply has no
 * rows yet, so every page answers with zeros and empty lists rather than an error.
 */
export function createFanPages(repo: FanPagesRepo) {
  return {
    home(user: SessionUser): Promise<TFanHome> {
      return repo.home(fanOnly(user));
    },

    alerts(user: SessionUser, query: { cursor?: string; limit: number }): Promise<TAlertFeed> {
      return repo.alertsFeed(fanOnly(user), query);
    },

    async attending(user: SessionUser): Promise<TShowsAttending> {
      return { shows: await repo.attending(fanOnly(user)) };
    },

    attended(user: SessionUser): Promise<TShowsAttended> {
      return repo.attended(fanOnly(user));
    },
  };
}

export type FanPages = ReturnType<typeof createFanPages>;
