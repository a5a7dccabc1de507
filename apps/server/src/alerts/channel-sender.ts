import { createHash } from 'node:crypto';
import type { TAlertChannel, TShowEventKind } from '@encore/contract';

/**
 * The channels that leave Encore: the contract's alert channels (in-app alerts are rows the
 * notification centre reads).
 */
export type OutboundChannel = TAlertChannel;

/**
 * One delivery handed to a channel sender by the dispatcher: who gets it, what it says, why it
 * came, and where the show is. The texts are composed once (texts/alert-text.ts) for all channels.
 */
export type OutgoingAlert = {
  /** The delivery's key (deliveryKey): the same on every attempt. */
  deliveryId: string;
  /** With fanId and channel, the outbox row's key. */
  showEventId: string;
  fanId: string;
  channel: OutboundChannel;
  /** The fan's account email. */
  email: string;
  /** The fan's profile phone as stored, '(212) 555-0142'; null without a profile. */
  phone: string | null;
  kind: TShowEventKind;
  /** 'Night Static announced a show'. */
  title: string;
  /** 'Sat, Jun 14, 8:00 PM · The Lantern, Chicago, IL'. */
  body: string;
  /** 'You watch Night Static'. */
  reason: string;
  showId: string;
  /** Absolute URL of the public show page. */
  showUrl: string;
  /** Attempts made before this one. */
  attempts: number;
  /**
   * Set when this delivery carries a released daily digest (alerts/digest.ts): then `title` and
   * `body` are the digest's ('3 new shows near Brooklyn, NY'), and the message lists `items` —
   * this delivery's own show among them — and links to `url`, the fan's alerts page. The
   * outcome recorded for this delivery is every item's.
   */
  digest?: { items: DigestItem[]; url: string };
};

/** One show in a digest, its texts composed as for a single alert. */
export type DigestItem = {
  deliveryId: string;
  /** 'Night Static announced a show'. */
  title: string;
  /** 'Sat, Jun 14, 8:00 PM · The Lantern, Chicago, IL'. */
  body: string;
  /** 'Rock within 25 mi of Brooklyn, NY'. */
  reason: string;
  artist: string;
  /** 'Jun 14', the venue's local date. */
  day: string;
  showId: string;
  showUrl: string;
};

/**
 * What became of one alert. `retry` is a passing failure (429, 5xx, timeout): the dispatcher tries
 * again after an exponential back-off (or `retryAfterMs` when the provider said). `failed` is for
 * good (invalid address, opted out, subscription gone): kept with its reason, never retried.
 */
export type SendOutcome =
  | { deliveryId: string; status: 'sent' }
  | { deliveryId: string; status: 'retry'; error: string; retryAfterMs?: number }
  | { deliveryId: string; status: 'failed'; error: string };

/**
 * Hands one alert's outcome to the dispatcher as soon as it is known, so it is recorded within
 * moments rather than after the whole batch. A sender awaits it before starting another message:
 * it holds the sender back while outcomes cannot be recorded (Postgres restarting), and rejects
 * when the loop is stopping and they never will be, so the rest of the batch is not sent.
 */
export type ReportOutcome = (outcome: SendOutcome) => Promise<void>;

/**
 * What a dispatch loop hands a sender and records: any claimed delivery with its stable key (the
 * alerts' OutgoingAlert, an artist message's OutgoingArtistMessage).
 */
export type Dispatchable = { deliveryId: string };

/**
 * A channel's sender: takes a claimed batch, answers one outcome per alert (any order), and
 * reports each through `report` as it completes when given one.
 */
export type DispatchSender<A extends Dispatchable> = {
  channel: OutboundChannel;
  /** How many deliveries one claim hands over. */
  batchSize: number;
  send(alerts: A[], report?: ReportOutcome): Promise<SendOutcome[]>;
  close?(): Promise<void>;
};

/** The alert outbox's senders (email, SMS, push). */
export type ChannelSender = DispatchSender<OutgoingAlert>;

/**
 * An outbox as a dispatch loop sees it: the alert outbox (outbox.ts) or the artist messages'
 * (artist-message-outbox.ts), each with the same claim, lease and outcome rules.
 */
export type DispatchOutbox<A extends Dispatchable> = {
  bigMatchWriting(): Promise<boolean>;
  claim(channel: OutboundChannel, limit: number, leaseMs: number): Promise<A[]>;
  finish(
    claimed: A[],
    outcomes: SendOutcome[],
    policy: { baseDelayMs: number; maxDelayMs: number },
    renew?: { alerts: readonly A[]; leaseMs: number },
  ): Promise<void>;
};

/**
 * The delivery's stable key towards providers: the same on every attempt, so a receiver that
 * dedupes (an SMS API's Idempotency-Key, a mail client's Message-ID) shows a re-send once.
 */
export function idempotencyKey(deliveryId: string): string {
  return `encore-alert-${deliveryId}`;
}

/**
 * A delivery's key: a hash of its outbox key (event, fan, channel), so the same message has the
 * same key on every attempt, by any worker, and names no fan. 22 URL-safe characters (132 bits):
 * 'alert-' and it fit a push Topic's 32 (RFC 8030 5.4).
 */
export function deliveryKey(showEventId: string, fanId: string, channel: OutboundChannel): string {
  return createHash('sha256')
    .update(`${showEventId}\n${fanId}\n${channel}`)
    .digest('base64url')
    .slice(0, 22);
}
