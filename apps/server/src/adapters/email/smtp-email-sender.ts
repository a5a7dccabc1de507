import nodemailer from 'nodemailer';
import type { EmailMessage, EmailSender } from './email-sender.ts';

/** Bounded so that a stuck mail server delays a request by seconds, not minutes. */
const TIMEOUT_MS = 15_000;

export function createSmtpEmailSender(smtpUrl: string, from: string): EmailSender {
  const transport = nodemailer.createTransport({
    url: smtpUrl,
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
