import { createEmailSender } from '../../adapters/email/email-sender.ts';
import { createEmailOptOutRepo } from '../../repositories/email-opt-out.repo.ts';
import type { ChannelSender, OutgoingAlert, SendOutcome } from '../channel-sender.ts';
import { alertEmail } from './alert-email.ts';
import type { ChannelSenderDeps } from './channel-deps.ts';
import { digestEmail } from './digest-email.ts';
import { mapConcurrently } from './map-concurrently.ts';
import { unsubscribeLinks } from './unsubscribe-token.ts';

/** Open SMTP connections; a batch is sent over all of them at once. */
const SMTP_CONNECTIONS = 10;
export const EMAIL_BATCH_SIZE = 200;

/**
 * Alert email through the mail adapter (SMTP_URL, else JSON files under DATA_DIR/mail): one
 * message per alert (a released digest is one message listing its shows), one per pooled
 * connection in flight, each outcome reported as it completes.
 * Each carries the Message-ID `<alert-{delivery key}@{PUBLIC_URL host}>`, so a copy re-sent after a
 * crash is the same message to mail clients. The email toggle was checked when the delivery was
 * matched; it is checked again per batch (one query) so that an unsubscribe takes effect for
 * alerts still waiting in the outbox.
 */
export function createEmailAlertSender({ config, orm, log }: ChannelSenderDeps): ChannelSender {
  const mailer = createEmailSender(config, log, { pool: SMTP_CONNECTIONS });
  const optOuts = createEmailOptOutRepo(orm);
  const host = new URL(config.publicUrl).hostname;
  return {
    channel: 'email',
    batchSize: EMAIL_BATCH_SIZE,
    async send(alerts, report) {
      const off = await optOuts.emailOff(alerts.map((a) => a.fanId));
      return mapConcurrently(alerts, SMTP_CONNECTIONS, async (alert) => {
        const outcome: SendOutcome = off.has(alert.fanId)
          ? { deliveryId: alert.deliveryId, status: 'failed', error: 'unsubscribed from email' }
          : await sendOne(alert);
        await report?.(outcome);
        return outcome;
      });
    },
    close: () => mailer.close(),
  };

  async function sendOne(alert: OutgoingAlert): Promise<SendOutcome> {
    const links = unsubscribeLinks(config.publicUrl, config.authSecret, alert.fanId, 'alerts');
    const parts = {
      unsubscribePage: links.page,
      unsubscribeApi: links.oneClick,
      messageId: alertMessageId(alert.deliveryId, host),
    };
    const message = alert.digest
      ? digestEmail(alert, alert.digest, parts)
      : alertEmail(alert, parts);
    try {
      await mailer.send(message);
      return { deliveryId: alert.deliveryId, status: 'sent' };
    } catch (error) {
      return { deliveryId: alert.deliveryId, ...classifySmtpError(error) };
    }
  }
}

/** One Message-ID per delivery, whatever the attempt. */
export function alertMessageId(deliveryId: string, host: string): string {
  return `<alert-${deliveryId}@${host}>`;
}

/**
 * A 5xx reply (mailbox unknown, rejected) is final; a 4xx (greylisting, mailbox busy) and any
 * connection failure or timeout pass, so they are retried after a back-off.
 */
export function classifySmtpError(
  error: unknown,
): { status: 'failed'; error: string } | { status: 'retry'; error: string } {
  const { responseCode, message } = error as { responseCode?: number; message?: string };
  const text = (message ?? String(error)).slice(0, 500);
  if (typeof responseCode === 'number' && responseCode >= 500 && responseCode < 600) {
    return { status: 'failed', error: text };
  }
  return { status: 'retry', error: text };
}
