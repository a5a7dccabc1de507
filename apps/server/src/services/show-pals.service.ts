import {
  PAL_REQUESTS_PER_DAY,
  SOCIAL_MESSAGES,
  suggestionReason,
  type TBlockedFans,
  type TFanPublicProfile,
  type TPalRelation,
  type TPalRelationResult,
  type TPalSuggestions,
  type TShowAttendees,
  type TSocialOverview,
} from '@encore/contract';
import type { SessionUser } from '../auth/session-user.ts';
import type { Orm } from '../db/client.ts';
import { notFound } from '../domain/show-rules.ts';
import { AppError } from '../http/app-error.ts';
import type { ShowRepo } from '../repositories/show.repo.ts';
import type { FanListsRepo } from '../repositories/social/fan-lists.repo.ts';
import type { PalLinksRepo, PalTarget } from '../repositories/social/pal-links.repo.ts';
import {
  deleteUnreadPalRequest,
  writeSocialNotices,
} from '../repositories/social/social-notice-writes.repo.ts';
import type { SocialNoticeMailer } from './social-notice-mailer.service.ts';

/**
 * Show Pals between fans: requests, answers, removal and blocks, and the /social
 * overview. The rules: only fans; never oneself; a fan blocked either way is answered as if they
 * did not exist (the blocker is not revealed); requests need the other fan's 'Allow Friend
 * Requests' on and a visibility other than Private, except when they asked first (then asking
 * back accepts); a declined request waits DECLINED_REQUEST_COOLDOWN_DAYS; PAL_REQUESTS_PER_DAY
 * requests a day, counted in the request's transaction; asking and accepting need one's own fan
 * setup finished (a fan profile: others see its name and city beside the request).
 *
 * Notices (when the recipient's Show Pals setting is on, written in the change's transaction and
 * mailed after it): a new request is a `pal_request` to the fan asked; an acceptance (accepting,
 * or asking back) a `pal_accepted` to the fan who asked. A withdrawn request takes its unread
 * notice along; a block takes every notice between the two fans (pal-links.repo.ts).
 */
