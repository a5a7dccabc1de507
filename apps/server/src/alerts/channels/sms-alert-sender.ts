import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../../config.ts';
import type { Orm } from '../../db/client.ts';
import type { ChannelSender } from '../channel-sender.ts';

/** What the sms channel needs; the dispatcher builds one per process. */
export type SmsAlertSenderDeps = { config: AppConfig; orm: Orm; log: FastifyBaseLogger };

/** Placeholder so the dispatcher can be wired; the real sender follows. */
export function createSmsAlertSender(_deps: SmsAlertSenderDeps): ChannelSender {
  return {
    channel: 'sms',
    batchSize: 100,
    async send(alerts) {
      return alerts.map((a) => ({
        deliveryId: a.deliveryId,
        status: 'retry',
        error: 'not built yet',
      }));
    },
    async close() {},
  };
}
