import { ALERT_CHANNELS } from './alert-channels.ts';
import { ZDiscoveredArtist } from './discovery.ts';
import { ALERT_MESSAGES } from './show-messages.ts';
import { zSingleLineText } from './text-fields.ts';
import { z } from './z.ts';

/**
 * The music provider (spec "Onboarding", sections 4, 7, 8 and 9). The browser only ever talks to
 * Encore: the server holds the tokens, refreshes them and calls the Web API on the fan's behalf.
 */

/** Spec section 7: where the provider sends the fan back (the app's callback route). */
export const SPOTIFY_CALLBACK_PATH = '/onboarding/spotify/callback';
/**
 * Spec section 7's scopes, plus user-library-read: Spotify refuses the saved-tracks call of
 * section 9 (403) without it, so the spec's own 'Search Spotify Library' needs it.
 */
export const SPOTIFY_SCOPES = [
  'user-read-email',
  'user-top-read',
  'user-follow-read',
  'user-library-read',
] as const;
/** Spec section 9. */
export const SPOTIFY_TOP_ARTISTS_LIMIT = 5;
export const SPOTIFY_SAVED_TRACKS_LIMIT = 50;
export const SPOTIFY_TOKEN_EXPIRY_MARGIN_MS = 5 * 60 * 1000;
export const SPOTIFY_SUCCESS_REDIRECT_MS = 2000;
export const SPOTIFY_ERROR_REDIRECT_MS = 3000;
/** Not in the spec: how long a started authorisation may take before its state is refused. */
export const SPOTIFY_STATE_TTL_MINUTES = 10;
/** Not in the spec: the most followed artists 'Import my artists' reads (4 pages of 50). */
export const SPOTIFY_IMPORT_FOLLOWED_MAX = 200;
/** Not in the spec: top artists 'Import my artists' reads (the Web API's largest page). */
export const SPOTIFY_IMPORT_TOP_LIMIT = 50;
export const SPOTIFY_IMPORT_MAX = SPOTIFY_IMPORT_FOLLOWED_MAX + SPOTIFY_IMPORT_TOP_LIMIT;
/** Where the start page keeps its state for the callback (keys carry the product's prefix). */
export const SPOTIFY_STATE_STORAGE_KEY = 'encore.spotify.oauthState';

/** The spec's words (sections 2 and 8), and our own few beside them. */
export const SPOTIFY_MESSAGES = {
  connect: 'Connect Spotify',
  skip: 'Skip for now',
  connecting: 'Processing...',
  notConfigured: 'Spotify is not configured on this server',
  notConnected: 'Spotify is not connected',
  connected: 'Spotify Connected!',
  connectionFailed: 'Connection Failed',
  redirectingBack: 'Redirecting back to try again...',
  redirectingHome: 'Taking you to your dashboard...',
  /** 'Spotify authorization failed: {reason}': the provider sent `error` to the callback. */
  authorizationFailed: (reason: string) => `Spotify authorization failed: ${reason}`,
  noCode: 'No authorization code received',
  invalidState: 'Invalid state parameter',
  noSession: 'No active session',
  connectFailed: 'Failed to connect Spotify',
  /** The destructive toast when the stored grant no longer works and refreshing cannot cure it. */
  expiredTitle: 'Spotify session expired',
  reconnect: 'Please reconnect your Spotify account',
  /** 'Spotify API error: {status text}' for every other failure of a Web API call. */
  apiError: (statusText: string) => `Spotify API error: ${statusText}`,
  unknownGenre: 'Unknown',
  importArtists: 'Import my artists',
  disconnect: 'Disconnect Spotify',
  disconnected: 'Spotify disconnected',
} as const;

/** GET /api/spotify/connection: whether this server can connect, and the fan's connection. */
export const ZSpotifyConnectionStatus = z.object({
  configured: z.boolean(),
  connection: z
    .object({
      displayName: z.string().nullable(),
      spotifyUserId: z.string(),
      connectedAt: z.string(),
    })
    .nullable(),
});
export type TSpotifyConnectionStatus = z.infer<typeof ZSpotifyConnectionStatus>;

