import { zSingleLineText } from './text-fields.ts';
import { ZEmail } from './user-validation.ts';
import { z } from './z.ts';

/**
 * Changing the account email (Settings › Profile's Email): a link goes to the new address, and the
 * account keeps its old address (login, alert mail, the Security tab) until the link is opened.
 */
export const EMAIL_CHANGE_MESSAGES = {
  sameAsCurrent: 'This is already your email address',
  taken: 'This email is already registered to another account',
  linkInvalid: 'This link is invalid or has already been used',
  linkExpired: 'This link has expired. Ask for a new one in Settings.',
  noPendingChange: 'There is no email change waiting for confirmation',
  /** The pending note under the Email field: `${sentTo(newEmail)}`. */
  sentTo: (newEmail: string) =>
    `We sent a link to ${newEmail} — your email changes when you open it`,
} as const;

export const ZEmailChangeRequest = z.strictObject({ email: ZEmail });
export type TEmailChangeRequest = z.infer<typeof ZEmailChangeRequest>;

/** GET /api/account/email/change: the address in use, and the change waiting for its link. */
export const ZEmailChangeState = z.object({
  email: z.string(),
  pending: z.object({ newEmail: z.string(), expiresAt: z.string() }).nullable(),
});
export type TEmailChangeState = z.infer<typeof ZEmailChangeState>;

/** POST /api/account/email/change/confirm: the token the link carried (in its #fragment). */
export const ZEmailChangeConfirm = z.strictObject({
  token: zSingleLineText().trim().min(1, EMAIL_CHANGE_MESSAGES.linkInvalid).max(200),
});
export type TEmailChangeConfirm = z.infer<typeof ZEmailChangeConfirm>;
export const ZEmailChanged = z.object({ email: z.string() });
export type TEmailChanged = z.infer<typeof ZEmailChanged>;

/** How long a confirmation link works. */
export const EMAIL_CHANGE_TTL_HOURS = 24;
