/** Business constants from the spec (section 9). One place, used by client and server alike. */
export const SPLASH_DELAY_MS = 2500;

export const USERNAME_MIN = 3;
export const USERNAME_MAX = 20;
/** Letters, digits and underscores only (spec section 5): the schema, the forms and better-auth. */
export const USERNAME_PATTERN = /^[a-zA-Z0-9_]+$/;
export const PASSWORD_MIN = 8;
/** Not in the spec: bounds the cost of hashing, argon2id on a 1 MB "password" is a cheap DoS. */
export const PASSWORD_MAX = 128;
/** RFC 5321 limit on a forward path. */
export const EMAIL_MAX = 254;

export const USERNAME_CHECK_TIMEOUT_MS = 10_000;
export const SIGN_UP_TIMEOUT_MS = 15_000;
/** Not in the spec; login gets the same patience as sign-up. */
export const LOGIN_TIMEOUT_MS = 15_000;

// Profiles (spec sections 5 and 9).
export const TAG_NAME_MIN = 3;
export const TAG_NAME_MAX = 30;
export const BIO_MAX = 500;
export const DESCRIPTION_MAX = 500;
export const PHONE_MAX_LENGTH = 14;
export const ZIP_LENGTH = 5;
export const STATE_LENGTH = 2;
export const YEARS_ACTIVE_MIN = 0;
export const YEARS_ACTIVE_MAX = 100;
export const RADIUS_MIN_MILES = 10;
export const RADIUS_MAX_MILES = 100;
export const RADIUS_STEP_MILES = 5;
export const RADIUS_DEFAULT_MILES = 25;
export const VENUE_CAPACITY_DEFAULT = 100;
/** Not in the spec: the largest stadiums hold about 150k. */
export const VENUE_CAPACITY_MAX = 200_000;
export const PHOTO_MAX_BYTES = 5 * 1024 * 1024;
export const PHOTO_MIME_TYPES = ['image/jpeg', 'image/png'] as const;
export const COPIED_INDICATOR_MS = 2000;
/** Phone verification (not in the spec): a 6-digit code, valid 10 minutes, 5 tries. */
export const PHONE_CODE_LENGTH = 6;
export const PHONE_CODE_TTL_MINUTES = 10;
export const PHONE_CODE_MAX_ATTEMPTS = 5;
export const FEEDBACK_SUBJECT_MAX = 200;
export const FEEDBACK_MESSAGE_MAX = 5000;
/**
 * Not in the spec: the window a show's local date-times must fall in. Announcing needs a future
 * start anyway; the past side leaves room for the demo's past shows and an old on-sale date.
 */
export const SHOW_DATE_YEARS_AHEAD = 5;
export const SHOW_DATE_YEARS_BACK = 10;
