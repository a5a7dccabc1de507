import type pg from 'pg';
import { deliveryKey, type OutboundChannel } from '../src/alerts/channel-sender.ts';

/** The receiver's key of a copy, back to the delivery key it was made of (channel-sender.ts). */
const KEY_OF: Record<OutboundChannel, RegExp> = {
  email: /^<alert-([\w-]+)@/,
  sms: /^encore-alert-([\w-]+)$/,
  push: /^alert-([\w-]+)$/,
};

export type ChannelReconciliation = {
  channel: OutboundChannel;
  /** Outbox rows of the events on this channel, and how many are 'sent'. */
  rows: number;
  sent: number;
  /** Rows whose key never reached the sink, or reached it for another recipient. */
  missing: number;
  wrongRecipient: number;
  /** Keys the sink received that no row of the events has. */
  unexpected: number;
  /** Copies beyond the first of a key (a re-send after a crash, deduplicated by the receiver). */
  duplicates: number;
};

/**
 * Every outbound outbox row of `eventIds` against the copies the sinks kept (`recipient key` →
 * count, fanout-sink.ts `--keys`): each row sent, its key received by its own fan's address (push
 * endpoint, email, phone), and no key received that no row has. Copies of one key beyond the
 * first are counted, not failed: receivers deduplicate by the key (a worker killed with messages
 * in flight sends them again under the same key).
 */
export async function reconcile(
  pool: pg.Pool,
  eventIds: string[],
  copies: Record<OutboundChannel, Array<[string, number]>>,
): Promise<ChannelReconciliation[]> {
  const { rows } = await pool.query<{
    show_event_id: string;
    fan_id: string;
    channel: OutboundChannel;
    state: string;
    emails: string[];
    phone: string | null;
  }>(
    `select d.show_event_id, d.fan_id, d.channel, d.state,
       array_remove(array[lower(u.email), lower(fp.email)], null) as emails,
       '+1' || regexp_replace(fp.phone, '\\D', '', 'g') as phone
     from alert_deliveries d
     left join "user" u on u.id = d.fan_id
     left join fan_profiles fp on fp.user_id = d.fan_id
     where d.show_event_id = any($1::text[]) and d.channel <> 'in_app'`,
    [eventIds],
  );
  return (['push', 'email', 'sms'] as const).map((channel) => {
    const received = new Map<string, { recipients: Set<string>; copies: number }>();
    for (const [copy, count] of copies[channel]) {
      const space = copy.lastIndexOf(' ');
      const key = KEY_OF[channel].exec(copy.slice(space + 1))?.[1];
      // Mail that is not an alert (none is expected from the workers) is not the outbox's.
      if (!key) continue;
      const seen = received.get(key) ?? { recipients: new Set<string>(), copies: 0 };
      seen.recipients.add(copy.slice(0, space).toLowerCase());
      seen.copies += count;
      received.set(key, seen);
    }
    const mine = rows.filter((r) => r.channel === channel);
    const result: ChannelReconciliation = {
      channel,
      rows: mine.length,
      sent: mine.filter((r) => r.state === 'sent').length,
      missing: 0,
      wrongRecipient: 0,
      unexpected: 0,
      duplicates: 0,
    };
    const expected = new Set<string>();
    for (const row of mine) {
      const key = deliveryKey(row.show_event_id, row.fan_id, channel);
      expected.add(key);
      const seen = received.get(key);
      if (!seen) {
        result.missing += 1;
        continue;
      }
      const addresses =
        channel === 'push'
          ? [`/push/${row.fan_id}`.toLowerCase()]
          : channel === 'email'
            ? row.emails
            : [row.phone ?? ''];
      if (seen.recipients.size !== 1 || !addresses.some((a) => seen.recipients.has(a))) {
        result.wrongRecipient += 1;
      }
      result.duplicates += seen.copies - 1;
    }
    result.unexpected = [...received.keys()].filter((key) => !expected.has(key)).length;
    return result;
  });
}

/** In-app rows per event: every fan of the audience has one. */
export async function inAppCounts(pool: pg.Pool, eventIds: string[]): Promise<number[]> {
  const { rows } = await pool.query<{ id: string; n: number }>(
    `select e.id, (select count(*)::int from alert_deliveries d
       where d.show_event_id = e.id and d.channel = 'in_app') as n
     from unnest($1::text[]) as e(id)`,
    [eventIds],
  );
  return eventIds.map((id) => rows.find((r) => r.id === id)?.n ?? 0);
}

/** Whether the event is matched and none of its deliveries is still pending. */
export async function settled(pool: pg.Pool, eventId: string): Promise<boolean> {
  const { rows } = await pool.query<{ done: boolean }>(
    `select e.matched_at is not null and not exists (select 1 from alert_deliveries d
       where d.show_event_id = e.id and d.state = 'pending') as done
     from show_events e where e.id = $1`,
    [eventId],
  );
  return rows[0]?.done === true;
}

/** Outbound rows of the event (known once it is matched). */
export async function outboundCount(pool: pg.Pool, eventId: string): Promise<number> {
  const { rows } = await pool.query<{ n: number }>(
    `select count(*)::int as n from alert_deliveries
     where show_event_id = $1 and channel <> 'in_app'`,
    [eventId],
  );
  return rows[0]?.n ?? 0;
}

/** Deliveries of the event still pending (none before it is matched). */
export async function pendingCount(pool: pg.Pool, eventId: string): Promise<number> {
  const { rows } = await pool.query<{ n: number }>(
    `select count(*)::int as n from alert_deliveries
     where show_event_id = $1 and state = 'pending'`,
    [eventId],
  );
  return rows[0]?.n ?? 0;
}
