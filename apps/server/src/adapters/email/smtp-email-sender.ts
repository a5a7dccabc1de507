import nodemailer from 'nodemailer';
import type { EmailMessage, EmailSender } from './email-sender.ts';

/** Bounded so that a stuck mail server delays a request by seconds, not minutes. */
const TIMEOUT_MS = 15_000;

/**
 * `pool` keeps that many SMTP connections open and reuses them: what bulk senders (alert email)
 * need; one-off mail (verification links) opens a connection per message.
 */
export function createSmtpEmailSender(
  smtpUrl: string,
  from: string,
  options: { pool?: number } = {},
): EmailSender {
  const transport = nodemailer.createTransport({
    url: smtpUrl,
    ...(options.pool ? { pool: true, maxConnections: options.pool, maxMessages: Infinity } : {}),
    connectionTimeout: TIMEOUT_MS,
    greetingTimeout: TIMEOUT_MS,
    socketTimeout: TIMEOUT_MS,
  });
  return {
    async send(message: EmailMessage) {
      await transport.sendMail({ from, ...message });
    },
    async close() {
      transport.close();
    },
  };
}
