import { RADIUS_MAX_MILES, RADIUS_MIN_MILES } from './constants.ts';
import { zMultiLineText, zSingleLineText } from './text-fields.ts';
import { z } from './z.ts';

/**
 * Artist messages: a performer's short word to their followers (a presale code, a new date), to
 * all of them or to those whose home (or a place they keep) lies within a radius of a city or ZIP. Delivered in-app and,
 * for fans who allow artist messages, by email (decision 045).
 */
export const ARTIST_MESSAGE_MAX = 500;
/** Messages a performer may send in any rolling ARTIST_MESSAGE_WINDOW_DAYS. */
export const ARTIST_MESSAGES_PER_WINDOW = 2;
export const ARTIST_MESSAGE_WINDOW_DAYS = 7;
/**
 * Reports (each from a different fan who got the message) that hide a message from every fan's
 * notification centre. Nobody reviews reports: operators list them (`npm run messages:reports`);
 * this many fans saying so is taken as enough (decision 045).
 */
export const ARTIST_MESSAGE_HIDDEN_AT_REPORTS = 3;
export const ARTIST_MESSAGE_AUDIENCES = ['all', 'nearby'] as const;
export type TArtistMessageAudience = (typeof ARTIST_MESSAGE_AUDIENCES)[number];
export const ARTIST_MESSAGE_AUDIENCE_LABELS: Record<TArtistMessageAudience, string> = {
  all: 'All followers',
  nearby: 'Followers near a city or ZIP',
};

export const ARTIST_MESSAGE_MESSAGES = {
  bodyRequired: 'Write a message',
  bodyTooLong: `Keep the message to ${ARTIST_MESSAGE_MAX} characters`,
  nearRequired: 'Enter a city or ZIP',
  nearUnknown: 'We could not find that city or ZIP',
  radiusRange: `Radius must be between ${RADIUS_MIN_MILES} and ${RADIUS_MAX_MILES} miles`,
  performersOnly: 'Only performers can message their followers',
  fansOnly: 'Only fans can mute or report artist messages',
  messageNotFound: 'Message not found',
  artistNotFound: 'Artist not found',
  noFollowers: 'No followers match this audience yet',
  sent: 'Message sent',
  muted: 'Messages from this artist are muted',
  unmuted: 'Messages from this artist are back on',
  reported: 'Thanks — we will look at this message',
  /** The reach under SMALL_GROUP_MIN is never told exactly (k-anonymity, as the dashboards). */
  fewerThan5: 'fewer than 5',
} as const;

/** The rolling-window refusal, naming when the next message may go ('Mon, Dec 7, 9:15 PM'). */
export const artistMessageLimitMessage = (next: string) =>
  `You can send ${ARTIST_MESSAGES_PER_WINDOW} messages every ${ARTIST_MESSAGE_WINDOW_DAYS} days. Your next message can go out ${next}.`;

const M = ARTIST_MESSAGE_MESSAGES;

/** Who a message goes to: every follower, or those whose home or a kept place is within `radius` of `near`. */
export const ZArtistMessageAudience = z.discriminatedUnion('audience', [
  z.strictObject({ audience: z.literal('all') }),
  z.strictObject({
    audience: z.literal('nearby'),
    near: zSingleLineText().trim().min(1, M.nearRequired).max(100, M.nearRequired),
    radius: z.coerce
      .number({ error: M.radiusRange })
      .int(M.radiusRange)
      .min(RADIUS_MIN_MILES, M.radiusRange)
      .max(RADIUS_MAX_MILES, M.radiusRange),
  }),
]);
export type TArtistMessageAudienceInput = z.infer<typeof ZArtistMessageAudience>;

/** POST /api/artist-messages/preview: who the audience reaches, before anything is sent. */
export const ZArtistMessagePreviewRequest = ZArtistMessageAudience;
export type TArtistMessagePreviewRequest = z.infer<typeof ZArtistMessagePreviewRequest>;

/** POST /api/artist-messages: the message and its audience. */
export const ZArtistMessageRequest = z.intersection(
  z.strictObject({
    body: zMultiLineText().trim().min(1, M.bodyRequired).max(ARTIST_MESSAGE_MAX, M.bodyTooLong),
  }),
  ZArtistMessageAudience,
);
export type TArtistMessageRequest = z.infer<typeof ZArtistMessageRequest>;

/**
 * A reach as a performer may see it: the number from SMALL_GROUP_MIN fans on, else null, shown as
 * 'fewer than 5' (no small group is picked apart).
 */
export const ZArtistMessageReach = z.object({ reach: z.number().int().nullable() });

/** The preview's answer: the reach, and the place the city or ZIP was read as. */
export const ZArtistMessagePreview = ZArtistMessageReach.extend({
  /** 'Chicago, IL' or 'Chicago, IL 60601'; null for all followers. */
  place: z.string().nullable(),
  /** When the next message may go (ISO); null while one may go now. */
  nextAllowedAt: z.string().nullable(),
});
export type TArtistMessagePreview = z.infer<typeof ZArtistMessagePreview>;

/** One sent message on the performer's side. */
export const ZSentArtistMessage = ZArtistMessageReach.extend({
  id: z.string(),
  body: z.string(),
  /** 'All followers' or 'Within 25 mi of Chicago, IL'. */
  audience: z.string(),
  sentAt: z.string(),
});
export type TSentArtistMessage = z.infer<typeof ZSentArtistMessage>;

export const ZSentArtistMessages = z.object({
  items: z.array(ZSentArtistMessage),
  nextAllowedAt: z.string().nullable(),
});
export type TSentArtistMessages = z.infer<typeof ZSentArtistMessages>;

/** POST /api/artist-messages/:id/report: an optional word on what is wrong. */
export const ZArtistMessageReport = z.strictObject({
  note: zMultiLineText().trim().max(500, 'Keep the note to 500 characters').optional(),
});
export type TArtistMessageReport = z.infer<typeof ZArtistMessageReport>;

/** A fan's muted performers (settings), and PUT/DELETE /api/artist-mutes/:performerId. */
export const ZArtistMute = z.object({ performerId: z.string(), artistName: z.string() });
export const ZArtistMutes = z.object({ items: z.array(ZArtistMute) });
export type TArtistMutes = z.infer<typeof ZArtistMutes>;
export const ZArtistMuteResult = z.object({ performerId: z.string(), muted: z.boolean() });
export type TArtistMuteResult = z.infer<typeof ZArtistMuteResult>;
