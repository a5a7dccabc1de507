import { createEmailSender } from '../../adapters/email/email-sender.ts';
import { createArtistMessageOutboxRepo } from '../../repositories/alerts/artist-message-outbox.repo.ts';
import type { OutgoingArtistMessage } from '../artist-message-outbox.ts';
import type { DispatchSender, SendOutcome } from '../channel-sender.ts';
import { artistMessageEmail } from './artist-message-email.ts';
import type { ChannelSenderDeps } from './channel-deps.ts';
import { alertMessageId, classifySmtpError } from './email-alert-sender.ts';
import { mapConcurrently } from './map-concurrently.ts';
import { unsubscribeLinks } from './unsubscribe-token.ts';

const SMTP_CONNECTIONS = 2;
const BATCH_SIZE = 100;

/**
 * Artist-message email through the mail adapter, as alert email goes (email-alert-sender.ts):
 * one message per delivery with a stable Message-ID, SMTP 5xx final and the rest retried. The
 * fan's artist-messages setting and mutes were read when the message was sent; they are read
 * again per batch, so an unsubscribe or a mute stops emails still waiting, and so do the reports
 * that hide a message from fans.
 */
export function createArtistMessageEmailSender({
  config,
  orm,
  log,
}: ChannelSenderDeps): DispatchSender<OutgoingArtistMessage> {
  const mailer = createEmailSender(config, log, { pool: SMTP_CONNECTIONS });
  const repo = createArtistMessageOutboxRepo(orm);
  const host = new URL(config.publicUrl).hostname;
  return {
    channel: 'email',
    batchSize: BATCH_SIZE,
    async send(messages, report) {
      const stopped = await repo.stopped(messages);
      return mapConcurrently(messages, SMTP_CONNECTIONS, async (message) => {
        const outcome: SendOutcome = stopped.has(message.deliveryId)
          ? {
              deliveryId: message.deliveryId,
              status: 'failed',
              error: 'artist messages off, muted or the message hidden by reports',
            }
          : await sendOne(message);
        await report?.(outcome);
        return outcome;
      });
    },
    close: () => mailer.close(),
  };

  async function sendOne(message: OutgoingArtistMessage): Promise<SendOutcome> {
    const links = unsubscribeLinks(config.publicUrl, config.authSecret, message.fanId, 'artists');
    const mail = artistMessageEmail(message, {
      unsubscribePage: links.page,
      unsubscribeApi: links.oneClick,
      messageId: alertMessageId(message.deliveryId, host),
    });
    try {
      await mailer.send(mail);
      return { deliveryId: message.deliveryId, status: 'sent' };
    } catch (error) {
      return { deliveryId: message.deliveryId, ...classifySmtpError(error) };
    }
  }
}
