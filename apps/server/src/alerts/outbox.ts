import type { Orm } from '../db/client.ts';
import { homeTimeZone } from '../domain/home-time-zone.ts';
import { alertFactsOf } from '../repositories/alert-facts.repo.ts';
import { createOutboxRepo } from '../repositories/alerts/outbox.repo.ts';
import { zipState } from '../repositories/alerts/zip-state.repo.ts';
import {
  alertBody,
  alertsUrl,
  alertTitle,
  digestBody,
  digestTitle,
  showUrl,
} from '../texts/alert-text.ts';
import {
  deliveryKey,
  type OutboundChannel,
  type OutgoingAlert,
  type SendOutcome,
} from './channel-sender.ts';
import { readDigestItems } from './digest-items.ts';

export type RetryPolicy = { baseDelayMs: number; maxDelayMs: number };

/** The outbox as the dispatcher sees it: claim a batch, record what became of it. */
export function createOutbox(orm: Orm, publicUrl: string) {
  const repo = createOutboxRepo(orm);
  return {
    /**
     * Whether a matcher is writing a big audience (repositories/alerts/match-locks.repo.ts); dispatch
     * waits for it.
     */
    bigMatchWriting: (): Promise<boolean> => repo.bigMatchWriting(),

    /**
     * Claims up to `limit` due rows of a channel and leases them: their next_attempt_at moves
     * `leaseMs` ahead, so no other worker takes them meanwhile, and a worker that dies with them
     * simply lets the lease run out. One statement, so the row locks last milliseconds. Rows
     * held for the digest or carried by another are never claimed; a carrier comes with the
     * shows it carries (one more query for the batch, only when it holds a carrier).
     */
    async claim(
      channel: OutboundChannel,
      limit: number,
      leaseMs: number,
    ): Promise<OutgoingAlert[]> {
      const rows = await repo.claimDue(channel, limit, leaseMs);
      const carried = await readDigestItems(
        repo,
        publicUrl,
        channel,
        rows.filter((r) => r.carrier),
      );
      // A batch is mostly one event's rows: its texts are composed once per event (its payload
      // shapes them) and fan's zone, not once per fan (the date formatting was ~5 µs of every
      // message's CPU), and the fans of one show live in a few zones.
      const texts = new Map<string, { title: string; body: string; showUrl: string }>();
      const textsOf = (r: (typeof rows)[number], zone: string | null) => {
        const key = `${r.show_event_id}\n${zone}`;
        let found = texts.get(key);
        if (!found) {
          const facts = alertFactsOf(r);
          found = {
            title: alertTitle(facts),
            body: alertBody(facts, new Date(), zone),
            showUrl: showUrl(publicUrl, r.show_id),
          };
          texts.set(key, found);
        }
        return found;
      };
      return rows.map((r): OutgoingAlert => {
        // The fan's zone enters here, as the message is sent, from the home their profile has
        // now (read with the claim, no query of its own): the show's facts are those its event
        // kept, and once sent the message stays as it went (the product rule: an alert is a message).
        const { title, body, showUrl } = textsOf(r, homeTimeZone(r.zip_code));
        const alert: OutgoingAlert = {
          deliveryId: deliveryKey(r.show_event_id, r.fan_id, channel),
          showEventId: r.show_event_id,
          fanId: r.fan_id,
          channel,
          email: r.email,
          phone: r.phone,
          kind: r.kind,
          title,
          body,
          reason: r.reason,
          showId: r.show_id,
          showUrl,
          attempts: r.attempts,
        };
        const items = carried.get(alert.deliveryId) ?? [];
        // A carrier left with only its own show (the others' fan or show deleted) is one alert.
        if (items.length < 2) return alert;
        const state = r.zip_code ? zipState(r.zip_code) : undefined;
        const home = r.home_city ? [r.home_city, state].filter(Boolean).join(', ') : null;
        return {
          ...alert,
          title: digestTitle(items.length, home),
          body: digestBody(items),
          digest: { items, url: alertsUrl(publicUrl) },
        };
      });
    },

    /**
     * Records outcomes of claimed alerts (a group of a batch, as they complete) in one UPDATE:
     * sent (sent_at), failed for good (last_error), or retried after min(base·2^attempts, max) —
     * or the provider's Retry-After when it gave one. Only pending rows change: a row recorded
     * sent or failed stays so, even when a write is retried after its first try did commit.
     * `renew` extends the lease of the batch's rows still in hand in the same statement, so a
     * batch that makes progress is never taken away from a worker that is still sending it.
     * A digest's carried rows take their carrier's final state, attempts and error in the same
     * statement: they were in its message.
     */
    async finish(
      claimed: OutgoingAlert[],
      outcomes: SendOutcome[],
      policy: RetryPolicy,
      renew: { alerts: readonly OutgoingAlert[]; leaseMs: number } = { alerts: [], leaseMs: 0 },
    ): Promise<void> {
      const byId = new Map(outcomes.map((o) => [o.deliveryId, o]));
      const events: string[] = [];
      const fans: string[] = [];
      const channels: string[] = [];
      const statuses: string[] = [];
      const errors: (string | null)[] = [];
      const delays: number[] = [];
      for (const alert of claimed) {
        // A sender that forgot an alert is a bug to retry, not a reason to lose the alert.
        const outcome = byId.get(alert.deliveryId) ?? {
          deliveryId: alert.deliveryId,
          status: 'retry' as const,
          error: 'the sender gave no outcome',
        };
        events.push(alert.showEventId);
        fans.push(alert.fanId);
        channels.push(alert.channel);
        statuses.push(outcome.status);
        errors.push(outcome.status === 'sent' ? null : outcome.error.slice(0, 1000));
        delays.push(
          outcome.status === 'retry'
            ? (outcome.retryAfterMs ??
                Math.min(policy.baseDelayMs * 2 ** alert.attempts, policy.maxDelayMs))
            : 0,
        );
      }
      if (events.length === 0) return;
      for (const alert of renew.alerts) {
        events.push(alert.showEventId);
        fans.push(alert.fanId);
        channels.push(alert.channel);
        statuses.push('lease');
        errors.push(null);
        delays.push(renew.leaseMs);
      }
      await repo.recordOutcomes({ events, fans, channels, statuses, errors, delays });
    },
  };
}

export type Outbox = ReturnType<typeof createOutbox>;
