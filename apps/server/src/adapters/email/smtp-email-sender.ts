import nodemailer from 'nodemailer';
import { composeMail, newMessageId } from './compose-mail.ts';
import type { EmailMessage, EmailSender } from './email-sender.ts';
import { createSmtpPool, type SmtpPool } from './smtp-pool.ts';
import { type SmtpTarget, SMTP_TIMEOUT_MS as TIMEOUT_MS } from './smtp-session.ts';

/**
 * `pool` keeps that many SMTP connections open and reuses them: what bulk senders (alert email)
 * need; one-off mail (verification links) opens a connection per message.
 */
export function createSmtpEmailSender(
  smtpUrl: string,
  from: string,
  options: { pool?: number; messageIdHost?: string } = {},
): EmailSender {
  // Every Message-ID Encore makes names one domain: PUBLIC_URL's host (createEmailSender passes it),
  // the alert emails' own ids' too; else the sender's.
  const host = options.messageIdHost ?? /@([^>\s]+)/.exec(from)?.[1] ?? 'encore.local';
  // Bulk mail to a plain smtp(s):// URL: composed, then sent over our own sessions (decision 057).
  const pipelined = options.pool ? pipelinedPool(smtpUrl, options.pool) : undefined;
  if (pipelined) {
    return {
      async send(message: EmailMessage) {
        const { raw, envelope } = composeMail(from, message, host);
        await pipelined.send(envelope.from, envelope.to, raw);
      },
      async close() {
        pipelined.close();
      },
    };
  }
  const transport = nodemailer.createTransport({
    url: smtpUrl,
    ...(options.pool ? { pool: true, maxConnections: options.pool, maxMessages: Infinity } : {}),
    connectionTimeout: TIMEOUT_MS,
    greetingTimeout: TIMEOUT_MS,
    socketTimeout: TIMEOUT_MS,
  });
  return {
    async send(message: EmailMessage) {
      if (!options.pool) {
        await transport.sendMail({
          from,
          ...message,
          messageId: message.messageId ?? newMessageId(host),
        });
        return;
      }
      // Bulk mail is composed into one buffer first and handed over raw: streamed by the
      // transport, a message went out as dozens of small socket writes, each a system call
      // (~140 µs of ~680 µs of CPU per alert email in bench:dispatch; 1,472 -> 1,848/s); and
      // composed by compose-mail.ts rather than nodemailer's MailComposer (~240 -> ~25 µs).
      const { raw, envelope, messageId } = composeMail(from, message, host);
      // The Message-ID given again: nodemailer otherwise draws random bytes to make one for its
      // own bookkeeping (the raw message keeps ours).
      await transport.sendMail({ envelope, raw, messageId });
    },
    async close() {
      transport.close();
    },
  };
}

/**
 * Bulk mail over our own pipelined sessions (smtp-session.ts) when SMTP_URL is a plain
 * `smtp://` or `smtps://` address; a URL with options (`?…`, nodemailer's settings) keeps
 * nodemailer's pool, which understands them.
 */
function pipelinedPool(smtpUrl: string, size: number): SmtpPool | undefined {
  const url = new URL(smtpUrl);
  if ((url.protocol !== 'smtp:' && url.protocol !== 'smtps:') || url.search) return undefined;
  const secure = url.protocol === 'smtps:';
  const target: SmtpTarget = {
    host: url.hostname.replace(/^\[(.*)\]$/, '$1'),
    port: url.port ? Number(url.port) : secure ? 465 : 587,
    secure,
    ...(url.username && {
      auth: { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) },
    }),
  };
  return createSmtpPool(target, size);
}
