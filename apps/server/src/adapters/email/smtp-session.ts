import { connect as connectTcp, isIP, type Socket } from 'node:net';
import { hostname } from 'node:os';
import { type ConnectionOptions, connect as connectTls } from 'node:tls';

/** Bounded so that a stuck mail server holds a message for seconds, not minutes. */
export const SMTP_TIMEOUT_MS = 15_000;

/** One SMTP reply: its code and its text lines (continuation lines joined). */
type Reply = { code: number; text: string };

/** The next reply, read for one message: `send` notes whether the server answered it at all. */
type Next = () => Promise<Reply>;

/**
 * What a failed send rejects with, shaped as nodemailer's errors are, so callers classify both
 * alike (alerts/channels/email-alert-sender.ts): `responseCode` when the server answered (5xx
 * final, 4xx to retry), none when the connection failed or timed out.
 */
export type SmtpError = Error & {
  code: string;
  responseCode?: number;
  /** The connection failed before the server answered any command of this message. */
  unanswered?: boolean;
};

export function smtpError(code: string, message: string, responseCode?: number): SmtpError {
  return Object.assign(new Error(message), { code, responseCode });
}

export type SmtpTarget = {
  host: string;
  port: number;
  /** TLS from the first byte (smtps://); otherwise STARTTLS when the server offers it. */
  secure: boolean;
  auth?: { user: string; pass: string };
  /** Extra TLS options (a test's certificate authority). */
  tls?: ConnectionOptions;
  /** How long a reply may take; SMTP_TIMEOUT_MS unless a test says less. */
  timeoutMs?: number;
};

/** The name we greet with: the machine's, when it looks like a domain (as nodemailer does). */
function greetingName(): string {
  const name = hostname();
  if (isIP(name) === 4) return `[${name}]`;
  return name.includes('.') && /^[a-z0-9.-]+$/i.test(name) ? name : '[127.0.0.1]';
}

/**
 * One SMTP connection for bulk mail (RFC 5321), opened once and reused for message after message.
 * With PIPELINING (RFC 2920, which every common server offers) a message costs two writes: the
 * envelope and DATA together, then the content and its end. nodemailer spent about half of an
 * alert email's CPU on its streams, composer and per-command writes around an already composed
 * message (decision 057); this sends the composed bytes as they are. One transaction at a
 * time: the pool (smtp-pool.ts) runs several connections.
 */
export class SmtpSession {
  private socket: Socket;
  private buffer = '';
  private continued: string[] = [];
  private waiters: Array<{ resolve: (reply: Reply) => void; reject: (error: Error) => void }> = [];
  private failure: SmtpError | undefined;
  private sending = false;
  private readonly timeoutMs: number;
  private extensions = new Set<string>();
  private authMethods = new Set<string>();
  /** Told once when the connection is gone (closed, failed, timed out). */
  onGone: () => void = () => {};

  private constructor(socket: Socket, timeoutMs: number) {
    this.socket = socket;
    this.timeoutMs = timeoutMs;
    this.listen(socket);
  }

  /** Connects, reads the greeting, says EHLO, upgrades with STARTTLS when offered, logs in. */
  static async open(target: SmtpTarget): Promise<SmtpSession> {
    const socket = target.secure
      ? connectTls({ host: target.host, port: target.port, ...tlsServerName(target) })
      : connectTcp({ host: target.host, port: target.port });
    const session = new SmtpSession(socket, target.timeoutMs ?? SMTP_TIMEOUT_MS);
    try {
      await session.expect(220, 'ECONNECTION', 'greeting');
      await session.hello();
      if (!target.secure && session.extensions.has('STARTTLS')) {
        session.write('STARTTLS');
        await session.expect(220, 'ETLS', 'STARTTLS');
        await session.upgrade(target);
        await session.hello();
      }
      if (target.auth) await session.login(target.auth);
      return session;
    } catch (error) {
      const failed = error as SmtpError;
      session.destroy(failed);
      // Without the reply's code: a refused login or greeting says nothing about the message, so
      // it is retried after the back-off (the code stays in the words), never failed for good.
      throw smtpError(failed.code, failed.message);
    }
  }

  get usable(): boolean {
    return !this.failure && !this.socket.destroyed;
  }

