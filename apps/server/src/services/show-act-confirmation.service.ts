import { SHOW_MESSAGES as S, type TOwnShow } from '@encore/contract';
import type { SessionUser } from '../auth/session-user.ts';
import type { BillAct } from '../domain/show-acts.ts';
import { visibleShow } from '../domain/show-confirmation.ts';
import { AppError } from '../http/app-error.ts';
import type { ShowChange, ShowRepo, StoredShow } from '../repositories/show.repo.ts';
import type { ShowNoticeMailer } from './show-notice-mailer.service.ts';

const unchanged: ShowChange = { values: {}, events: [] };

/**
 * The support act's slot on the bill, for its own artist only. A show pending for its other
 * party is seen by its acts too (they were asked), but nobody else finds it.
 */
function ownSlot(user: SessionUser, row: StoredShow | null, bill: BillAct[]) {
  const act = bill.find((a) => a.performerId === user.id);
  if (!act) {
    visibleShow(user, row);
    throw new AppError('FORBIDDEN', S.onlyActConfirms);
  }
  const show = row as StoredShow;
  if (show.confirmation === 'declined') throw new AppError('CONFLICT', S.declinedShow);
  if (show.status === 'cancelled') throw new AppError('CONFLICT', S.cancelledShow);
  return { show, act };
}

const withWord = (bill: BillAct[], performerId: string, word: BillAct['confirmation']) =>
  bill.map((a) => (a.performerId === performerId ? { ...a, confirmation: word } : a));

/**
 * POST /api/shows/:id/acts/confirm and /decline: a support act's word on its slot. Nobody speaks
 * for another account: until the act confirms, the show is not on its page and its watchers hear
 * nothing. Under the show's row lock (repo.change), so a repeated confirmation changes nothing
 * and the act's watchers hear of the show once.
 */
export function createShowActConfirmations(repo: ShowRepo, mailer: ShowNoticeMailer) {
  async function decide(
    user: SessionUser,
    id: string,
    plan: (row: StoredShow | null, bill: BillAct[]) => ShowChange,
  ) {
    const noticeIds = await repo.change(id, plan);
    await mailer.mail(noticeIds);
    return (await repo.show(id, user.id)) as TOwnShow;
  }

  return {
    /**
     * On the bill from now on. When the show is already public and still to come, a line-up change
     * for this act's watchers only (`actPerformerId`): those the show has not reached yet hear of
     * it once. A show still pending for its other party tells them with its announcement.
     */
    confirm: (user: SessionUser, id: string) =>
      decide(user, id, (row, bill) => {
        const { show, act } = ownSlot(user, row, bill);
        if (act.confirmation === 'confirmed') return unchanged;
        if (act.confirmation === 'declined') throw new AppError('CONFLICT', S.actAlreadyDeclined);
        const upcoming = show.startsAt.getTime() > Date.now();
        return {
          values: {},
          acts: withWord(bill, user.id, 'confirmed'),
          events:
            show.confirmation === 'confirmed' && upcoming
              ? [
                  {
                    kind: 'lineup_change',
                    payload: { confirmed: act.name },
                    actPerformerId: user.id,
                  },
                ]
              : [],
          notices: [{ userId: show.createdBy, kind: 'act_confirmed', actPerformerId: user.id }],
        };
      }),

    /** Off the bill for good (parties still see the slot, declined); the announcer is told. */
    decline: (user: SessionUser, id: string) =>
      decide(user, id, (row, bill) => {
        const { show, act } = ownSlot(user, row, bill);
        if (act.confirmation === 'declined') return unchanged;
        if (act.confirmation === 'confirmed') {
          throw new AppError('CONFLICT', S.actAlreadyConfirmed);
        }
        return {
          values: {},
          acts: withWord(bill, user.id, 'declined'),
          events: [],
          notices: [{ userId: show.createdBy, kind: 'act_declined', actPerformerId: user.id }],
        };
      }),
  };
}
