import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../../config.ts';
import { createFileEmailSender } from './file-email-sender.ts';
import { createSmtpEmailSender } from './smtp-email-sender.ts';

export type EmailMessage = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  replyTo?: string;
};

/** Sends one message from MAIL_FROM; rejects when the message was not handed over. */
export type EmailSender = {
  send(message: EmailMessage): Promise<void>;
  close(): Promise<void>;
};

/** SMTP when SMTP_URL is set; otherwise JSON files under DATA_DIR/mail, so mail works offline. */
export function createEmailSender(config: AppConfig, log: FastifyBaseLogger): EmailSender {
  const { smtpUrl, from } = config.mail;
  return smtpUrl
    ? createSmtpEmailSender(smtpUrl, from)
    : createFileEmailSender(`${config.dataDir}/mail`, from, log);
}
