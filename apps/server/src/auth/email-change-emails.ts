import { EMAIL_CHANGE_TTL_HOURS } from '@encore/contract';
import type { EmailMessage } from '../adapters/email/email-sender.ts';

const escapeHtml = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * The web app's confirm page, with the token in the #fragment: a fragment never reaches a server,
 * so the token is in no request line, access log or Referer header; the page POSTs it.
 */
export function emailChangeLink(publicUrl: string, token: string): string {
  return `${publicUrl}/account/confirm-email#token=${encodeURIComponent(token)}`;
}

/** To the NEW address: the link that makes it the account's. */
export function emailChangeConfirmation(to: string, link: string): EmailMessage {
  const href = escapeHtml(link);
  return {
    to,
    subject: 'Confirm your new Encore email address',
    text: [
      'Someone (hopefully you) asked to use this address for their Encore account.',
      'Open this link to confirm it; until then the account keeps its current address:',
      '',
      link,
      '',
      `The link works for ${EMAIL_CHANGE_TTL_HOURS} hours, once. If you did not ask for it, you can ignore this email.`,
    ].join('\n'),
    html: `<p>Someone (hopefully you) asked to use this address for their Encore account.</p>
<p><a href="${href}">Confirm my new email address</a></p>
<p>Until you do, the account keeps its current address. The link works for ${EMAIL_CHANGE_TTL_HOURS} hours, once. If you did not ask for it, you can ignore this email.</p>`,
  };
}

/** To the OLD address, once the change is made: the owner learns of it if it wasn't them. */
export function emailChangedNotice(to: string, newEmail: string, supportEmail: string) {
  const masked = maskEmail(newEmail);
  const text = `Your Encore email was changed to ${masked}; if this wasn't you, contact ${supportEmail}.`;
  return {
    to,
    subject: 'Your Encore email address was changed',
    text: [text, '', 'From now on you log in with the new address, and alerts go there.'].join(
      '\n',
    ),
    html: `<p>${escapeHtml(text)}</p>
<p>From now on you log in with the new address, and alerts go there.</p>`,
  } satisfies EmailMessage;
}

/**
 * 'n***@example.com': enough for the owner to recognise the address, not enough to hand a full
 * address to whoever now reads the old mailbox.
 */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return '***';
  return `${email[0]}***${email.slice(at)}`;
}
