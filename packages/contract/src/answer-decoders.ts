import type {
  TAuthResponse,
  TSessionResponse,
  TSessionUser,
  TUsernameExistsResponse,
} from './auth.ts';
import { decoder, isObject, type Reader } from './decoder-core.ts';
import { ERROR_CODES } from './error-codes.ts';
import type { TApiError } from './errors.ts';
import { isRole } from './role-list.ts';

/**
 * Zod-free twins of the answers the first pages read: the session (every page's entry), sign-up's
 * and login's, the username check's, and an API refusal (the API client's). Importing zod at all
 * would put its core (~15 KB gzipped) into the splash, landing, sign-up and login pages
 * (decision 023); these are a few hundred bytes. The zod schemas stay the source of truth — the
 * server answers through them — and answer-decoders.test.ts checks that each twin accepts, rejects
 * and returns exactly what its schema does. They are Standard Schemas, like zod's, so the API
 * client takes either.
 */

/** ZSessionUser: unknown keys dropped, as zod's z.object does. */
const readSessionUser: Reader<TSessionUser> = (value) => {
  if (!isObject(value)) return undefined;
  const { id, username, email, role, profileComplete, createdAt } = value;
  if (typeof id !== 'string' || typeof username !== 'string' || typeof email !== 'string')
    return undefined;
  if (!isRole(role) || typeof profileComplete !== 'boolean' || typeof createdAt !== 'string')
    return undefined;
  return { id, username, email, role, profileComplete, createdAt };
};

/** Twin of ZSessionResponse: `user` is null when nobody is signed in. */
export const DSessionResponse = decoder<TSessionResponse>((value) => {
  if (!isObject(value)) return undefined;
  if (value.user === null) return { user: null };
  const user = readSessionUser(value.user);
  return user && { user };
});

/** Twin of ZAuthResponse. */
export const DAuthResponse = decoder<TAuthResponse>((value) => {
  const user = isObject(value) ? readSessionUser(value.user) : undefined;
  return user && { user };
});

/** Twin of ZUsernameExistsResponse. */
export const DUsernameExistsResponse = decoder<TUsernameExistsResponse>((value) =>
  isObject(value) && typeof value.exists === 'boolean' ? { exists: value.exists } : undefined,
);

const isStringRecord = (value: unknown): value is Record<string, string> =>
  isObject(value) && Object.values(value).every((v) => typeof v === 'string');

/** Twin of ZApiError: `{ error: { code, message, fields?, detail? } }`. */
export const DApiError = decoder<TApiError>((value) => {
  const error = isObject(value) ? value.error : undefined;
  if (!isObject(error)) return undefined;
  const { code, message, fields, detail } = error;
  if (!(ERROR_CODES as readonly unknown[]).includes(code) || typeof message !== 'string')
    return undefined;
  if (fields !== undefined && !isStringRecord(fields)) return undefined;
  if (detail !== undefined && !isObject(detail)) return undefined;
  return {
    error: {
      code: code as TApiError['error']['code'],
      message,
      ...(fields === undefined ? {} : { fields: { ...fields } }),
      ...(detail === undefined ? {} : { detail: { ...detail } }),
    },
  };
});
