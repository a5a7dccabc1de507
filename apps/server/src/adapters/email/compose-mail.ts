import { randomBytes } from 'node:crypto';
import addressparser from 'nodemailer/lib/addressparser';
import { encodeWords, foldLines } from 'nodemailer/lib/mime-funcs';
import { encode as qpEncode, wrap as qpWrap } from 'nodemailer/lib/qp';
import type { EmailMessage } from './email-sender.ts';

export type ComposedMail = {
  raw: Buffer;
  envelope: { from: string; to: string[] };
  /** The Message-ID the raw message carries (given, or made here). */
  messageId: string;
};

/**
 * One of our messages (text, optional HTML, a few headers) as RFC 5322 / MIME, built in one pass.
 * Bulk alert mail went through nodemailer's MailComposer, whose general machinery (a stream
 * pipeline per part, header normalisation, DOMException on stream end) cost ~0.5 ms of CPU per
 * message, most of an email's cost (docs/performance.md). Our messages have one fixed shape,
 * so this builds it directly and keeps nodemailer's encoders for what must be exact: RFC 2047
 * encoded words for non-ASCII headers, header folding, quoted-printable bodies.
 */
export function composeMail(from: string, message: EmailMessage, host: string): ComposedMail {
  const { sender, senderAddress } = parsedFrom(from);
  const messageId = message.messageId ?? newMessageId(host);
  const headers: Array<[string, string]> = [
    ['From', mailbox(sender?.name ?? '', senderAddress)],
    ['To', message.to],
  ];
  if (message.replyTo) headers.push(['Reply-To', message.replyTo]);
  headers.push(
    ['Subject', encodeWords(message.subject, 'B', 52)],
    ['Message-ID', messageId],
    ['Date', new Date().toUTCString().replace('GMT', '+0000')],
    ['MIME-Version', '1.0'],
  );
  for (const [name, value] of Object.entries(message.headers ?? {})) {
    headers.push([name, encodeWords(value, 'B', 52)]);
  }

  const lines: string[] = headers.map(([name, value]) => foldLines(`${name}: ${value}`, 76));
  if (message.html === undefined) {
    lines.push(...textPart('text/plain', message.text), '');
  } else {
    const boundary = nextBoundary();
    lines.push(
      'Content-Type: multipart/alternative;',
      ` boundary="${boundary}"`,
      '',
      `--${boundary}`,
      ...textPart('text/plain', message.text),
      `--${boundary}`,
      ...textPart('text/html', message.html),
      `--${boundary}--`,
      '',
    );
  }
  return {
    raw: Buffer.from(lines.join('\r\n'), 'utf8'),
    envelope: { from: senderAddress, to: [message.to] },
    messageId,
  };
}

/** MAIL_FROM parsed once: the same for every message (its parse was ~5% of an email's CPU). */
let lastFrom:
  | { from: string; sender: { name?: string; address?: string } | undefined; senderAddress: string }
  | undefined;
function parsedFrom(from: string) {
  if (lastFrom?.from !== from) {
    const sender = addressparser(from, { flatten: true })[0];
    lastFrom = { from, sender, senderAddress: sender?.address || from };
  }
  return lastFrom;
}

/** A Message-ID of our own for a message that brings none: random, at `host`. */
export function newMessageId(host: string): string {
  return `<${randomBytes(16).toString('hex')}@${host}>`;
}

/**
 * A boundary for the next message: this process's random token and a counter. It cannot occur in
 * a part: both parts are quoted-printable, where '=' is always followed by two hex digits or a
 * line end, never by '_'. Drawing random bytes for every message cost ~5–10 µs (with nodemailer's
 * own draws, ~26 µs of an email's CPU in bench:dispatch).
 */
const BOUNDARY_PREFIX = `=_encore_${randomBytes(9).toString('base64url').replace(/[-_]/g, 'x')}_`;
let boundaries = 0;
function nextBoundary(): string {
  boundaries = (boundaries + 1) % Number.MAX_SAFE_INTEGER;
  return `${BOUNDARY_PREFIX}${boundaries.toString(36)}`;
}

/** 'Name <address>', the name quoted or encoded when it needs to be. */
function mailbox(name: string, address: string): string {
  if (!name) return address;
  // Printable ASCII may stay as it is, quoted; anything else becomes an encoded word.
  const display = /^[\x20-\x7e]*$/.test(name)
    ? `"${name.replace(/["\\]/g, '\\$&')}"`
    : encodeWords(name, 'B', 52);
  return `${display} <${address}>`;
}

/** A UTF-8 text part's headers and quoted-printable body (CRLF line ends, lines ≤ 76). */
function textPart(type: string, content: string): string[] {
  const body = qpWrap(qpEncode(content.replace(/\r?\n/g, '\r\n')), 76);
  return [
    `Content-Type: ${type}; charset=utf-8`,
    'Content-Transfer-Encoding: quoted-printable',
    '',
    body,
  ];
}
