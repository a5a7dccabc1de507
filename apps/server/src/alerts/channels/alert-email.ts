import type { EmailMessage } from '../../adapters/email/email-sender.ts';
import { escapeHtml } from '../../lib/escape-html.ts';
import type { OutgoingAlert } from '../channel-sender.ts';

export type AlertEmailParts = {
  /** The /unsubscribe page, which POSTs the token when the fan confirms. */
  unsubscribePage: string;
  /** The one-click API (RFC 8058) mail clients POST to from their own Unsubscribe button. */
  unsubscribeApi: string;
  /** The delivery's stable Message-ID. */
  messageId: string;
};

/** One alert as an email: the same words in text and HTML, and the RFC 8058 headers. */
export function alertEmail(alert: OutgoingAlert, parts: AlertEmailParts): EmailMessage {
  const text = noticeText({
    ...alert,
    link: `View show: ${alert.showUrl}`,
    unsubscribe: `Unsubscribe from alert emails: ${parts.unsubscribePage}`,
  });
  const html = noticeHtml({
    ...alert,
    content: `<p style="margin:0 0 16px">${escapeHtml(alert.body)}</p>
<p style="margin:0 0 24px"><a href="${escapeHtml(alert.showUrl)}">View show</a></p>`,
    footer: unsubscribeHtml(parts),
  });
  return alertMessage(alert, parts, text, html);
}

/** The text of a single notice (an alert, an artist message): title, body, link, why, how to stop. */
export function noticeText(notice: {
  title: string;
  body: string;
  link: string;
  reason: string;
  unsubscribe: string;
}): string {
  return [
    notice.title,
    '',
    notice.body,
    '',
    notice.link,
    '',
    `Why you got this: ${notice.reason}`,
    notice.unsubscribe,
    '',
  ].join('\n');
}

/** The HTML around a single notice; `content` and `footer` are markup, already escaped. */
export function noticeHtml(notice: {
  title: string;
  content: string;
  reason: string;
  footer: string;
}): string {
  return `<!doctype html>
<html><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#111">
<h1 style="font-size:20px;margin:0 0 8px">${escapeHtml(notice.title)}</h1>
${notice.content}
<p style="margin:0;color:#555;font-size:13px">Why you got this: ${escapeHtml(notice.reason)}</p>
${notice.footer}
</body></html>
`;
}

/** The unsubscribe line under every alert email's HTML. */
export function unsubscribeHtml(parts: AlertEmailParts): string {
  return `<p style="margin:4px 0 0;color:#555;font-size:13px"><a href="${escapeHtml(parts.unsubscribePage)}">Unsubscribe</a> from alert emails</p>`;
}

/**
 * An alert-shaped email (single, digest, artist message) to the fan, with its Message-ID and
 * RFC 8058 headers.
 */
export function alertMessage(
  alert: Pick<OutgoingAlert, 'email' | 'title'>,
  parts: AlertEmailParts,
  text: string,
  html: string,
): EmailMessage {
  return {
    to: alert.email,
    subject: alert.title,
    text,
    html,
    messageId: parts.messageId,
    headers: {
      'List-Unsubscribe': `<${parts.unsubscribeApi}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}