  /**
   * Sends one composed message (`raw`, CRLF line ends) to `to`. Rejects with an SmtpError; the
   * connection stays usable after a refusal (RSET), not after a failure of the connection.
   */
  async send(from: string, to: string[], raw: Buffer): Promise<void> {
    if (this.sending) throw new Error('one message at a time on an SMTP session');
    this.sending = true;
    let answered = false;
    const next = () =>
      this.next().then((reply) => {
        answered = true;
        return reply;
      });
    try {
      if (this.failure) throw this.failure;
      const utf8 = [from, ...to].some((address) => /[^ -~]/.test(address));
      const commands = [
        `MAIL FROM:<${from}>${utf8 && this.extensions.has('SMTPUTF8') ? ' SMTPUTF8' : ''}`,
        ...to.map((address) => `RCPT TO:<${address}>`),
        'DATA',
      ];
      const refused = this.extensions.has('PIPELINING')
        ? await this.envelopePipelined(commands, next)
        : await this.envelopeInTurn(commands, next);
      if (refused) {
        await this.reset(next);
        throw refused;
      }
      this.socket.write(withDataEnd(raw));
      const reply = await next();
      if (reply.code < 200 || reply.code >= 300) {
        throw smtpError('EMESSAGE', `Message refused: ${reply.code} ${reply.text}`, reply.code);
      }
    } catch (error) {
      const failed = error as SmtpError;
      // Its own copy: the session's failure is shared, and only this message was unanswered.
      throw answered
        ? failed
        : Object.assign(smtpError(failed.code, failed.message), { unanswered: true });
    } finally {
      this.sending = false;
    }
  }

  /** QUIT, then the socket closes; nothing waits for the server's goodbye. */
  quit(): void {
    if (!this.usable) return;
    this.failure = smtpError('ECONNECTION', 'SMTP session closed');
    this.socket.end('QUIT\r\n');
    this.onGone();
  }

  /** Every command at once (RFC 2920); each reply read in turn. The refusal, if any. */
  private async envelopePipelined(commands: string[], next: Next): Promise<SmtpError | undefined> {
    this.write(commands.join('\r\n'));
    const replies = await Promise.all(commands.map(() => next()));
    const data = replies[replies.length - 1];
    const refusal = replies.findIndex((r, i) => !accepted(r, i === replies.length - 1));
    if (refusal < 0) return undefined;
    // A server that took DATA after refusing a recipient waits for content: end it empty.
    if (data?.code === 354) {
      this.write('.');
      await next();
    }
    return envelopeRefusal(commands[refusal] ?? '', replies[refusal] as Reply);
  }

  /** A server without PIPELINING: one command, one reply, stopping at the first refusal. */
  private async envelopeInTurn(commands: string[], next: Next): Promise<SmtpError | undefined> {
    for (const [i, command] of commands.entries()) {
      this.write(command);
      const reply = await next();
      if (!accepted(reply, i === commands.length - 1)) {
        return envelopeRefusal(command, reply);
      }
    }
    return undefined;
  }

  /** Back to a clean state after a refused envelope; a server that will not is left. */
  private async reset(next: Next): Promise<void> {
    this.write('RSET');
    const reply = await next();
    if (reply.code !== 250) this.destroy(smtpError('EPROTOCOL', `RSET refused: ${reply.code}`));
  }

  private async hello(): Promise<void> {
    this.write(`EHLO ${greetingName()}`);
    let reply = await this.next();
    this.extensions.clear();
    this.authMethods.clear();
    if (reply.code !== 250) {
      // A server from before ESMTP: HELO, and no extensions.
      this.write(`HELO ${greetingName()}`);
      reply = await this.next();
      if (reply.code !== 250) throw replyError('EPROTOCOL', 'HELO', reply);
      return;
    }
    for (const line of reply.text.split('\n').slice(1)) {
      const [keyword = '', ...params] = line.trim().toUpperCase().split(/\s+/);
      this.extensions.add(keyword);
      if (keyword === 'AUTH') for (const method of params) this.authMethods.add(method);
    }
  }

  private async login({ user, pass }: { user: string; pass: string }): Promise<void> {
    const base64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');
    if (this.authMethods.has('PLAIN')) {
      this.write(`AUTH PLAIN ${base64(`\0${user}\0${pass}`)}`);
    } else if (this.authMethods.has('LOGIN')) {
      this.write('AUTH LOGIN');
      await this.expect(334, 'EAUTH', 'AUTH LOGIN');
      this.write(base64(user));
      await this.expect(334, 'EAUTH', 'AUTH LOGIN');
      this.write(base64(pass));
    } else {
      throw smtpError(
        'EAUTH',
        'The mail server offers no login method Encore speaks (PLAIN, LOGIN)',
      );
    }
    await this.expect(235, 'EAUTH', 'AUTH');
  }

  private async upgrade(target: SmtpTarget): Promise<void> {
    const plain = this.socket;
    plain.removeAllListeners('data');
    plain.removeAllListeners('error');
    plain.removeAllListeners('close');
    plain.removeAllListeners('timeout');
    const secured = connectTls({ socket: plain, ...tlsServerName(target) });
    this.socket = secured;
    this.listen(secured);
    await new Promise<void>((resolve, reject) => {
      secured.once('secureConnect', resolve);
      secured.once('error', reject);
    });
  }

  private async expect(code: number, errorCode: string, what: string): Promise<Reply> {
    const reply = await this.next();
    if (reply.code !== code) throw replyError(errorCode, what, reply);
    return reply;
  }

  private write(line: string): void {
    this.socket.write(`${line}\r\n`);
  }

