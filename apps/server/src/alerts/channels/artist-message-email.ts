import type { EmailMessage } from '../../adapters/email/email-sender.ts';
import { escapeHtml } from '../../lib/escape-html.ts';
import type { OutgoingArtistMessage } from '../artist-message-outbox.ts';
import { type AlertEmailParts, alertMessage, noticeHtml, noticeText } from './alert-email.ts';

/**
 * An artist message as an email, in the alert emails' shape (alert-email.ts): title, the
 * message, a link to the artist, why it came, and the unsubscribe line and RFC 8058 headers of
 * the artist-messages scope (they switch off artist message emails only).
 */
export function artistMessageEmail(
  message: OutgoingArtistMessage,
  parts: AlertEmailParts,
): EmailMessage {
  const text = noticeText({
    ...message,
    link: `View artist: ${message.artistUrl}`,
    unsubscribe: `Unsubscribe from artist message emails: ${parts.unsubscribePage}`,
  });
  const paragraphs = message.body
    .split(/\n+/)
    .map((line) => `<p style="margin:0 0 12px;white-space:pre-wrap">${escapeHtml(line)}</p>`)
    .join('\n');
  const html = noticeHtml({
    ...message,
    content: `${paragraphs}
<p style="margin:4px 0 24px"><a href="${escapeHtml(message.artistUrl)}">View artist</a></p>`,
    footer: `<p style="margin:4px 0 0;color:#555;font-size:13px"><a href="${escapeHtml(parts.unsubscribePage)}">Unsubscribe</a> from artist message emails</p>`,
  });
  return alertMessage(message, parts, text, html);
}
