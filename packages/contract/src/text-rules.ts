/**
 * The control-character rule every string the API takes shares, without zod: text-fields.ts builds
 * the zod fields from it and auth-form-checks.ts the sign-up and login forms' checks, which must not
 * bring zod into the first pages' JavaScript (decision 023).
 */
export const TEXT_MESSAGES = {
  controlCharacters: 'Contains invisible control characters, which are not allowed',
  /** The spec's generic length fallbacks (zod-config.ts and the zod-free form checks). */
  tooShort: (n: number | bigint) => `String must contain at least ${String(n)} character(s)`,
  tooLong: (n: number | bigint) => `String must contain at most ${String(n)} character(s)`,
} as const;

// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
export const SINGLE_LINE = /^[^\u0000-\u001f\u007f]*$/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
export const MULTI_LINE = /^[^\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]*$/;
