import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SMTPServer, type SMTPServerOptions } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSmtpEmailSender } from '../../src/adapters/email/smtp-email-sender.ts';
import { createSmtpPool, type SmtpPool } from '../../src/adapters/email/smtp-pool.ts';
import {
  type SmtpError,
  type SmtpTarget,
  withDataEnd,
} from '../../src/adapters/email/smtp-session.ts';
import { freePort } from '../support/free-port.ts';

type Received = { from: string; to: string[]; raw: string; secure: boolean; user?: string };

/** A real SMTP server (smtp-server) on loopback that keeps every message byte for byte. */
async function startServer(options: SMTPServerOptions = {}) {
  const received: Received[] = [];
  let connections = 0;
  const closed: Array<() => void> = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onConnect(_session, callback) {
      connections += 1;
      callback();
    },
    onClose() {
      for (const heard of closed.splice(0)) heard();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
          secure: session.secure,
          user: session.user as string | undefined,
        });
        callback();
      });
    },
    ...options,
  });
  server.on('error', () => {});
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    target: { host: '127.0.0.1', port, secure: false } satisfies SmtpTarget,
    received,
    connections: () => connections,
    /** Settles when the server next sees a connection end. */
    nextClose: () => new Promise<void>((resolve) => closed.push(resolve)),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Runs `body` with a pool of `size` connections to `server`, then closes both. */
async function withPool(
  server: { target: SmtpTarget; close(): Promise<void> },
  size: number,
  body: (pool: SmtpPool) => Promise<void>,
) {
  const pool = createSmtpPool(server.target, size);
  try {
    await body(pool);
  } finally {
    pool.close();
    await server.close();
  }
}

const message = (n: number) =>
  Buffer.from(
    [
      `Subject: message ${n}`,
      'Content-Type: text/plain; charset=utf-8',
      '',
      `Body of ${n}.`,
      '.a line that starts with a dot',
      '..and one with two',
      '.',
      'last line',
      '',
    ].join('\r\n'),
  );

