import type { TFinishSetup } from '@encore/contract';
import type { SessionUser } from '../auth/session-user.ts';
import type { FinishSetupRepo } from '../repositories/finish-setup.repo.ts';
import { fanOnly } from './fan-pages.service.ts';

/** The dashboard's one-time 'Finish setting up' card (the location step, then Spotify). */
export function createFinishSetup(repo: FinishSetupRepo) {
  return {
    async get(user: SessionUser): Promise<TFinishSetup> {
      return { visible: await repo.isVisible(fanOnly(user)) };
    },

    /** Dismissed for good: it does not come back on another device or after the steps. */
    async dismiss(user: SessionUser): Promise<TFinishSetup> {
      await repo.dismiss(fanOnly(user));
      return { visible: false };
    },
  };
}

export type FinishSetup = ReturnType<typeof createFinishSetup>;
