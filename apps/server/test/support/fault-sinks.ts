import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { deliveryKey, type OutboundChannel } from '../../src/alerts/channel-sender.ts';
import type { AppConfig } from '../../src/config.ts';
import type { Orm } from '../../src/db/client.ts';
import type { BulkFan } from './bulk-fans.ts';
import { startAlertMailServer } from './mail-server.ts';
import { makeTempDir } from './paths.ts';
import {
  browserKeys,
  LOCAL_PUSH_CONFIG,
  LOCAL_PUSH_ENV,
  startPushService,
} from './push-service.ts';
import { startSmsServer } from './sms-server.ts';

export const SMS_ACCOUNT = {
  accountSid: 'ACfaults',
  authToken: 'fault-token',
  from: '+15550009999',
};

/**
 * The three outside services of the fault tests, on loopback: a real SMTP server, the
 * Twilio-like SMS API and an HTTPS push service, plus what a worker needs to reach them
 * (`caFile` for a child process's NODE_EXTRA_CA_CERTS, `pushTrust` for one in this process).
 */
export async function startFaultSinks() {
  const mail = await startAlertMailServer();
  const sms = await startSmsServer();
  const push = await startPushService();
  const caDir = makeTempDir('push-ca');
  const caFile = join(caDir, 'ca.pem');
  writeFileSync(caFile, push.ca);
  return {
    mail,
    sms,
    push,
    caFile,
    /** The push sender options of a worker in this process: trust the local service. */
    pushTrust: { ca: push.ca },
    /** One browser's keys, shared by every fan's subscription (each push is still encrypted). */
    browser: browserKeys(),
    /** Messages the sinks accepted so far, all channels. */
    accepted: () =>
      mail.received.length +
      sms.received.filter((r) => r.status === 201).length +
      push.received.filter((r) => r.status === 201).length,
    /** The configuration an Encore in this process needs to send through these sinks. */
    config: (): Partial<AppConfig> => ({
      mail: {
        smtpUrl: mail.url,
        from: 'Encore <alerts@encore.test>',
        supportEmail: 'support@encore.test',
      },
      sms: { apiUrl: sms.url, ...SMS_ACCOUNT },
      push: LOCAL_PUSH_CONFIG,
    }),
    /** The environment a `npm run worker` child needs to send through these sinks. */
    workerEnv: (): Record<string, string> => ({
      SMTP_URL: mail.url,
      SMS_API_URL: sms.url,
      SMS_ACCOUNT_SID: SMS_ACCOUNT.accountSid,
      SMS_AUTH_TOKEN: SMS_ACCOUNT.authToken,
      SMS_FROM: SMS_ACCOUNT.from,
      NODE_EXTRA_CA_CERTS: caFile,
      ...LOCAL_PUSH_ENV,
    }),
    close: async () => {
      await Promise.all([mail.close(), sms.close(), push.close()]);
      rmSync(caDir, { recursive: true, force: true });
    },
  };
}

export type FaultSinks = Awaited<ReturnType<typeof startFaultSinks>>;

export type ChannelTally = {
  /** Fans expected on the channel. */
  expected: number;
  /** Expected fans with exactly one distinct message, keyed by their delivery's key. */
  once: number;
  /** Expected fans with nothing. */
  missing: string[];
  /** Fans with copies under more than one key, or under another delivery's key. */
  wrong: string[];
  /** Recipients that were not expected at all. */
  unexpected: string[];
  /** Accepted copies beyond the first of each message (a re-send after a crash). */
  rawDuplicates: number;
  /**
   * Those of `rawDuplicates` the outbox accounts for: a copy beyond the first under a delivery
   * whose row counts a failed try for it. A try the receiver accepted but the sender recorded
   * as failed is one whose answer it never read (it timed out first), and the retry carries
   * the same key, so the receiver shows it once. Copies beyond these (a row sent twice without
   * a failed try recorded: two claims, or a killed worker's unrecorded sends) are not.
   */
  retriedDuplicates: number;
};

type Delivery = {
  show_event_id: string;
  fan_id: string;
  channel: string;
  state: string;
  last_error: string;
  /** Tries recorded, the one that succeeded among them. */
  attempts: number;
};

/** The event's outbox rows. */
export async function outboxRows(orm: Orm, eventId: string): Promise<Delivery[]> {
  const { rows } = await orm.execute<Delivery>(sql`
    select show_event_id, fan_id, channel, state, last_error, attempts from alert_deliveries
    where show_event_id = ${eventId}`);
  return rows;
}

/** Rows of the event not yet sent or failed. */
export async function pendingCount(orm: Orm, eventId: string): Promise<number> {
  const { rows } = await orm.execute<{ n: number }>(sql`
    select count(*)::int as n from alert_deliveries
    where show_event_id = ${eventId} and state = 'pending'`);
  return rows[0]?.n ?? 0;
}

/** Whether the event is matched and every one of its deliveries sent or failed. */
export async function settled(orm: Orm, eventId: string): Promise<boolean> {
  const { rows } = await orm.execute<{ done: boolean }>(sql`
    select e.matched_at is not null and not exists (select 1 from alert_deliveries d
      where d.show_event_id = e.id and d.state = 'pending') as done
    from show_events e where e.id = ${eventId}`);
  return rows[0]?.done === true;
}

const isAlertKey = (messageId: string | undefined) => /^<alert-[\w-]+@/.test(messageId ?? '');

/**
 * What each sink received, per fan, against what the outbox says: every expected fan must have
 * exactly one message per channel under the key of their own delivery row (Message-ID, SMS
 * Idempotency-Key, push Topic); copies of that message beyond the first are counted.
 */
