import { ZShow } from './shows.ts';
import { zSingleLineText } from './text-fields.ts';
import { z } from './z.ts';

/**
 * Show Pals: fans connect around the shows they share, within the privacy each one
 * chose (Settings › Privacy: visibility, Show Attendance Publicly, Allow Friend Requests). Every
 * response that names a fan passes the server's one visibility rule
 * (apps/server/src/repositories/social/fan-visibility.repo.ts); a fan hidden from the viewer is never
 * named, only counted where a count is shown.
 *
 * Two fans have at most one link, whoever asked first: requested (by one of them), pals, or
 * declined (the asker may not ask again for DECLINED_REQUEST_COOLDOWN_DAYS). A block is one-way
 * and separate: the blocked fan cannot see, request or meet the blocker anywhere, and is not told.
 */

/** A declined request can be sent again after this many days. */
export const DECLINED_REQUEST_COOLDOWN_DAYS = 30;
/** Requests one fan may send per UTC day (abuse limit). */
export const PAL_REQUESTS_PER_DAY = 50;

export const SOCIAL_MESSAGES = {
  fansOnly: 'Show Pals are for fans',
  noSuchFan: 'We could not find that fan',
  notYourself: 'You cannot add yourself as a Show Pal',
  requestsOff: 'This fan is not accepting Show Pal requests',
  alreadyPals: 'You are already Show Pals',
  noOpenRequest: 'This request is no longer open',
  /** A fan with no fan profile yet (setup not finished) asks or accepts. */
  finishSetupFirst: 'Finish setting up your fan profile before adding Show Pals',
  tooManyRequests: `You have sent ${PAL_REQUESTS_PER_DAY} requests today. Try again tomorrow.`,
  /** A declined request, asked again too soon; the date is when it may be sent again. */
  declinedRecently: (askAgainOn: string) =>
    `This fan declined your last request. You can ask again on ${askAgainOn}.`,
} as const;

/**
 * How the viewer stands with a fan, which decides the button beside them: none ('Add'),
 * requested (sent by the viewer: 'Requested', cancellable), incoming (sent to the viewer: 'Accept'),
 * pals ('Pals'), self (no button). A fan who turned requests off, is Private, or declined the
 * viewer recently is 'none' with `canRequest` false.
 */
export const PAL_RELATIONS = ['self', 'none', 'requested', 'incoming', 'pals'] as const;
export const ZPalRelation = z.enum(PAL_RELATIONS);
export type TPalRelation = z.infer<typeof ZPalRelation>;

/** A fan as others may see them in a list: tag name, photo, home city. */
export const ZPalFan = z.object({
  id: z.string(),
  username: z.string(),
  name: z.string(),
  photoUrl: z.string().nullable(),
  /** Home city as the fan gave it ('Chicago'); null when they have no profile yet. */
  city: z.string().nullable(),
});
export type TPalFan = z.infer<typeof ZPalFan>;

/** One of my pals: shows in common (both going or attended), newest shared show first. */
export const ZShowPal = ZPalFan.extend({
  sharedShows: z.number().int(),
  /** When the newest show we share starts (ISO instant); null when we share none yet. */
  lastSharedShowAt: z.string().nullable(),
  palsSince: z.string(),
});
export type TShowPal = z.infer<typeof ZShowPal>;

export const ZPalRequest = z.object({ fan: ZPalFan, sentAt: z.string() });
export type TPalRequest = z.infer<typeof ZPalRequest>;

/** GET /api/social: my pals, requests to me, requests from me. */
export const ZSocialOverview = z.object({
  pals: z.array(ZShowPal),
  incoming: z.array(ZPalRequest),
  outgoing: z.array(ZPalRequest),
});
export type TSocialOverview = z.infer<typeof ZSocialOverview>;

/** The fan named in a request, block or removal (path `:fanId`). */
export const ZFanIdParams = z.strictObject({ fanId: zSingleLineText().min(1).max(100) });
/** POST /api/social/requests. */
export const ZPalRequestInput = z.strictObject({ fanId: zSingleLineText().min(1).max(100) });
export type TPalRequestInput = z.infer<typeof ZPalRequestInput>;

/** What a request, accept, decline, cancel or removal leaves: the relation now. */
export const ZPalRelationResult = z.object({ relation: ZPalRelation });
export type TPalRelationResult = z.infer<typeof ZPalRelationResult>;

/** GET /api/social/blocks: the fans I blocked (only I see this list). */
export const ZBlockedFans = z.object({ fans: z.array(ZPalFan) });
export type TBlockedFans = z.infer<typeof ZBlockedFans>;

/** A fan named beside a show or a suggestion, with how I stand with them and whether I may ask. */
export const ZFanWithRelation = ZPalFan.extend({
  relation: ZPalRelation,
  /** 'Add' is offered: no link, they take requests, and they did not decline me recently. */
  canRequest: z.boolean(),
});
export type TFanWithRelation = z.infer<typeof ZFanWithRelation>;

/** At most this many attendees are named per request (pals first, then the latest to go). */
export const ATTENDEES_LIMIT = 100;

/**
 * GET /api/shows/:id/attendees (Connect with Attendees): the fans going whom I may see, pals
 * first. `total` counts every fan going; `hidden` those whose privacy keeps them unnamed to me.
 */
export const ZShowAttendees = z.object({
  total: z.number().int(),
  hidden: z.number().int(),
  attendees: z.array(ZFanWithRelation),
});
export type TShowAttendees = z.infer<typeof ZShowAttendees>;

/** At most this many suggestions are offered at once. */
export const SUGGESTIONS_LIMIT = 10;