export function createShowPals(
  orm: Orm,
  {
    links,
    lists,
    shows,
    mailer,
  }: { links: PalLinksRepo; lists: FanListsRepo; shows: ShowRepo; mailer: SocialNoticeMailer },
) {
  /** The other fan of a request or an acceptance, which also needs the asker's fan setup. */
  async function pairedFan(me: SessionUser, fanId: string): Promise<PalTarget> {
    const target = await targetFan(me, fanId);
    if (!target.askerSetUp) throw new AppError('CONFLICT', SOCIAL_MESSAGES.finishSetupFirst);
    return target;
  }

  async function targetFan(me: SessionUser, fanId: string): Promise<PalTarget> {
    if (fanId === me.id) throw new AppError('BAD_REQUEST', SOCIAL_MESSAGES.notYourself);
    const target = await links.target(me.id, fanId);
    if (target?.role !== 'fan' || target.blocked)
      throw new AppError('NOT_FOUND', SOCIAL_MESSAGES.noSuchFan);
    return target;
  }

  const relationOf = (me: string, state: PalTarget['state'], requestedBy: string | null) =>
    (state === 'pals'
      ? 'pals'
      : state === 'requested'
        ? requestedBy === me
          ? 'requested'
          : 'incoming'
        : 'none') satisfies TPalRelation;

  return {
    async overview(me: SessionUser): Promise<TSocialOverview> {
      const [pals, incoming, outgoing] = await Promise.all([
        links.pals(me.id),
        links.requests(me.id, 'incoming'),
        links.requests(me.id, 'outgoing'),
      ]);
      const request = ({ sentAt, ...fan }: (typeof incoming)[number]) => ({ fan, sentAt });
      return { pals, incoming: incoming.map(request), outgoing: outgoing.map(request) };
    },

    async request(me: SessionUser, fanId: string): Promise<TPalRelationResult> {
      const target = await pairedFan(me, fanId);
      const theyAsked = target.state === 'requested' && target.requestedBy === fanId;
      if (target.state === 'pals') return { relation: 'pals' };
      if (target.state === 'requested' && !theyAsked) return { relation: 'requested' };
      if (!theyAsked && (!target.allowFriendRequests || target.visibility === 'private'))
        throw new AppError('CONFLICT', SOCIAL_MESSAGES.requestsOff);
      if (
        target.state === 'declined' &&
        target.requestedBy === me.id &&
        target.askAgainAt &&
        new Date(target.askAgainAt) > new Date()
      )
        throw new AppError(
          'CONFLICT',
          SOCIAL_MESSAGES.declinedRecently(longDate(new Date(target.askAgainAt))),
        );
      const { outcome, noticeIds } = await orm.transaction(async (tx) => {
        if (!theyAsked && (await links.countRequest(tx, me.id)) > PAL_REQUESTS_PER_DAY)
          throw new AppError('RATE_LIMITED', SOCIAL_MESSAGES.tooManyRequests);
        const outcome = await links.request(tx, me.id, fanId);
        // Decided on what the statement did, not on what was read before it: a repeat (or a
        // race lost to the same request) writes no second notice.
        const kind = !outcome.changed
          ? null
          : outcome.state === 'pals'
            ? ('pal_accepted' as const)
            : outcome.state === 'requested'
              ? ('pal_request' as const)
              : null;
        const noticeIds = kind
          ? await writeSocialNotices(tx, [{ userId: fanId, kind, actorId: me.id, showId: null }])
          : [];
        return { outcome, noticeIds };
      });
      await mailer.mail(noticeIds);
      return { relation: relationOf(me.id, outcome.state, outcome.requestedBy) };
    },

    async accept(me: SessionUser, fanId: string): Promise<TPalRelationResult> {
      await pairedFan(me, fanId);
      const noticeIds = await orm.transaction(async (tx) => {
        if (!(await links.answer(me.id, fanId, 'pals', tx)))
          throw new AppError('CONFLICT', SOCIAL_MESSAGES.noOpenRequest);
        return writeSocialNotices(tx, [
          { userId: fanId, kind: 'pal_accepted', actorId: me.id, showId: null },
        ]);
      });
      await mailer.mail(noticeIds);
      return { relation: 'pals' };
    },

    async decline(me: SessionUser, fanId: string): Promise<TPalRelationResult> {
      await targetFan(me, fanId);
      if (!(await links.answer(me.id, fanId, 'declined')))
        throw new AppError('CONFLICT', SOCIAL_MESSAGES.noOpenRequest);
      return { relation: 'none' };
    },

    async cancel(me: SessionUser, fanId: string): Promise<TPalRelationResult> {
      await targetFan(me, fanId);
      await orm.transaction(async (tx) => {
        if (!(await links.cancel(me.id, fanId, tx)))
          throw new AppError('CONFLICT', SOCIAL_MESSAGES.noOpenRequest);
        await deleteUnreadPalRequest(tx, me.id, fanId);
      });
      return { relation: 'none' };
    },

    /** Idempotent: removing someone who is not a pal leaves things as they are. */
    async remove(me: SessionUser, fanId: string): Promise<TPalRelationResult> {
      await targetFan(me, fanId);
      await links.remove(me.id, fanId);
      return { relation: 'none' };
    },

    /** Instant and silent; blocking twice is blocking once. */
    async block(me: SessionUser, fanId: string): Promise<void> {
      if (fanId === me.id) throw new AppError('BAD_REQUEST', SOCIAL_MESSAGES.notYourself);
      const target = await links.target(me.id, fanId);
      if (target?.role !== 'fan') throw new AppError('NOT_FOUND', SOCIAL_MESSAGES.noSuchFan);
      await links.block(me.id, fanId);
    },

    async unblock(me: SessionUser, fanId: string): Promise<void> {
      await links.unblock(me.id, fanId);
    },

    async blocked(me: SessionUser): Promise<TBlockedFans> {
      return { fans: await links.blocked(me.id) };
    },

    /** Connect with Attendees: a public (confirmed) show's fans going whom I may see. */
    async attendees(me: SessionUser, showId: string): Promise<TShowAttendees> {
      const show = await shows.show(showId);
      if (show?.confirmation.state !== 'confirmed') throw notFound();
      return lists.attendees(showId, me.id);
    },

    /**
     * A fan's profile as their privacy lets me see it: name and photo always; city, genres and
     * pals count where the profile is visible; going and attended where attendance is too.
     */
    async profile(me: SessionUser, username: string): Promise<TFanPublicProfile> {
      const row = await lists.profile(me.id, username);
      if (!row || row.blocked) throw new AppError('NOT_FOUND', SOCIAL_MESSAGES.noSuchFan);
      const { blocked, profileVisible, attendanceVisible, visibility, ...rest } = row;
      const { favoriteGenres, palsCount, ...fan } = rest;
      const [going, attended] = attendanceVisible
        ? await Promise.all([
            lists.profileShows(fan.id, 'going'),
            lists.profileShows(fan.id, 'attended'),
          ])
        : [null, null];
      return {
        fan,
        hiddenBecause: profileVisible ? null : visibility === 'private' ? 'private' : 'friends',
        favoriteGenres: profileVisible ? favoriteGenres : null,
        palsCount: profileVisible ? palsCount : null,
        going,
        attended,
      };
    },

    async suggestions(me: SessionUser): Promise<TPalSuggestions> {
      const rows = await lists.suggestions(me.id);
      return {
        suggestions: rows.map(({ artist, ...fan }) => ({
          ...fan,
          reason: suggestionReason(fan.sharedShows, artist),
        })),
      };
    },
  };
}

export type ShowPals = ReturnType<typeof createShowPals>;

/** 'December 24, 2026' (UTC): the day a declined request may be sent again. */
function longDate(at: Date): string {
  return at.toLocaleDateString('en-US', {
    month: 'long',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });
}
