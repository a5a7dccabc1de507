import { SHOW_MESSAGES as S, type TOwnShow } from '@encore/contract';
import type { SessionUser } from '../auth/session-user.ts';
import { announcedEvent, assertConfirmingParty } from '../domain/show-confirmation.ts';
import { assertNightFree, localNight } from '../domain/venue-night.ts';
import { AppError } from '../http/app-error.ts';
import type { NightReader, ShowChange, ShowRepo, StoredShow } from '../repositories/show.repo.ts';
import type { ShowNoticeMailer } from './show-notice-mailer.service.ts';

const unchanged: ShowChange = { values: {}, events: [] };

/**
 * POST /api/shows/:id/confirm and /decline: the named party's word on a pending show. Each runs
 * under the show's row lock (repo.change), so a repeated or concurrent confirmation finds the show
 * confirmed and changes nothing: fans hear of it once.
 */
export function createShowConfirmations(repo: ShowRepo, mailer: ShowNoticeMailer) {
  async function decide(
    user: SessionUser,
    id: string,
    plan: (row: StoredShow | null, night: NightReader) => ShowChange | Promise<ShowChange>,
  ) {
    const noticeIds = await repo.change(id, (row, _bill, night) => plan(row, night));
    await mailer.mail(noticeIds);
    return (await repo.show(id, user.id)) as TOwnShow;
  }

  return {
    /**
     * Public from now on: the announcement is written now, so watchers and genre fans hear. A
     * venue confirming a show on a night it already holds one on says so (`confirmSameNight`); a
     * performer confirming a venue's show needs not: the venue said yes when it announced it.
     */
    confirm: (user: SessionUser, id: string, answer: { confirmSameNight?: boolean } = {}) =>
      decide(user, id, async (row, night) => {
        const show = assertConfirmingParty(user, row);
        if (show.confirmation === 'confirmed') return unchanged;
        if (show.confirmation === 'declined') throw new AppError('CONFLICT', S.alreadyDeclined);
        if (show.venueId !== null && user.id === show.venueId) {
          const other = await night(show.venueId, localNight(show.startsAt, show.timeZone));
          assertNightFree(other, { answered: answer.confirmSameNight, askedIsVenue: true });
        }
        // A show confirmed after it started is not news any more: nobody is alerted.
        const upcoming = show.startsAt.getTime() > Date.now();
        return {
          values: { confirmation: 'confirmed' },
          events: upcoming ? [announcedEvent(show.startsAt)] : [],
          notices: [{ userId: show.createdBy, kind: 'show_confirmed' }],
        };
      }),

    /** Withdrawn: on no page, alerting nobody; the announcer is told. */
    decline: (user: SessionUser, id: string) =>
      decide(user, id, (row) => {
        const show = assertConfirmingParty(user, row);
        if (show.confirmation === 'declined') return unchanged;
        if (show.confirmation === 'confirmed') throw new AppError('CONFLICT', S.alreadyConfirmed);
        return {
          values: { confirmation: 'declined' },
          events: [],
          notices: [{ userId: show.createdBy, kind: 'show_declined' }],
        };
      }),
  };
}
