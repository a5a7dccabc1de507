// No zod here: the API client in every page's entry needs the codes (see answer-decoders.ts).

/**
 * The closed set of API error codes and the HTTP status each maps to. Every error the API sends has
 * the shape `{ error: { code, message, fields? } }`; `fields` maps a field name to its first message.
 */
export const ERROR_STATUS = {
  VALIDATION_FAILED: 400,
  BAD_REQUEST: 400,
  UNAUTHENTICATED: 401,
  INVALID_CREDENTIALS: 401,
  FORBIDDEN: 403,
  CSRF_REJECTED: 403,
  NOT_FOUND: 404,
  USERNAME_TAKEN: 409,
  EMAIL_TAKEN: 409,
  PROFILE_REQUIRED: 409,
  /** The resource's state forbids the change (a cancelled show). */
  CONFLICT: 409,
  /**
   * POST /api/shows: the performer already has a live show on that local day at another venue;
   * `detail.showId` names it. Sent again with `confirmSameDay: true`, the show is announced.
   */
  SAME_DAY_SHOW: 409,
  /**
   * Announcing, moving or (as the venue) confirming a show on a night its Encore venue already
   * holds a show on (`detail.showId`). Sent again with `confirmSameNight: true`, it goes through.
   */
  NIGHT_TAKEN: 409,
  /** An Idempotency-Key already used by this user for a different request body. */
  IDEMPOTENCY_KEY_REUSED: 422,
  INVALID_FILE_TYPE: 400,
  FILE_TOO_LARGE: 413,
  UPLOAD_FAILED: 400,
  /** A path parameter longer than the router takes. */
  URL_TOO_LONG: 414,
  RATE_LIMITED: 429,
  /** The fan has no Spotify connection (never made, disconnected, or its grant died). */
  SPOTIFY_NOT_CONNECTED: 409,
  /** Spotify refused the stored grant and refreshing could not cure it: connect again. */
  SPOTIFY_RECONNECT_REQUIRED: 401,
  /** Any other failure of a Spotify call ('Spotify API error: {status text}'). */
  SPOTIFY_API_ERROR: 502,
  /** Last.fm did not answer, or failed (not an unknown user: that is a field error). */
  LASTFM_UNAVAILABLE: 502,
  /**
   * The tour planner could not meet a constraint (no venue fits the capacity in the region, a
   * fixed date's city has no open venue…); the message names it, `fields` points at its field.
   */
  PLAN_UNSATISFIABLE: 422,
  INTERNAL: 500,
  UNAVAILABLE: 503,
} as const;

export type TErrorCode = keyof typeof ERROR_STATUS;
export const ERROR_CODES = Object.keys(ERROR_STATUS) as [TErrorCode, ...TErrorCode[]];
