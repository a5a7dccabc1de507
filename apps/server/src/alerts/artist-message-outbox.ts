import type { Orm } from '../db/client.ts';
import { createArtistMessageOutboxRepo } from '../repositories/alerts/artist-message-outbox.repo.ts';
import { artistMessageTitle, artistUrl } from '../texts/artist-message-text.ts';
import { type DispatchOutbox, deliveryKey, type SendOutcome } from './channel-sender.ts';
import type { RetryPolicy } from './outbox.ts';

/** One artist-message email handed to its sender. */
export type OutgoingArtistMessage = {
  /** deliveryKey('message:' + message id, fan, channel): the same on every attempt. */
  deliveryId: string;
  messageId: string;
  fanId: string;
  performerId: string;
  email: string;
  /** 'Message from Night Static'. */
  title: string;
  body: string;
  /** 'You watch Night Static'. */
  reason: string;
  artistUrl: string;
  attempts: number;
};

/**
 * The artist messages' outbox as a dispatch loop sees it (dispatch-loop.ts): claimed in leased
 * batches, outcomes recorded as the alert outbox's are (outbox.ts: sent, failed for good, or
 * retried after min(base·2^attempts, max) or the provider's Retry-After; leases renewed).
 * Decision 045: a table of its own, since alert_deliveries' key names a show event.
 */
export function createArtistMessageOutbox(
  orm: Orm,
  publicUrl: string,
): DispatchOutbox<OutgoingArtistMessage> {
  const repo = createArtistMessageOutboxRepo(orm);
  return {
    // Artist messages are a handful of emails: they never wait for a big match.
    bigMatchWriting: async () => false,

    async claim(channel, limit, leaseMs) {
      if (channel !== 'email') return [];
      const rows = await repo.claimDue('email', limit, leaseMs);
      return rows.map((r) => ({
        deliveryId: deliveryKey(`message:${r.message_id}`, r.fan_id, 'email'),
        messageId: r.message_id,
        fanId: r.fan_id,
        performerId: r.performer_id,
        email: r.email,
        title: artistMessageTitle(r.artist_name),
        body: r.body,
        reason: r.reason,
        artistUrl: artistUrl(publicUrl, r.performer_id),
        attempts: r.attempts,
      }));
    },

    async finish(claimed, outcomes: SendOutcome[], policy: RetryPolicy, renew) {
      const byId = new Map(outcomes.map((o) => [o.deliveryId, o]));
      const columns = {
        events: [] as string[],
        fans: [] as string[],
        channels: [] as string[],
        statuses: [] as string[],
        errors: [] as (string | null)[],
        delays: [] as number[],
      };
      const add = (
        m: OutgoingArtistMessage,
        status: string,
        error: string | null,
        delay: number,
      ) => {
        columns.events.push(m.messageId);
        columns.fans.push(m.fanId);
        columns.channels.push('email');
        columns.statuses.push(status);
        columns.errors.push(error);
        columns.delays.push(delay);
      };
      for (const m of claimed) {
        const o = byId.get(m.deliveryId) ?? {
          deliveryId: m.deliveryId,
          status: 'retry' as const,
          error: 'the sender gave no outcome',
        };
        const delay =
          o.status === 'retry'
            ? (o.retryAfterMs ?? Math.min(policy.baseDelayMs * 2 ** m.attempts, policy.maxDelayMs))
            : 0;
        add(m, o.status, o.status === 'sent' ? null : o.error.slice(0, 1000), delay);
      }
      if (columns.events.length === 0) return;
      for (const m of renew?.alerts ?? []) add(m, 'lease', null, renew?.leaseMs ?? 0);
      await repo.recordOutcomes(columns);
    },
  };
}