/**
 * POST /api/spotify/authorize: the provider's authorisation URL with a fresh random state. The
 * browser keeps `state` in session storage and the server keeps its hash, so the callback is
 * checked on both sides.
 */
export const ZSpotifyAuthorization = z.object({ url: z.url(), state: z.string() });
export type TSpotifyAuthorization = z.infer<typeof ZSpotifyAuthorization>;

const STATE_MAX = 200;
const CODE_MAX = 2000;

/** POST /api/spotify/connect: the callback's code and state, exchanged by the server. */
export const ZSpotifyConnectRequest = z.strictObject({
  code: zSingleLineText().min(1, SPOTIFY_MESSAGES.noCode).max(CODE_MAX),
  state: zSingleLineText().min(1, SPOTIFY_MESSAGES.invalidState).max(STATE_MAX),
});
export type TSpotifyConnectRequest = z.infer<typeof ZSpotifyConnectRequest>;

/** The answer the spec's authorisation function gives: the provider's profile. */
export const ZSpotifyConnectResponse = z.object({
  profile: z.object({ display_name: z.string().nullable(), id: z.string() }),
});
export type TSpotifyConnectResponse = z.infer<typeof ZSpotifyConnectResponse>;

/**
 * An artist from the fan's Spotify: the first genre or 'Unknown', the first image, and the artist
 * on Encore it is (by Spotify id, else by an unambiguous name), null when not on Encore.
 */
export const ZSpotifyArtist = z.object({
  spotifyId: z.string(),
  name: z.string(),
  genre: z.string(),
  imageUrl: z.string().nullable(),
  encoreArtist: ZDiscoveredArtist.nullable(),
});
export type TSpotifyArtist = z.infer<typeof ZSpotifyArtist>;

/** GET /api/spotify/top-artists and GET /api/spotify/library?q=. */
export const ZSpotifyArtists = z.object({ artists: z.array(ZSpotifyArtist) });
export type TSpotifyArtists = z.infer<typeof ZSpotifyArtists>;

export const ZSpotifyLibraryQuery = z.strictObject({
  q: zSingleLineText().trim().max(100).default(''),
});

/** Why an Encore artist is offered for import: where on Spotify the fan has them. */
export const SPOTIFY_IMPORT_SOURCES = ['followed', 'top'] as const;

/** GET /api/spotify/import: the fan's followed and top artists that are on Encore. */
export const ZSpotifyImportCandidates = z.object({
  /** Followed and top artists read from Spotify (each counted once). */
  spotifyArtists: z.number().int(),
  matches: z.array(
    z.object({
      artist: ZDiscoveredArtist,
      spotifyName: z.string(),
      sources: z.array(z.enum(SPOTIFY_IMPORT_SOURCES)),
    }),
  ),
});
export type TSpotifyImportCandidates = z.infer<typeof ZSpotifyImportCandidates>;

/** POST /api/spotify/import: watch these Encore artists; alerts the fan already has stay as they are. */
export const ZSpotifyImportRequest = z.strictObject({
  performerIds: z
    .array(zSingleLineText().min(1).max(100))
    .min(1, 'Choose at least one artist')
    .max(SPOTIFY_IMPORT_MAX)
    .refine((ids) => new Set(ids).size === ids.length, 'Invalid input'),
  channels: z
    .array(z.enum(ALERT_CHANNELS))
    .min(1, ALERT_MESSAGES.selectChannel)
    .refine((c) => new Set(c).size === c.length, 'Invalid input'),
});
export type TSpotifyImportRequest = z.infer<typeof ZSpotifyImportRequest>;

export const ZSpotifyImportResult = z.object({ added: z.number().int() });
export type TSpotifyImportResult = z.infer<typeof ZSpotifyImportResult>;