export function tally(
  sinks: FaultSinks,
  fans: readonly BulkFan[],
  rows: readonly Delivery[],
  expectedOn: (channel: OutboundChannel, fan: BulkFan) => boolean = () => true,
): Record<OutboundChannel, ChannelTally> {
  const rowOf = new Map(rows.map((r) => [`${r.channel}:${r.fan_id}`, r]));
  const byEmail = new Map(fans.map((f) => [f.email, f.id]));
  const byPhone = new Map(fans.map((f) => [f.e164, f.id]));
  const copies: Record<OutboundChannel, Array<{ to: string | undefined; key: string }>> = {
    email: sinks.mail.received
      // The show's party gets a notice mail (a request to confirm): not an alert, and to no fan.
      .filter((m) => byEmail.has(m.envelopeTo[0] ?? '') || isAlertKey(m.headers['message-id']))
      .map((m) => ({
        to: byEmail.get(m.envelopeTo[0] ?? '') ?? m.envelopeTo[0],
        key: m.headers['message-id'] ?? '',
      })),
    sms: sinks.sms.received
      .filter((r) => r.status === 201)
      .map((r) => ({ to: byPhone.get(r.form.To ?? '') ?? r.form.To, key: r.idempotencyKey ?? '' })),
    push: sinks.push.received
      .filter((r) => r.status === 201)
      .map((r) => ({
        to: /^\/push\/(.+)$/.exec(r.path)?.[1],
        key: String(r.headers.topic ?? ''),
      })),
  };
  // The receivers' keys of a row: a hash of its outbox key, the same on every attempt.
  const keyFor: Record<OutboundChannel, (row: Delivery) => string> = {
    email: (r) => `<alert-${deliveryKey(r.show_event_id, r.fan_id, 'email')}@localhost>`,
    sms: (r) => `encore-alert-${deliveryKey(r.show_event_id, r.fan_id, 'sms')}`,
    push: (r) => `alert-${deliveryKey(r.show_event_id, r.fan_id, 'push')}`,
  };
  const result = {} as Record<OutboundChannel, ChannelTally>;
  for (const channel of ['email', 'sms', 'push'] as const) {
    const keys = new Map<string, Map<string, number>>();
    for (const { to, key } of copies[channel]) {
      const recipient = to ?? '?';
      const perKey = keys.get(recipient) ?? new Map<string, number>();
      perKey.set(key, (perKey.get(key) ?? 0) + 1);
      keys.set(recipient, perKey);
    }
    const expected = fans.filter((f) => expectedOn(channel, f));
    const expectedIds = new Set(expected.map((f) => f.id));
    const t: ChannelTally = {
      expected: expected.length,
      once: 0,
      missing: [],
      wrong: [],
      unexpected: [...keys.keys()].filter((to) => !expectedIds.has(to)),
      rawDuplicates: 0,
      retriedDuplicates: 0,
    };
    for (const fan of expected) {
      const perKey = keys.get(fan.id);
      if (!perKey) {
        t.missing.push(fan.id);
        continue;
      }
      const row = rowOf.get(`${channel}:${fan.id}`);
      const [[key, count] = ['', 0], ...others] = [...perKey];
      if (others.length > 0 || row === undefined || key !== keyFor[channel](row)) {
        t.wrong.push(fan.id);
        continue;
      }
      t.once += 1;
      t.rawDuplicates += count - 1;
      // Each accepted copy is one try; of the row's recorded tries only the last succeeded.
      t.retriedDuplicates += Math.min(count - 1, Math.max(0, row.attempts - 1));
    }
    result[channel] = t;
  }
  return result;
}

/** One line per channel for the test's log: what the report quotes. */
export function describeTally(tallies: Record<OutboundChannel, ChannelTally>): string {
  return Object.entries(tallies)
    .map(
      ([channel, t]) =>
        `${channel}: ${t.once}/${t.expected} once, ${t.rawDuplicates} raw duplicates` +
        (t.retriedDuplicates > 0 ? ` (${t.retriedDuplicates} retried after a timeout)` : '') +
        (t.missing.length + t.wrong.length + t.unexpected.length > 0
          ? ` (missing ${t.missing.length}, wrong ${t.wrong.length}, unexpected ${t.unexpected.length})`
          : ''),
    )
    .join('; ');
}

/**
 * The reconciliation every fault test ends with, per channel: no expected fan missing, none served
 * under another delivery's key, nobody unexpected; `once` fans (when given) served exactly once;
 * at most `maxDuplicates` accepted copies (0 unless a process died with messages in flight)
 * beyond those the outbox accounts for with a failed try of the same delivery
 * (`retriedDuplicates`: the answer to an accepted try came too late, on a loaded machine).
 */
export function expectServedOnce(
  tallies: Record<OutboundChannel, ChannelTally>,
  channels: readonly OutboundChannel[],
  {
    once,
    maxDuplicates = {},
  }: { once?: number; maxDuplicates?: Partial<Record<OutboundChannel, number>> } = {},
): void {
  for (const channel of channels) {
    const c = tallies[channel];
    expect({ channel, missing: c.missing, wrong: c.wrong, unexpected: c.unexpected }).toEqual({
      channel,
      missing: [],
      wrong: [],
      unexpected: [],
    });
    if (once !== undefined) expect(c.once, channel).toBe(once);
    expect(c.rawDuplicates - c.retriedDuplicates, channel).toBeLessThanOrEqual(
      maxDuplicates[channel] ?? 0,
    );
  }
}
