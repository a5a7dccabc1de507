import { createEmailSender } from '../../adapters/email/email-sender.ts';
import { createEmailOptOutRepo } from '../../repositories/email-opt-out.repo.ts';
import type { ChannelSender, OutgoingAlert, SendOutcome } from '../channel-sender.ts';
import { alertEmail } from './alert-email.ts';
import type { ChannelSenderDeps } from './channel-deps.ts';
import { unsubscribeToken } from './unsubscribe-token.ts';

/** Open SMTP connections; a batch is sent over all of them at once. */
const SMTP_CONNECTIONS = 10;
const BATCH_SIZE = 200;

/**
 * Alert email through the mail adapter (SMTP_URL, else JSON files under DATA_DIR/mail): one
 * message per alert, the whole batch in flight at once over a connection pool. The email toggle
 * was checked when the delivery was matched; it is checked again per batch (one query) so that an
 * unsubscribe takes effect for alerts still waiting in the outbox.
 */
export function createEmailAlertSender({ config, orm, log }: ChannelSenderDeps): ChannelSender {
  const mailer = createEmailSender(config, log, { pool: SMTP_CONNECTIONS });
  const optOuts = createEmailOptOutRepo(orm);
  const base = config.publicUrl.replace(/\/+$/, '');
  return {
    channel: 'email',
    batchSize: BATCH_SIZE,
    async send(alerts) {
      const off = await optOuts.emailOff(alerts.map((a) => a.fanId));
      return Promise.all(
        alerts.map((alert): Promise<SendOutcome> | SendOutcome =>
          off.has(alert.fanId)
            ? { deliveryId: alert.deliveryId, status: 'failed', error: 'unsubscribed from email' }
            : sendOne(alert),
        ),
      );
    },
    close: () => mailer.close(),
  };

  async function sendOne(alert: OutgoingAlert): Promise<SendOutcome> {
    const token = unsubscribeToken(config.authSecret, alert.fanId);
    const message = alertEmail(alert, {
      unsubscribePage: `${base}/unsubscribe?token=${encodeURIComponent(token)}`,
      unsubscribeApi: `${base}/api/unsubscribe/${encodeURIComponent(token)}`,
    });
    try {
      await mailer.send(message);
      return { deliveryId: alert.deliveryId, status: 'sent' };
    } catch (error) {
      return { deliveryId: alert.deliveryId, ...classifySmtpError(error) };
    }
  }
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
