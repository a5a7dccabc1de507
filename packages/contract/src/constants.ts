/** Business constants from the spec (section 9). One place, used by client and server alike. */
export const SPLASH_DELAY_MS = 2500;

export const USERNAME_MIN = 3;
export const USERNAME_MAX = 20;
export const PASSWORD_MIN = 8;
/** Not in the spec: bounds the cost of hashing, argon2id on a 1 MB "password" is a cheap DoS. */
export const PASSWORD_MAX = 128;
/** RFC 5321 limit on a forward path. */
export const EMAIL_MAX = 254;

export const USERNAME_CHECK_TIMEOUT_MS = 10_000;
export const SIGN_UP_TIMEOUT_MS = 15_000;
/** Not in the spec; login gets the same patience as sign-up. */
export const LOGIN_TIMEOUT_MS = 15_000;
