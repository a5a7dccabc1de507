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
  /** Extra headers, e.g. List-Unsubscribe on alert emails. */
  headers?: Record<string, string>;
  /**
   * The Message-ID, '<local@host>'; generated when absent. Alert emails set one per delivery so
   * a re-sent copy carries the same id and mail clients show it once.
   */
  messageId?: string;
};

/** Sends one message from MAIL_FROM; rejects when the message was not handed over. */
export type EmailSender = {
  send(message: EmailMessage): Promise<void>;
  close(): Promise<void>;
};

/**
 * SMTP when SMTP_URL is set; otherwise JSON files under DATA_DIR/mail, so mail works offline.
 * `pool` (SMTP only) keeps that many connections open for bulk sending.
 */
export function createEmailSender(
  config: AppConfig,
  log: FastifyBaseLogger,
  options: { pool?: number } = {},
): EmailSender {
  const { smtpUrl, from } = config.mail;
  return smtpUrl
    ? createSmtpEmailSender(smtpUrl, from, {
        ...options,
        messageIdHost: new URL(config.publicUrl).hostname,
      })
    : createFileEmailSender(`${config.dataDir}/mail`, from, log);
}