  /** The next reply, in order; the connection's timer runs only while a reply is awaited. */
  private next(): Promise<Reply> {
    if (this.failure) return Promise.reject(this.failure);
    if (this.waiters.length === 0) this.socket.setTimeout(this.timeoutMs);
    return new Promise((resolve, reject) => this.waiters.push({ resolve, reject }));
  }

  private listen(socket: Socket): void {
    socket.setEncoding('utf8');
    socket.setNoDelay(true);
    socket.on('data', (chunk: string) => this.read(chunk));
    socket.on('timeout', () =>
      this.destroy(smtpError('ETIMEDOUT', 'The mail server did not answer in time')),
    );
    socket.on('error', (error: NodeJS.ErrnoException) =>
      this.destroy(
        smtpError('ECONNECTION', `Mail server connection failed: ${error.code ?? error.message}`),
      ),
    );
    socket.on('close', () =>
      this.destroy(smtpError('ECONNECTION', 'The mail server closed the connection')),
    );
  }

  private read(chunk: string): void {
    this.buffer += chunk;
    let end = this.buffer.indexOf('\n');
    while (end >= 0) {
      const line = this.buffer.slice(0, end).replace(/\r$/, '');
      this.buffer = this.buffer.slice(end + 1);
      this.line(line);
      end = this.buffer.indexOf('\n');
    }
  }

  private line(line: string): void {
    const code = Number(line.slice(0, 3));
    if (!/^\d{3}/.test(line)) {
      this.destroy(smtpError('EPROTOCOL', 'The mail server answered outside SMTP'));
      return;
    }
    this.continued.push(line.slice(4));
    if (line[3] === '-') return;
    const reply = { code, text: this.continued.join('\n') };
    this.continued = [];
    const waiter = this.waiters.shift();
    if (this.waiters.length === 0) this.socket.setTimeout(0);
    if (waiter) waiter.resolve(reply);
    // Unasked (a 421 before the server closes an idle connection): this session is over.
    else this.destroy(replyError('ECONNECTION', 'The mail server', reply));
  }

  private destroy(error: SmtpError): void {
    if (this.failure && this.socket.destroyed) return;
    this.failure ??= error;
    for (const waiter of this.waiters.splice(0)) waiter.reject(this.failure);
    this.socket.destroy();
    this.onGone();
  }
}

/** The server name a certificate must carry: the host, unless it is an address. */
function tlsServerName(target: SmtpTarget): ConnectionOptions {
  return {
    host: target.host,
    ...(isIP(target.host) ? {} : { servername: target.host }),
    ...target.tls,
  };
}

/** DATA's go-ahead is 354; MAIL and RCPT take any 2xx (251: will forward). */
function accepted(reply: Reply, isData: boolean): boolean {
  return isData ? reply.code === 354 : reply.code >= 200 && reply.code < 300;
}

function replyError(code: string, what: string, reply: Reply): SmtpError {
  return smtpError(code, `${what}: ${reply.code} ${reply.text}`, reply.code);
}

/** The command's verb only: the server's words follow, not the address we gave. */
function envelopeRefusal(command: string, reply: Reply): SmtpError {
  const verb = command.startsWith('RCPT')
    ? 'Recipient'
    : command.startsWith('MAIL')
      ? 'Sender'
      : 'DATA';
  return smtpError('EENVELOPE', `${verb} refused: ${reply.code} ${reply.text}`, reply.code);
}

const CR = 0x0d;
const LF = 0x0a;
const DOT = 0x2e;

/**
 * The message as DATA content, with its end (RFC 5321 §4.5.2): a line that starts with a dot gets
 * a second one, a lone LF becomes CRLF, and CRLF.CRLF follows. Our composed messages need neither
 * change almost always: then they are copied once.
 */
export function withDataEnd(raw: Buffer): Buffer {
  let changes = raw[0] === DOT ? 1 : 0;
  // Line by line with the native search: a few dozen calls, not a loop over every byte.
  for (let lf = raw.indexOf(LF); lf >= 0; lf = raw.indexOf(LF, lf + 1)) {
    if (raw[lf - 1] !== CR) changes++;
    if (raw[lf + 1] === DOT) changes++;
  }
  const endsInLine = raw.length === 0 || raw[raw.length - 1] === LF;
  const end = Buffer.from(endsInLine ? '.\r\n' : '\r\n.\r\n');
  if (changes === 0) return Buffer.concat([raw, end]);
  const out = Buffer.allocUnsafe(raw.length + changes + end.length);
  let at = 0;
  for (let i = 0; i < raw.length; i++) {
    const byte = raw[i] as number;
    if (byte === LF && raw[i - 1] !== CR) out[at++] = CR;
    if (byte === DOT && (i === 0 || raw[i - 1] === LF)) out[at++] = DOT;
    out[at++] = byte;
  }
  at += end.copy(out, at);
  return out.subarray(0, at);
}