describe('the pipelined SMTP pool (bulk alert mail)', () => {
  it('delivers many messages byte for byte over at most its size of connections', async () => {
    const server = await startServer();
    await withPool(server, 3, async (pool) => {
      await Promise.all(
        Array.from({ length: 30 }, (_, n) =>
          pool.send('alerts@encore.test', [`fan${n}@example.com`], message(n)),
        ),
      );
      expect(server.received).toHaveLength(30);
      expect(server.connections()).toBeLessThanOrEqual(3);
      for (let n = 0; n < 30; n++) {
        const mail = server.received.find((m) => m.to[0] === `fan${n}@example.com`);
        expect(mail?.from).toBe('alerts@encore.test');
        // The server undoes the dot-stuffing: what arrives is what was composed.
        expect(mail?.raw).toBe(message(n).toString('utf8'));
      }
    });
  });

  it('speaks one command at a time to a server without PIPELINING', async () => {
    const server = await startServer({ hidePIPELINING: true });
    await withPool(server, 2, async (pool) => {
      await Promise.all(
        [1, 2, 3].map((n) => pool.send('a@encore.test', ['b@example.com'], message(n))),
      );
      expect(server.received.map((m) => m.raw).sort()).toEqual(
        [1, 2, 3].map((n) => message(n).toString('utf8')),
      );
    });
  });

  it.each([
    ['PIPELINING', {}],
    ['one command at a time', { hidePIPELINING: true }],
  ])(
    'a refused recipient fails with its code, without the address, and the connection goes on (%s)',
    async (_, options) => {
      const server = await startServer({
        ...options,
        onRcptTo(address, _session, callback) {
          if (!address.address.startsWith('gone')) return callback();
          callback(Object.assign(new Error('No such mailbox here'), { responseCode: 550 }));
        },
      });
      const pool = createSmtpPool(server.target, 1);
      try {
        const refused = await pool
          .send('a@encore.test', ['gone@example.com'], message(1))
          .catch((error: SmtpError) => error);
        expect(refused).toMatchObject({ code: 'EENVELOPE', responseCode: 550 });
        expect((refused as Error).message).toMatch(/^Recipient refused: 550 /);
        expect((refused as Error).message).not.toContain('gone@example.com');
        await pool.send('a@encore.test', ['here@example.com'], message(2));
        expect(server.received.map((m) => m.to)).toEqual([['here@example.com']]);
        expect(server.connections()).toBe(1);
      } finally {
        pool.close();
        await server.close();
      }
    },
  );

  it('a message refused after its content fails with that code (4xx: try later)', async () => {
    let refuse = true;
    const server = await startServer({
      onData(stream, _session, callback) {
        stream.resume();
        stream.on('end', () => {
          if (!refuse) return callback();
          refuse = false;
          callback(Object.assign(new Error('Greylisted, try later'), { responseCode: 451 }));
        });
      },
    });
    await withPool(server, 1, async (pool) => {
      const refused = await pool
        .send('a@encore.test', ['b@example.com'], message(1))
        .catch((error: SmtpError) => error);
      expect(refused).toMatchObject({ code: 'EMESSAGE', responseCode: 451 });
      await pool.send('a@encore.test', ['b@example.com'], message(2));
      expect(server.connections()).toBe(1);
    });
  });

  it('speaks TLS (STARTTLS, or smtps from the first byte) and logs in (PLAIN, or LOGIN when that is all it offers)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'smtp-tls-'));
    try {
      execFileSync(
        'openssl',
        [
          ...['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1'],
          ...['-nodes', '-keyout', join(dir, 'key.pem'), '-out', join(dir, 'cert.pem')],
          ...['-days', '1', '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1'],
        ],
        { stdio: 'ignore' },
      );
      const key = readFileSync(join(dir, 'key.pem'));
      const cert = readFileSync(join(dir, 'cert.pem'));
      // STARTTLS with either login, and TLS from the first byte (smtps://).
      const cases = [
        { authMethods: ['PLAIN', 'LOGIN'], secure: false },
        { authMethods: ['LOGIN'], secure: false },
        { authMethods: ['PLAIN'], secure: true },
      ];
      for (const { authMethods, secure } of cases) {
        const server = await startServer({
          key,
          cert,
          secure,
          disabledCommands: [],
          authMethods,
          authOptional: false,
          onAuth(auth, _session, callback) {
            if (auth.username === 'mailer' && auth.password === 'p@ss word') {
              return callback(null, { user: auth.username });
            }
            callback(new Error('Invalid login'));
          },
        });
        const target = {
          ...server.target,
          secure,
          auth: { user: 'mailer', pass: 'p@ss word' },
          tls: { ca: cert },
        };
        const pool = createSmtpPool(target, 1);
        try {
          await pool.send('a@encore.test', ['b@example.com'], message(1));
          expect(server.received).toMatchObject([{ secure: true, user: 'mailer' }]);
          const wrong = createSmtpPool({ ...target, auth: { user: 'mailer', pass: 'no' } }, 1);
          await expect(
            wrong.send('a@encore.test', ['b@example.com'], message(2)),
          ).rejects.toMatchObject({
            code: 'EAUTH',
            // Retried, not failed for good: the login is the operator's to fix, not the message.
            responseCode: undefined,
            message: expect.stringMatching(/^AUTH: 535 /),
          });
          wrong.close();
        } finally {
          pool.close();
          await server.close();
        }
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('a connection the server closed while idle is replaced: the next message still goes', async () => {
    // The server's idle timeout: a 421, then it hangs up, as mail servers do after a quiet spell.
    const server = await startServer({ socketTimeout: 300 });
    await withPool(server, 1, async (pool) => {
      const gone = server.nextClose();
      await pool.send('a@encore.test', ['b@example.com'], message(1));
      await gone;
      await pool.send('a@encore.test', ['c@example.com'], message(2));
      expect(server.received.map((m) => m.to[0])).toEqual(['b@example.com', 'c@example.com']);
      expect(server.connections()).toBe(2);
    });
  });
});

describe('the bulk mail sender (smtp-email-sender.ts)', () => {
  it.each([
    ['a plain smtp:// URL (our pipelined pool)', ''],
    ["a URL with options (nodemailer's pool, which reads them)", '/?pool=true'],
  ])('sends composed mail over %s', async (_, options) => {
    const server = await startServer();
    const url = `smtp://${server.target.host}:${server.target.port}${options}`;
    const sender = createSmtpEmailSender(url, 'Encore <alerts@encore.test>', { pool: 2 });
    try {
      await sender.send({
        to: 'fan@example.com',
        subject: 'Night Static announced a show',
        text: 'See you there.\n.\n',
        messageId: '<alert-1@encore.test>',
      });
      expect(server.received).toHaveLength(1);
      expect(server.received[0]?.to).toEqual(['fan@example.com']);
      expect(server.received[0]?.raw).toContain('Message-ID: <alert-1@encore.test>');
    } finally {
      await sender.close();
      await server.close();
    }
  });
});

describe('the pipelined SMTP pool against a broken server', () => {
  let silent: Server;
  let port: number;
  const sockets: Socket[] = [];
  let mode: 'silent' | 'hang-up-after-data' = 'silent';

  beforeAll(async () => {
    // A raw TCP server playing what smtp-server will not: silence, and a hang-up mid-message.
    silent = createServer((socket) => {
      sockets.push(socket);
      socket.on('error', () => {});
      if (mode === 'silent') return;
      socket.write('220 test ESMTP\r\n');
      socket.on('data', (chunk: Buffer) => {
        const text = chunk.toString();
        if (text.startsWith('EHLO')) socket.write('250-test\r\n250 PIPELINING\r\n');
        else if (text.startsWith('MAIL')) socket.write('250 ok\r\n250 ok\r\n354 go on\r\n');
        else socket.destroy();
      });
    });
    port = await freePort();
    await new Promise<void>((resolve) => silent.listen(port, '127.0.0.1', resolve));
  });
  afterAll(async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise<void>((resolve) => silent.close(() => resolve()));
  });

  it('a server that never answers times out, without a response code (retried later)', async () => {
    mode = 'silent';
    const pool = createSmtpPool({ host: '127.0.0.1', port, secure: false, timeoutMs: 200 }, 1);
    await expect(pool.send('a@encore.test', ['b@example.com'], message(1))).rejects.toMatchObject({
      code: 'ETIMEDOUT',
      responseCode: undefined,
    });
    pool.close();
  });

  it('a server that hangs up after the content fails the message as a connection failure', async () => {
    mode = 'hang-up-after-data';
    const pool = createSmtpPool({ host: '127.0.0.1', port, secure: false }, 1);
    await expect(pool.send('a@encore.test', ['b@example.com'], message(1))).rejects.toMatchObject({
      code: 'ECONNECTION',
      responseCode: undefined,
    });
    pool.close();
  });
});

/**
 * A scripted SMTP server on a raw socket, for what smtp-server will not play: it answers pipelined
 * commands in order and keeps what each connection delivered; `hangUpOn(n, 'content')` makes its
 * connection n hang up when the next content arrives, `hangUpOn(n, 'mail')` when the next MAIL
 * does (a server closing an idle connection as our envelope crosses its goodbye).
 */
async function startScriptedServer() {
  const delivered: string[][] = [];
  const hangUps = new Map<number, 'content' | 'mail'>();
  let connections = 0;
  const sockets: Socket[] = [];
  const server = createServer((socket) => {
    const index = connections++;
    const mine: string[] = [];
    delivered.push(mine);
    sockets.push(socket);
    socket.on('error', () => {});
    socket.write('220 scripted ESMTP\r\n');
    let buffer = '';
    let inData = false;
    let content = '';
    socket.on('data', (chunk: Buffer) => {
      buffer += chunk.toString('latin1');
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end < 0) return;
          if (hangUps.get(index) === 'content') {
            socket.destroy();
            return;
          }
          content = buffer.slice(0, end);
          buffer = buffer.slice(end + 5);
          inData = false;
          mine.push(content);
          socket.write('250 queued\r\n');
          continue;
        }
        const end = buffer.indexOf('\r\n');
        if (end < 0) return;
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (line.startsWith('MAIL') && hangUps.get(index) === 'mail') {
          socket.destroy();
          return;
        }
        if (line.startsWith('EHLO')) socket.write('250-scripted\r\n250 PIPELINING\r\n');
        else if (line === 'DATA') {
          inData = true;
          socket.write('354 go on\r\n');
        } else if (line === 'QUIT') socket.end('221 bye\r\n');
        else socket.write('250 ok\r\n');
      }
    });
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    target: { host: '127.0.0.1', port, secure: false } satisfies SmtpTarget,
    /** Each connection's delivered contents, by connection. */
    delivered,
    hangUpOn: (connection: number, when: 'content' | 'mail') => hangUps.set(connection, when),
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

describe('messages in turn on one connection', () => {
  it('refusals of one message do not touch the next, on the same connection', async () => {
    const server = await startServer({
      onRcptTo(address, _session, callback) {
        if (!address.address.startsWith('gone')) return callback();
        callback(Object.assign(new Error('No such mailbox here'), { responseCode: 550 }));
      },
    });
    await withPool(server, 1, async (pool) => {
      const outcomes = await Promise.allSettled([
        pool.send('a@encore.test', ['gone@example.com'], message(1)),
        pool.send('a@encore.test', ['b@example.com'], message(2)),
        pool.send('a@encore.test', ['gone2@example.com'], message(3)),
        pool.send('a@encore.test', ['c@example.com'], message(4)),
      ]);
      expect(outcomes.map((o) => o.status)).toEqual([
        'rejected',
        'fulfilled',
        'rejected',
        'fulfilled',
      ]);
      expect(server.received.map((m) => m.to[0])).toEqual(['b@example.com', 'c@example.com']);
      expect(server.received.map((m) => m.raw)).toEqual([2, 4].map((n) => message(n).toString()));
      expect(server.connections()).toBe(1);
    });
  });

  it('a connection lost under a message: that one fails (its fate unknown), the next one waiting goes on a new connection', async () => {
    const server = await startScriptedServer();
    await withPool(server, 1, async (pool) => {
      await pool.send('a@encore.test', ['b@example.com'], message(0));
      server.hangUpOn(0, 'content');
      const outcomes = await Promise.allSettled([
        pool.send('a@encore.test', ['b@example.com'], message(1)),
        pool.send('a@encore.test', ['b@example.com'], message(2)),
      ]);
      // Its content was on the wire: left to the sender's retry (no response code).
      expect(outcomes[0]).toMatchObject({
        status: 'rejected',
        reason: { code: 'ECONNECTION', responseCode: undefined },
      });
      expect(outcomes[1]?.status).toBe('fulfilled');
      expect(contentsByConnection(server.delivered)).toEqual([['0'], ['2']]);
    });
  });

  it('a server that hangs up as our envelope arrives on a kept connection: the message goes again at once, once', async () => {
    const server = await startScriptedServer();
    await withPool(server, 1, async (pool) => {
      await pool.send('a@encore.test', ['b@example.com'], message(0));
      server.hangUpOn(0, 'mail');
      await pool.send('a@encore.test', ['b@example.com'], message(1));
      expect(contentsByConnection(server.delivered)).toEqual([['0'], ['1']]);
      // A connection opened for the message and lost the same way is not tried again at once.
      server.hangUpOn(1, 'mail');
      server.hangUpOn(2, 'mail');
      await expect(pool.send('a@encore.test', ['b@example.com'], message(2))).rejects.toMatchObject(
        { code: 'ECONNECTION', unanswered: true },
      );
      expect(contentsByConnection(server.delivered)).toEqual([['0'], ['1'], []]);
    });
  });
});

/** Which messages (by number) each connection delivered. */
const contentsByConnection = (delivered: string[][]) =>
  delivered.map((contents) => contents.map((c) => /message (\d)/.exec(c)?.[1]));

/** The rule byte by byte, as plainly as it can be written: what withDataEnd must equal. */
function dataEndByBytes(raw: Buffer): Buffer {
  const out: number[] = [];
  raw.forEach((byte, i) => {
    if (byte === 0x0a && raw[i - 1] !== 0x0d) out.push(0x0d);
    if (byte === 0x2e && (i === 0 || raw[i - 1] === 0x0a)) out.push(0x2e);
    out.push(byte);
  });
  const endsInLine = raw.length === 0 || raw[raw.length - 1] === 0x0a;
  return Buffer.concat([Buffer.from(out), Buffer.from(endsInLine ? '.\r\n' : '\r\n.\r\n')]);
}

describe('withDataEnd (RFC 5321 §4.5.2)', () => {
  it('equals the byte-by-byte rule on 20,000 random short texts of dots and line ends', () => {
    let seed = 29;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const pieces = ['a', '.', '\r', '\n', '\r\n', '=', ' '];
    for (let t = 0; t < 20_000; t++) {
      let text = '';
      for (let n = Math.floor(random() * 12); n > 0; n--) {
        text += pieces[Math.floor(random() * pieces.length)];
      }
      const raw = Buffer.from(text);
      expect(withDataEnd(raw).toString('latin1'), JSON.stringify(text)).toBe(
        dataEndByBytes(raw).toString('latin1'),
      );
    }
  });

  it('doubles a leading dot, turns a lone LF into CRLF and ends the data', () => {
    expect(withDataEnd(Buffer.from('a\r\n.b\r\n')).toString()).toBe('a\r\n..b\r\n.\r\n');
    expect(withDataEnd(Buffer.from('.x\ny')).toString()).toBe('..x\r\ny\r\n.\r\n');
    expect(withDataEnd(Buffer.from('plain\r\n')).toString()).toBe('plain\r\n.\r\n');
  });
});
