import { escapeHtml } from '../lib/escape-html.ts';

export type TextMail = { subject: string; text: string };

const LINK = /https?:\/\/[^\s<>"]+/g;

/**
 * A plain-text notice mail with its HTML part, the same words: the first paragraph
 * as the heading, the others as paragraphs, each address a link. Mail clients that show HTML
 * otherwise render the text as one monospaced block. The alert emails build their own
 * (alerts/channels/alert-email.ts), with the unsubscribe line those need.
 */
export function withHtml(mail: TextMail): TextMail & { html: string } {
  const [heading = '', ...paragraphs] = mail.text
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean);
  const body = paragraphs
    .map((p) => `<p style="margin:0 0 16px">${linked(p).replace(/\n/g, '<br>')}</p>`)
    .join('\n');
  const html = `<!doctype html>
<html><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#111">
<h1 style="font-size:20px;margin:0 0 12px">${linked(heading)}</h1>
${body}
</body></html>
`;
  return { ...mail, html };
}

/** Escaped, with every address made a link (its text escaped the same way). */
function linked(text: string): string {
  return escapeHtml(text).replace(LINK, (url) => `<a href="${url}">${url}</a>`);
}
