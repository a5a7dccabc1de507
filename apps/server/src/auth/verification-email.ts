import type { EmailMessage } from '../adapters/email/email-sender.ts';

/** How long a verification link works. */
export const EMAIL_VERIFICATION_TTL_SECONDS = 60 * 60 * 24;

/**
 * The link points at our own route (better-auth's HTTP handler is not mounted), which verifies
 * the token and sends the browser back to the settings page.
 */
export function verificationEmail(publicUrl: string, to: string, token: string): EmailMessage {
  const link = `${publicUrl}/api/account/email/verify?token=${encodeURIComponent(token)}`;
  // PUBLIC_URL comes from configuration, but an '&' or quote in it must not break the HTML.
  const href = link.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
  return {
    to,
    subject: 'Verify your Encore email address',
    text: [
      'Please confirm that this is your email address by opening this link:',
      '',
      link,
      '',
      'The link works for 24 hours. If you did not ask for it, you can ignore this email.',
    ].join('\n'),
    html: `<p>Please confirm that this is your email address:</p>
<p><a href="${href}">Verify my email address</a></p>
<p>The link works for 24 hours. If you did not ask for it, you can ignore this email.</p>`,
  };
}