/** GET /api/social/suggestions: fans I might know, with why ('3 shows in common'). */
export const ZPalSuggestion = ZFanWithRelation.extend({
  reason: z.string(),
  sharedShows: z.number().int(),
  sharedArtists: z.number().int(),
});
export type TPalSuggestion = z.infer<typeof ZPalSuggestion>;
export const ZPalSuggestions = z.object({ suggestions: z.array(ZPalSuggestion) });
export type TPalSuggestions = z.infer<typeof ZPalSuggestions>;

/** A suggestion's reason: shows in common first, else an artist both watch. */
export function suggestionReason(sharedShows: number, sharedArtist: string | null): string {
  if (sharedShows > 0) return `${sharedShows} ${sharedShows === 1 ? 'show' : 'shows'} in common`;
  return sharedArtist ? `also watches ${sharedArtist}` : 'near you';
}

/** At most this many shows per list on a fan's profile (soonest going, latest attended). */
export const PROFILE_SHOWS_LIMIT = 20;

/**
 * GET /api/fans/:username (fans only): a fan's profile as its owner's privacy lets me see it.
 * Name and photo always (as in lists); `hiddenBecause` says why the rest is not shown ('friends':
 * only their Show Pals see it; 'private': nobody does). Going and attended also need 'Show
 * Attendance Publicly' (null when hidden). A fan who blocked me, or whom I blocked, is not found.
 */
export const ZFanPublicProfile = z.object({
  fan: ZFanWithRelation,
  hiddenBecause: z.enum(['friends', 'private']).nullable(),
  favoriteGenres: z.array(z.string()).nullable(),
  palsCount: z.number().int().nullable(),
  going: z.array(ZShow).nullable(),
  attended: z.array(ZShow).nullable(),
});
export type TFanPublicProfile = z.infer<typeof ZFanPublicProfile>;
export const ZFanProfileParams = z.strictObject({ username: zSingleLineText().min(1).max(100) });

/**
 * Going together: a fan going to a show invites some of their pals; each invited pal answers
 * Going (which marks them going) or Not this time. One invite per (show, inviter, pal): inviting
 * again changes nothing. Invites are only between pals, for an upcoming show that is not
 * cancelled, by a fan marked going to it.
 */
export const GOING_INVITE_STATES = ['invited', 'going', 'declined'] as const;
export type TGoingInviteState = (typeof GOING_INVITE_STATES)[number];
/** At most this many pals are invited per request. */
export const INVITES_PER_REQUEST = 50;

export const GOING_TOGETHER_MESSAGES = {
  notGoing: 'Mark yourself going to this show before inviting pals',
  notPals: 'You can only invite your Show Pals',
  showStarted: 'This show has already started',
  showCancelled: 'This show was cancelled',
  noInvite: 'This invite is no longer open',
  invited: (count: number) =>
    count === 0
      ? 'Those pals were already invited'
      : `Invited ${count} ${count === 1 ? 'pal' : 'pals'}`,
} as const;

/** How each of my pals stands with a show I am going to: the Invite pals dialog's list. */
export const PAL_SHOW_STATUSES = ['going', 'invited', 'declined', 'none'] as const;
export const ZPalForShow = ZPalFan.extend({
  /** going: marked going (whoever asked); invited / declined: my invite's answer; none: neither. */
  status: z.enum(PAL_SHOW_STATUSES),
});
export type TPalForShow = z.infer<typeof ZPalForShow>;
/** GET /api/shows/:id/invites: my pals and how each stands with this show. */
export const ZShowInvitePals = z.object({ pals: z.array(ZPalForShow) });
export type TShowInvitePals = z.infer<typeof ZShowInvitePals>;

/** POST /api/shows/:id/invites. */
export const ZGoingInviteInput = z.strictObject({
  fanIds: z.array(zSingleLineText().min(1).max(100)).min(1).max(INVITES_PER_REQUEST),
});
export type TGoingInviteInput = z.infer<typeof ZGoingInviteInput>;
/** How many invites were new (`invited`), and how many pals already had one or are going. */
export const ZGoingInviteResult = z.object({
  invited: z.number().int(),
  unchanged: z.number().int(),
});
export type TGoingInviteResult = z.infer<typeof ZGoingInviteResult>;

/**
 * POST /api/shows/:id/invites/answer: answers every open invite to me for this show. Going also
 * marks me going (as the show page's own button does); Not this time changes no attendance.
 */
export const GOING_INVITE_ANSWERS = ['going', 'declined'] as const;
export const GOING_INVITE_ANSWER_LABELS = { going: 'Going', declined: 'Not this time' } as const;
export const ZGoingInviteAnswer = z.strictObject({ answer: z.enum(GOING_INVITE_ANSWERS) });
export type TGoingInviteAnswer = z.infer<typeof ZGoingInviteAnswer>;
export const ZGoingInviteAnswerResult = z.object({ state: z.enum(GOING_INVITE_STATES) });

/** An open invite to me: the show, and the pals who asked (newest first). */
export const ZGoingInvite = z.object({
  show: ZShow,
  from: z.array(ZPalFan).min(1),
  sentAt: z.string(),
});
export type TGoingInvite = z.infer<typeof ZGoingInvite>;
/** GET /api/social/invites: open invites to upcoming, not cancelled shows, soonest show first. */
export const ZGoingInvites = z.object({ invites: z.array(ZGoingInvite) });
export type TGoingInvites = z.infer<typeof ZGoingInvites>;

/** "Which pals are going" on a fan's show card and show page: a few named, and how many. */
export const ZPalsGoing = z.object({
  count: z.number().int(),
  fans: z.array(z.object({ id: z.string(), name: z.string(), photoUrl: z.string().nullable() })),
});
export type TPalsGoing = z.infer<typeof ZPalsGoing>;
