import { MULTI_LINE, SINGLE_LINE, TEXT_MESSAGES } from './text-rules.ts';
import { z } from './z.ts';

export { TEXT_MESSAGES };

/**
 * Every string the API takes is built here, so one rule keeps control characters out: Postgres
 * refuses NUL in text (it would be a 500), and the other C0 controls and DEL have no business in
 * names, ids or queries either. Multi-line text (a bio, a feedback message) may hold tabs and line
 * breaks. The rule is a regex, so the OpenAPI document shows it as the field's `pattern`.
 */
type ZText = z.ZodString | z.ZodStringFormat;

/**
 * Names, ids, codes, queries, URLs: no control character at all (tab and newline included). A
 * string format (`z.url()`) can be given to keep its own checks.
 */
export function zSingleLineText(): z.ZodString;
export function zSingleLineText<T extends ZText>(format: T): T;
export function zSingleLineText(format: ZText = z.string()): ZText {
  return format.regex(SINGLE_LINE, TEXT_MESSAGES.controlCharacters);
}

/**
 * Text typed in a textarea: tab, line feed and carriage return allowed, other controls not. A base
 * string can be given for its own messages (`z.string('Please enter …')` when the field is missing).
 */
export const zMultiLineText = (base: z.ZodString = z.string()) =>
  base.regex(MULTI_LINE, TEXT_MESSAGES.controlCharacters);
