import {
  GOING_TOGETHER_MESSAGES as M,
  type TGoingInviteAnswer,
  type TGoingInviteResult,
  type TGoingInvites,
  type TShowInvitePals,
} from '@encore/contract';
import type { SessionUser } from '../auth/session-user.ts';
import type { Orm } from '../db/client.ts';
import { visibleShow } from '../domain/show-confirmation.ts';
import { notFound } from '../domain/show-rules.ts';
import { AppError } from '../http/app-error.ts';
import type { AttendanceRepo } from '../repositories/attendance.repo.ts';
import type { ShowRepo } from '../repositories/show.repo.ts';
import type { GoingInvitesRepo } from '../repositories/social/going-invites.repo.ts';
import { writeSocialNotices } from '../repositories/social/social-notice-writes.repo.ts';
import { markAttendance } from './show-page.service.ts';
import type { SocialNoticeMailer } from './social-notice-mailer.service.ts';

export type GoingTogetherDeps = {
  invites: GoingInvitesRepo;
  shows: ShowRepo;
  attendance: AttendanceRepo;
  mailer: SocialNoticeMailer;
};

/**
 * Going together: a fan marked going to an upcoming, not cancelled show invites some
 * of their pals; each invited pal answers Going (marking them going, through the show page's own
 * path) or Not this time. Each new invite is a `going_invite` notice to the pal (if their Show
 * Pals setting is on), live on their streams and mailed after commit when email is on too.
 */
export function createGoingTogether(
  orm: Orm,
  { invites, shows, attendance, mailer }: GoingTogetherDeps,
) {
  return {
    async pals(me: SessionUser, showId: string): Promise<TShowInvitePals> {
      visibleShow(me, await shows.row(showId));
      return { pals: await invites.palsForShow(me.id, showId) };
    },

    /** All or nothing: one fan who is not my pal refuses the whole request. */
    async invite(me: SessionUser, showId: string, fanIds: string[]): Promise<TGoingInviteResult> {
      const wanted = [...new Set(fanIds)];
      const { invited, noticeIds } = await orm.transaction(async (tx) => {
        const show = await invites.showFacts(tx, me.id, showId);
        if (!show) throw notFound();
        if (show.cancelled) throw new AppError('CONFLICT', M.showCancelled);
        if (show.started) throw new AppError('CONFLICT', M.showStarted);
        if (!show.going) throw new AppError('CONFLICT', M.notGoing);
        const pals = await invites.palsAmong(tx, me.id, wanted);
        if (wanted.some((id) => !pals.has(id))) throw new AppError('CONFLICT', M.notPals);
        const invited = await invites.invite(tx, me.id, showId, wanted);
        const noticeIds = await writeSocialNotices(
          tx,
          invited.map((userId) => ({ userId, kind: 'going_invite', actorId: me.id, showId })),
        );
        return { invited: invited.length, noticeIds };
      });
      await mailer.mail(noticeIds);
      return { invited, unchanged: wanted.length - invited };
    },

    /** Answers every open invite to me for the show; Going marks me going in the same transaction. */
    async answer(me: SessionUser, showId: string, { answer }: TGoingInviteAnswer) {
      const row = visibleShow(me, await shows.row(showId));
      await orm.transaction(async (tx) => {
        if ((await invites.answer(tx, me.id, showId, answer)) === 0)
          throw new AppError('CONFLICT', M.noInvite);
        if (answer === 'going') await markAttendance(attendance, me, row, 'going', tx);
      });
      return { state: answer };
    },

    async open(me: SessionUser): Promise<TGoingInvites> {
      return { invites: await invites.open(me.id) };
    },
  };
}

export type GoingTogether = ReturnType<typeof createGoingTogether>;
