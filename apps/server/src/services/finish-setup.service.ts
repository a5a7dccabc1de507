import type { TFinishSetup } from '@encore/contract';
import type { SessionUser } from '../auth/session-user.ts';
import type { FinishSetupRepo } from '../repositories/finish-setup.repo.ts';
import { fanOnly } from './fan-pages.service.ts';

/**
 * The dashboard's one-time 'Finish setting up' card: the location step, then Spotify, and the
 * phone to verify when the fan chose SMS (at setup or in settings) and has not verified it yet.
 */
export function createFinishSetup(repo: FinishSetupRepo) {
  return {
    async get(user: SessionUser): Promise<TFinishSetup> {
      const fanId = fanOnly(user);
      const [visible, verifyPhone] = await Promise.all([
        repo.isVisible(fanId),
        repo.phoneToVerify(fanId),
      ]);
      return { visible, verifyPhone };
    },

    /** Dismissed for good: it does not come back on another device or after the steps. */
    async dismiss(user: SessionUser): Promise<TFinishSetup> {
      await repo.dismiss(fanOnly(user));
      return { visible: false, verifyPhone: false };
    },
  };
}

export type FinishSetup = ReturnType<typeof createFinishSetup>;
