/**
 * A local sink for one outbound channel, run as its own process by bench/fanout.ts so that its
 * CPU and memory are its own: `fanout-sink.ts push|email|sms PORT [KEY CERT]`.
 * It only counts what arrives (test/support's servers keep every message, which at 500,000
 * messages would measure their memory, not ours) and answers like the real service:
 * push 201, SMS 201 with a Twilio-style body, SMTP 250. With `--keys` it also keeps, per
 * recipient and receiver's key (push path + Topic, SMS To + Idempotency-Key, mail RCPT TO +
 * Message-ID), how many copies came: what `npm run test:cluster` reconciles with the outbox.
 */
import { readFileSync } from 'node:fs';
import {
  createServer as createHttpServer,
  type IncomingMessage,
  type ServerResponse,
} from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import { SMTPServer } from 'smtp-server';

export type SinkReport = {
  kind: string;
  received: number;
  /** Epoch ms of the first and last message; null before any. */
  first: number | null;
  last: number | null;
  maxRssKb: number;
};

const args = process.argv.slice(2);
const keeping = args.includes('--keys');
const [kind, port, keyPath, certPath] = args.filter((arg) => arg !== '--keys');
const stats: SinkReport = { kind: kind ?? '', received: 0, first: null, last: null, maxRssKb: 0 };
/** `recipient key` → copies received, with `--keys`. */
const copies = new Map<string, number>();
const count = (recipient?: string, key?: string) => {
  const now = Date.now();
  stats.first ??= now;
  stats.last = now;
  stats.received += 1;
  if (keeping) {
    const copy = `${recipient ?? '?'} ${key ?? '?'}`;
    copies.set(copy, (copies.get(copy) ?? 0) + 1);
  }
};

/** What an HTTP sink's message is addressed to and keyed by (push: path and Topic). */
function pushCopy(request: IncomingMessage): [string | undefined, string | undefined] {
  return [request.url, String(request.headers.topic ?? '')];
}

function httpHandler(status: number, body: string) {
  return (request: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = [];
    if (keeping && kind === 'sms') request.on('data', (chunk: Buffer) => chunks.push(chunk));
    else request.resume();
    request.on('end', () => {
      if (kind === 'sms') {
        const to = new URLSearchParams(Buffer.concat(chunks).toString()).get('To') ?? undefined;
        count(to, String(request.headers['idempotency-key'] ?? ''));
      } else count(...pushCopy(request));
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(body);
    });
  };
}

let close: () => void;
if (kind === 'push') {
  if (!keyPath || !certPath) throw new Error('the push sink needs KEY and CERT paths');
  const server = createHttpsServer(
    { key: readFileSync(keyPath), cert: readFileSync(certPath) },
    httpHandler(201, ''),
  );
  server.listen(Number(port), '127.0.0.1');
  close = () => server.close();
} else if (kind === 'sms') {
  const server = createHttpServer(httpHandler(201, '{"sid":"SM0","status":"queued"}'));
  server.listen(Number(port), '127.0.0.1');
  close = () => server.close();
} else if (kind === 'email') {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      // The Message-ID is in the header, at the start: only that much is kept.
      let head = '';
      stream.on('data', (chunk: Buffer) => {
        if (keeping && head.length < 8192) head += chunk.toString();
      });
      stream.on('end', () => {
        const messageId = /^message-id:\s*(\S+)/im.exec(head)?.[1];
        count(session.envelope.rcptTo[0]?.address, messageId);
        callback();
      });
    },
  });
  server.on('error', (error) => console.error(`email sink: ${error.message}`));
  server.listen(Number(port), '127.0.0.1');
  close = () => server.close();
} else {
  throw new Error(`unknown sink kind ${kind}`);
}

process.send?.({ ready: true });
// The driver asks for the figures over IPC; if the driver dies, the IPC channel closes and the
// sink goes too, so no sink outlives a failed bench.
process.on('message', (message: { report?: boolean; reset?: boolean; copies?: boolean }) => {
  // bench:dispatch --each counts each phase from zero (the kept copies stay).
  if (message.reset) Object.assign(stats, { received: 0, first: null, last: null });
  if (message.report) {
    process.send?.({ ...stats, maxRssKb: process.resourceUsage().maxRSS });
  }
  if (message.copies) process.send?.({ copies: [...copies] });
});
process.on('disconnect', () => {
  close();
  process.exit(0);
});
