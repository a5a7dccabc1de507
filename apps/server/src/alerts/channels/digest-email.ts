import type { EmailMessage } from '../../adapters/email/email-sender.ts';
import { escapeHtml } from '../../lib/escape-html.ts';
import type { DigestItem, OutgoingAlert } from '../channel-sender.ts';
import { type AlertEmailParts, alertMessage, unsubscribeHtml } from './alert-email.ts';

/**
 * A released daily digest as one email: subject '3 new shows near Brooklyn, NY', then each show
 * as a single alert would tell it (title, local date and place, link, why), in text and HTML,
 * with the same unsubscribe link and RFC 8058 headers as every alert email.
 */
export function digestEmail(
  alert: OutgoingAlert,
  digest: { items: DigestItem[]; url: string },
  parts: AlertEmailParts,
): EmailMessage {
  const text = [
    alert.title,
    '',
    ...digest.items.flatMap((item) => [
      item.title,
      item.body,
      `View show: ${item.showUrl}`,
      `Why you got this: ${item.reason}`,
      '',
    ]),
    `All your alerts: ${digest.url}`,
    `Unsubscribe from alert emails: ${parts.unsubscribePage}`,
    '',
  ].join('\n');
  const shows = digest.items
    .map(
      (item) => `<li style="margin:0 0 16px">
<strong>${escapeHtml(item.title)}</strong><br>
${escapeHtml(item.body)}<br>
<a href="${escapeHtml(item.showUrl)}">View show</a><br>
<span style="color:#555;font-size:13px">Why you got this: ${escapeHtml(item.reason)}</span>
</li>`,
    )
    .join('\n');
  const html = `<!doctype html>
<html><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#111">
<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(alert.title)}</h1>
<ul style="list-style:none;padding:0;margin:0 0 16px">
${shows}
</ul>
<p style="margin:0 0 24px"><a href="${escapeHtml(digest.url)}">All your alerts</a></p>
${unsubscribeHtml(parts)}
</body></html>
`;
  return alertMessage(alert, parts, text, html);
}
