import { US_STATE_NAMES, type US_STATES } from '@encore/contract';

export type TUsState = (typeof US_STATES)[number];
/** Each state's name (the contract's list), for reading prompts and writing "I understood: …". */
export { US_STATE_NAMES };

export const isUsState = (code: string): code is TUsState => code in US_STATE_NAMES;

/**
 * Codes that are also everyday words or name fragments ("in", "me", "or", "hi", "ok"): a prompt's
 * lowercase "in" is a preposition, so these count as states only in capitals or after "City, ".
 */
export const AMBIGUOUS_LOWERCASE_CODES = new Set([
  'al',
  'co',
  'de',
  'hi',
  'id',
  'in',
  'la',
  'ma',
  'me',
  'mo',
  'ne',
  'oh',
  'ok',
  'or',
  'pa',
  'ms',
  'mt',
  'wa',
  'ga',
  'mi',
]);
