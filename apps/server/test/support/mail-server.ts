import { SMTPServer } from 'smtp-server';
import { freePort } from './free-port.ts';

export type ReceivedMail = {
  envelopeTo: string[];
  headers: Record<string, string>;
  /** The text/plain part, transfer-decoded. */
  text: string;
};

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
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const envelopeTo = session.envelope.rcptTo.map((r) => r.address);
        received.push({ envelopeTo, ...parseMail(Buffer.concat(chunks).toString('utf8')) });
        callback();
      });
    },
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
function parseMail(raw: string): Omit<ReceivedMail, 'envelopeTo'> {
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
