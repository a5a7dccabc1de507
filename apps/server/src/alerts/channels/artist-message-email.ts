import type { EmailMessage } from '../../adapters/email/email-sender.ts';
import { escapeHtml } from '../../lib/escape-html.ts';
import type { OutgoingArtistMessage } from '../artist-message-outbox.ts';
import type { AlertEmailParts } from './alert-email.ts';

/**
 * An artist message as an email, in the alert emails' shape (alert-email.ts): title, the
 * message, a link to the artist, why it came, and the unsubscribe line and RFC 8058 headers of
 * the artist-messages scope (they switch off artist message emails only).
 */
export function artistMessageEmail(
  message: OutgoingArtistMessage,
  parts: AlertEmailParts,
): EmailMessage {
  const text = [
    message.title,
    '',
    message.body,
    '',
    `View artist: ${message.artistUrl}`,
    '',
    `Why you got this: ${message.reason}`,
    `Unsubscribe from artist message emails: ${parts.unsubscribePage}`,
    '',
  ].join('\n');
  const paragraphs = message.body
    .split(/\n+/)
    .map((line) => `<p style="margin:0 0 12px;white-space:pre-wrap">${escapeHtml(line)}</p>`)
    .join('\n');
  const html = `<!doctype html>
<html><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#111">
<h1 style="font-size:20px;margin:0 0 8px">${escapeHtml(message.title)}</h1>
${paragraphs}
<p style="margin:4px 0 24px"><a href="${escapeHtml(message.artistUrl)}">View artist</a></p>
<p style="margin:0;color:#555;font-size:13px">Why you got this: ${escapeHtml(message.reason)}</p>
<p style="margin:4px 0 0;color:#555;font-size:13px"><a href="${escapeHtml(parts.unsubscribePage)}">Unsubscribe</a> from artist message emails</p>
</body></html>
`;
  return {
    to: message.email,
    subject: message.title,
    text,
    html,
    messageId: parts.messageId,
    headers: {
      'List-Unsubscribe': `<${parts.unsubscribeApi}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}
