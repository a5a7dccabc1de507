import { PROFILE_EXTRA_MESSAGES as X } from './profile-messages.ts';
import { zSingleLineText } from './text-fields.ts';
import { z } from './z.ts';

/** Building blocks shared by the three profiles. Each takes the spec message of its form. */
export const PHONE_PATTERN = /^\(\d{3}\) \d{3}-\d{4}$/;
export const ZIP_PATTERN = /^\d{5}$/;

export const zPhone = (message: string) => zSingleLineText().trim().regex(PHONE_PATTERN, message);
export const zEmailField = (message: string) =>
  zSingleLineText().trim().max(254, message).pipe(z.email(message));

/** An empty string (or a missing key) means "not given"; stored as null. */
export const zOptional = <T extends z.ZodType>(schema: T) =>
  z.union([
    z.literal('').transform(() => null),
    z.null(),
    z.undefined().transform(() => null),
    schema,
  ]);

export const zWebUrl = zSingleLineText()
  .trim()
  .max(500, X.url)
  .refine((value) => {
    try {
      const url = new URL(value);
      return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.includes('.');
    } catch {
      return false;
    }
  }, X.url);

/** Instagram, X/Twitter and TikTok handles, with or without the leading @ (stored without). */
export const zHandle = zSingleLineText()
  .trim()
  .regex(/^@?[A-Za-z0-9._]{1,30}$/, X.handle)
  // overwrite, not transform: inside zOptional's union a failed transform hides X.handle behind
  // zod's generic 'Invalid input'.
  .overwrite((value) => value.replace(/^@/, ''));
