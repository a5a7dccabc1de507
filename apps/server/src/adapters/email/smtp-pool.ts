import { type SmtpError, SmtpSession, type SmtpTarget, smtpError } from './smtp-session.ts';

export type SmtpPool = {
  /** Hands one composed message over; rejects with an SmtpError (smtp-session.ts). */
  send(from: string, to: string[], raw: Buffer): Promise<void>;
  /** QUITs idle connections now and busy ones when their message is done. */
  close(): void;
};

/**
 * Up to `size` SMTP sessions, opened as messages need them and reused, one message at a time
 * each. A message takes an idle session, else opens one while fewer than `size` are open, else
 * waits for one. A session that failed is dropped and the next message opens another, so a mail
 * server that restarted costs the messages in flight a retry (their senders' back-off), not the
 * pool.
 */
export function createSmtpPool(target: SmtpTarget, size: number): SmtpPool {
  const idle: SmtpSession[] = [];
  const waiting: Array<(session: SmtpSession | undefined) => void> = [];
  /** Sessions open or opening. */
  let open = 0;
  let closed = false;

  /** An idle session, taken; or undefined, to open one (counted); or the promise of either. */
  const acquire = (): SmtpSession | undefined | Promise<SmtpSession | undefined> => {
    for (let session = idle.pop(); session; session = idle.pop()) {
      if (session.usable) return session;
    }
    if (open < size) {
      open += 1;
      return undefined;
    }
    return new Promise((resolve) => waiting.push(resolve));
  };

  /** A session gone or never opened leaves room: the first waiting message opens one. */
  const roomLeft = () => {
    open -= 1;
    const next = waiting.shift();
    if (next) {
      open += 1;
      next(undefined);
    }
  };

  const release = (session: SmtpSession) => {
    if (closed) return session.quit();
    if (!session.usable) return;
    const next = waiting.shift();
    if (next) next(session);
    else idle.push(session);
  };

  const openSession = async (): Promise<SmtpSession> => {
    let session: SmtpSession;
    try {
      session = await SmtpSession.open(target);
    } catch (error) {
      roomLeft();
      throw error;
    }
    let gone = false;
    session.onGone = () => {
      if (gone) return;
      gone = true;
      const index = idle.indexOf(session);
      if (index >= 0) idle.splice(index, 1);
      roomLeft();
    };
    return session;
  };

  /** A session for this message, and whether it was opened for it. */
  const sessionFor = async (): Promise<{ session: SmtpSession; opened: boolean }> => {
    const taken = await acquire();
    // Woken by close() rather than handed a session.
    if (!taken && closed) throw smtpError('ECONNECTION', 'The mail pool is closed');
    return taken
      ? { session: taken, opened: false }
      : { session: await openSession(), opened: true };
  };

  const sendOn = async (session: SmtpSession, from: string, to: string[], raw: Buffer) => {
    try {
      await session.send(from, to, raw);
    } finally {
      release(session);
    }
  };

  return {
    async send(from, to, raw) {
      if (closed) throw smtpError('ECONNECTION', 'The mail pool is closed');
      const first = await sessionFor();
      try {
        await sendOn(first.session, from, to, raw);
      } catch (error) {
        // A connection the server had closed while it idled (its goodbye crossing our envelope):
        // none of this message reached the server, so it goes once more, on another connection.
        if (first.opened || !(error as SmtpError).unanswered || closed) throw error;
        await sendOn((await sessionFor()).session, from, to, raw);
      }
    },
    close() {
      closed = true;
      for (const session of idle.splice(0)) session.quit();
      for (const next of waiting.splice(0)) next(undefined);
    },
  };
}
