import { type SmtpError, SmtpSession, type SmtpTarget, smtpError } from './smtp-session.ts';

export type SmtpPool = {
  /** Hands one composed message over; rejects with an SmtpError (smtp-session.ts). */
  send(from: string, to: string[], raw: Buffer): Promise<void>;
  /** QUITs idle connections now and busy ones when their messages are done. */
  close(): void;
};

/**
 * Messages a session holds at once: one being answered, the next pipelined behind it, so that its
 * envelope goes out with the content before it (smtp-session.ts).
 */
export const SESSION_DEPTH = 2;

/**
 * Up to `size` SMTP sessions, opened as messages need them and reused. A message goes to an idle
 * session, else to a new one while fewer than `size` are open, else behind the message of a
 * session that holds only one, else it waits. A session that failed is dropped and the next
 * message opens another, so a mail server that restarted costs the messages in flight a retry
 * (their senders' back-off), not the pool.
 */
export function createSmtpPool(target: SmtpTarget, size: number): SmtpPool {
  const sessions = new Set<SmtpSession>();
  const waiting: Array<(session: SmtpSession | undefined) => void> = [];
  let opening = 0;
  let closed = false;

  /** A session with room, or the promise of one; undefined: open a new one (counted). */
  const acquire = (): SmtpSession | Promise<SmtpSession | undefined> | undefined => {
    let least: SmtpSession | undefined;
    for (const session of sessions) {
      if (!least || session.inFlight < least.inFlight) least = session;
    }
    if (least && least.inFlight === 0) return least;
    if (sessions.size + opening < size) {
      opening += 1;
      return undefined;
    }
    if (least && least.inFlight < SESSION_DEPTH) return least;
    return new Promise((resolve) => waiting.push(resolve));
  };

  /** A waiting message gets the room a finished message or a dropped session left. */
  const wakeOne = () => {
    const next = waiting.shift();
    if (!next) return;
    const room = acquire();
    if (room instanceof Promise) {
      // Nothing free after all: back to the front of the queue.
      waiting.pop();
      waiting.unshift(next);
    } else {
      next(room);
    }
  };

  const opened = async (): Promise<SmtpSession> => {
    try {
      const session = await SmtpSession.open(target);
      sessions.add(session);
      session.onGone = () => {
        if (sessions.delete(session)) wakeOne();
      };
      return session;
    } catch (error) {
      wakeOne();
      throw error;
    } finally {
      opening -= 1;
    }
  };

  const sendOn = async (session: SmtpSession, from: string, to: string[], raw: Buffer) => {
    try {
      await session.send(from, to, raw);
    } finally {
      if (closed && session.inFlight === 0) session.quit();
      else if (session.usable) wakeOne();
    }
  };

  /** A session for this message: one with room, or a new one (`opened`), or the next one free. */
  const sessionFor = async (): Promise<{ session: SmtpSession; opened: boolean }> => {
    const room = await acquire();
    // Woken by close() rather than handed a session.
    if (!room && closed) throw smtpError('ECONNECTION', 'The mail pool is closed');
    return room ? { session: room, opened: false } : { session: await opened(), opened: true };
  };

  return {
    async send(from, to, raw) {
      if (closed) throw smtpError('ECONNECTION', 'The mail pool is closed');
      const first = await sessionFor();
      try {
        await sendOn(first.session, from, to, raw);
      } catch (error) {
        // A connection the server had closed while it idled (its 421 and close on their way), or
        // that failed with this message still queued: none of this message reached the server,
        // so it goes once more, on another connection.
        if (first.opened || !(error as SmtpError).unanswered || closed) throw error;
        await sendOn((await sessionFor()).session, from, to, raw);
      }
    },
    close() {
      closed = true;
      for (const session of sessions) if (session.inFlight === 0) session.quit();
      for (const next of waiting.splice(0)) next(undefined);
    },
  };
}
