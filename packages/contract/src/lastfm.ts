import { ALERT_CHANNELS } from './alert-channels.ts';
import { ZDiscoveredArtist } from './discovery.ts';
import { ALERT_MESSAGES } from './show-messages.ts';
import { zSingleLineText } from './text-fields.ts';
import { z } from './z.ts';

/**
 * A second music library: a fan's Last.fm top artists and the artists of their loved tracks,
 * read by username through Last.fm's public API (no sign-in at Last.fm, an API key of ours).
 * Not in the spec: the words here are ours.
 */

/** Top artists read (all time): Last.fm's default page. */
export const LASTFM_TOP_ARTISTS_LIMIT = 50;
/** Loved tracks read, newest first; their artists are offered too. */
export const LASTFM_LOVED_TRACKS_LIMIT = 50;
/** At most this many distinct artists come back (top and loved together). */
export const LASTFM_ARTISTS_MAX = LASTFM_TOP_ARTISTS_LIMIT + LASTFM_LOVED_TRACKS_LIMIT;

/** Last.fm's own rule for a username: 2–15 characters, a letter first. */
const USERNAME_PATTERN = /^[A-Za-z][A-Za-z0-9_-]*$/;

export const LASTFM_MESSAGES = {
  title: 'Import from Last.fm',
  usernameLabel: 'Last.fm username',
  usernameRequired: 'Enter your Last.fm username',
  usernameLength: 'Last.fm usernames are 2 to 15 characters',
  usernameFormat: 'Last.fm usernames start with a letter and use letters, digits, - and _',
  findArtists: 'Find my artists',
  finding: 'Reading your Last.fm…',
  notConfigured: 'Last.fm is not configured on this server',
  userNotFound: 'No Last.fm user with that name',
  /** Last.fm did not answer, or answered with an error of its own. */
  unavailable: 'Last.fm is not answering right now. Try again in a few minutes.',
  chooseOne: 'Choose at least one artist',
} as const;

/** POST /api/lastfm/preview: whose library to read. In the body, so it never sits in a URL. */
export const ZLastfmPreviewRequest = z.strictObject({
  username: zSingleLineText()
    .trim()
    .min(1, LASTFM_MESSAGES.usernameRequired)
    .min(2, LASTFM_MESSAGES.usernameLength)
    .max(15, LASTFM_MESSAGES.usernameLength)
    .regex(USERNAME_PATTERN, LASTFM_MESSAGES.usernameFormat),
});
export type TLastfmPreviewRequest = z.infer<typeof ZLastfmPreviewRequest>;

/** Where in the fan's Last.fm an artist was found. */
export const LASTFM_SOURCES = ['top', 'loved'] as const;
const ZSources = z.array(z.enum(LASTFM_SOURCES));

/**
 * The preview: each Last.fm artist once, as one of three.
 * - `matches`: certainly this Encore artist (linked by its MusicBrainz id, or the only one of
 *   that name);
 * - `ambiguous`: several Encore artists share the name and none is linked: the fan says which,
 *   if any; nothing is chosen for them;
 * - `unmatched`: not on Encore.
 */
export const ZLastfmPreview = z.object({
  /** The username as Last.fm spells it. */
  username: z.string(),
  lastfmArtists: z.number().int(),
  matches: z.array(
    z.object({ artist: ZDiscoveredArtist, lastfmName: z.string(), sources: ZSources }),
  ),
  ambiguous: z.array(
    z.object({ lastfmName: z.string(), sources: ZSources, artists: z.array(ZDiscoveredArtist) }),
  ),
  unmatched: z.array(z.string()),
});
export type TLastfmPreview = z.infer<typeof ZLastfmPreview>;

/** GET /api/lastfm: whether this server can read Last.fm. */
export const ZLastfmStatus = z.object({ configured: z.boolean() });
export type TLastfmStatus = z.infer<typeof ZLastfmStatus>;

/** POST /api/lastfm/import: watch the chosen Encore artists; existing alerts stay as they are. */
export const ZLastfmImportRequest = z.strictObject({
  performerIds: z
    .array(zSingleLineText().min(1).max(100))
    .min(1, LASTFM_MESSAGES.chooseOne)
    .max(LASTFM_ARTISTS_MAX * 2)
    .refine((ids) => new Set(ids).size === ids.length, 'Invalid input'),
  channels: z
    .array(z.enum(ALERT_CHANNELS))
    .min(1, ALERT_MESSAGES.selectChannel)
    .refine((c) => new Set(c).size === c.length, 'Invalid input'),
});
export type TLastfmImportRequest = z.infer<typeof ZLastfmImportRequest>;

export const ZLastfmImportResult = z.object({ added: z.number().int() });
export type TLastfmImportResult = z.infer<typeof ZLastfmImportResult>;
