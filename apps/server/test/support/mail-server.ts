import { SMTPServer, type SMTPServerOptions } from 'smtp-server';
import { freePort } from './free-port.ts';

export type ReceivedMail = {
  envelopeTo: string[];
  headers: Record<string, string>;
  /** The text/plain part, transfer-decoded. */
  text: string;
  /** The text/html part, transfer-decoded ('' when the mail has none). */
  html: string;
};

/** The SMTP server's onData: each mail received is parsed and kept in `received`. */
function keepInto(received: ReceivedMail[]): SMTPServerOptions['onData'] {
  return (stream, session, callback) => {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const envelopeTo = session.envelope.rcptTo.map((r) => r.address);
      received.push({ envelopeTo, ...parseMail(raw), html: htmlPart(raw) });
      callback();
    });
  };
}

/**
 * A real SMTP server on loopback that keeps what it receives. Plain SMTP without STARTTLS or
 * AUTH, as a local relay would offer.
 */
export async function startMailServer() {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData: keepInto(received),
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Just enough MIME for our own mails: headers, multipart/alternative, QP and base64. */
function parseMail(raw: string): Omit<ReceivedMail, 'envelopeTo' | 'html'> {
  const { headers, body } = splitPart(raw);
  const boundary = /boundary="?([^";]+)"?/i.exec(headers['content-type'] ?? '')?.[1];
  if (!boundary) return { headers, text: decode(headers, body) };
  const parts = body.split(`--${boundary}`).map(splitPart);
  const plain = parts.find((p) => (p.headers['content-type'] ?? '').startsWith('text/plain'));
  return { headers, text: plain ? decode(plain.headers, plain.body) : '' };
}

function splitPart(raw: string) {
  const trimmed = raw.replace(/^\r?\n/, '');
  const end = trimmed.search(/\r?\n\r?\n/);
  const head = end === -1 ? trimmed : trimmed.slice(0, end);
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { headers, body: end === -1 ? '' : trimmed.slice(end).replace(/^\r?\n\r?\n/, '') };
}

/** Transfer-decoded, with SMTP's CRLF line ends back to \n. */
function decode(headers: Record<string, string>, body: string): string {
  return decodeTransfer(headers, body).replace(/\r\n/g, '\n');
}

function decodeTransfer(headers: Record<string, string>, body: string): string {
  const encoding = (headers['content-transfer-encoding'] ?? '7bit').toLowerCase();
  if (encoding === 'base64') return Buffer.from(body, 'base64').toString('utf8');
  if (encoding !== 'quoted-printable') return body;
  const bytes = body
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

export type ReceivedAlertMail = ReceivedMail;

/**
 * Like `startMailServer`, keeping the HTML part too, and able to play a failing server:
 * `rejectRecipient` answers RCPT TO for that address with the given code (450: try later,
 * 550: no such mailbox), `rejectAll` every recipient.
 */
export async function startAlertMailServer() {
  const received: ReceivedAlertMail[] = [];
  const rejections = new Map<string, number>();
  const state: { all: number | undefined } = { all: undefined };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    maxClients: 100,
    onRcptTo(address, _session, callback) {
      const code = state.all ?? rejections.get(address.address);
      if (code === undefined) {
        callback();
        return;
      }
      const error = new Error(`${code} recipient refused by the test server`) as Error & {
        responseCode: number;
      };
      error.responseCode = code;
      callback(error);
    },
    onData: keepInto(received),
  });
  // A client that dies mid-conversation (a SIGKILLed worker) resets its connections: the server
  // reports that as an 'error' event, which unheard would fail the test run.
  server.on('error', () => {});
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    rejectRecipient: (address: string, code: number) => rejections.set(address, code),
    acceptRecipient: (address: string) => rejections.delete(address),
    /** Every RCPT TO answered with `code` (421/451: try later), or normal again with undefined. */
    rejectAll: (code: number | undefined) => {
      state.all = code;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function htmlPart(raw: string): string {
  const { headers, body } = splitPart(raw);
  const boundary = /boundary="?([^";]+)"?/i.exec(headers['content-type'] ?? '')?.[1];
  if (!boundary) return '';
  const html = body
    .split(`--${boundary}`)
    .map(splitPart)
    .find((p) => (p.headers['content-type'] ?? '').startsWith('text/html'));
  return html ? decode(html.headers, html.body) : '';
}
