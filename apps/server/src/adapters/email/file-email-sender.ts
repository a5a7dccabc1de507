import type { FastifyBaseLogger } from 'fastify';
import { writeJsonFile } from '../write-json-file.ts';
import type { EmailMessage, EmailSender } from './email-sender.ts';

/** The local default: each message becomes a JSON file a developer (or a test) can open. */
export function createFileEmailSender(
  dir: string,
  from: string,
  log: FastifyBaseLogger,
): EmailSender {
  return {
    async send(message: EmailMessage) {
      const headers: Record<string, string> = {
        From: from,
        To: message.to,
        ...message.headers,
      };
      if (message.replyTo) headers['Reply-To'] = message.replyTo;
      if (message.messageId) headers['Message-ID'] = message.messageId;
      const file = await writeJsonFile(dir, {
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html ?? null,
        headers,
        sentAt: new Date().toISOString(),
      });
      // The address stays in the file: logs carry no personal data.
      log.info({ file }, `mail written to file: ${message.subject}`);
    },
    async close() {},
  };
}
