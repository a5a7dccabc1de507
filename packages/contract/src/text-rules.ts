/**
 * The control-character rule every string the API takes shares, without zod: text-fields.ts builds
 * the full-zod fields from it and user-validation.ts the zod/mini ones the first pages load (a
 * module importing `zod` itself would pull the whole of it into their JavaScript, issue 18 §3).
 */
export const TEXT_MESSAGES = {
  controlCharacters: 'Contains invisible control characters, which are not allowed',
} as const;

// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
export const SINGLE_LINE = /^[^\u0000-\u001f\u007f]*$/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
export const MULTI_LINE = /^[^\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]*$/;
