import { createECDH, randomBytes } from 'node:crypto';
import type pg from 'pg';
import { PG_CHANNELS } from '../src/db/pg-channels.ts';
import { generateWorld } from './generate-world.ts';

/**
 * The world bench:dispatch sends into: `fans` generated fans (generate-world.ts, few shows), each
 * with one push subscription at the push sink, the first `smsFans` with distinct phones.
 */
export async function seedDispatchWorld(
  pool: pg.Pool,
  fans: number,
  smsFans: number,
  pushEndpointBase: string,
): Promise<void> {
  const t0 = performance.now();
  await generateWorld(pool, { fans, shows: 200, performers: 100, venues: 50 }, () => {});
  // A few real P-256 browser keys shared round-robin: the sender encrypts every push anyway.
  const keys = Array.from({ length: 8 }, () => {
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    return { p256dh: ecdh.getPublicKey('base64url'), auth: randomBytes(16).toString('base64url') };
  });
  await pool.query(
    `insert into push_subscriptions (fan_id, endpoint, p256dh, auth)
     select 'f' || i, $2 || 'f' || i, ($3::text[])[1 + i % 8], ($4::text[])[1 + i % 8]
     from generate_series(1, $1::int) i`,
    [fans, pushEndpointBase, keys.map((k) => k.p256dh), keys.map((k) => k.auth)],
  );
  await pool.query(
    `update fan_profiles set sms_opt_in = true,
       phone = '(555) ' || substr(lpad(substr(user_id, 2), 7, '0'), 1, 3) || '-'
         || substr(lpad(substr(user_id, 2), 7, '0'), 4, 4)
     where substr(user_id, 2)::int <= $1`,
    [smsFans],
  );
  await pool.query('vacuum analyze');
  console.log(
    `World of ${fans.toLocaleString('en-US')} fans in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
  );
}

/**
 * An 'announced' event of the `index`-th upcoming show, already marked matched so the worker's
 * matcher leaves it alone: its outbox rows are written by writeDeliveries. One per bench phase,
 * since a fan gets one delivery per event and channel.
 */
export async function newDispatchEvent(pool: pg.Pool, index: number): Promise<string> {
  const { rows } = await pool.query<{ id: string }>(
    `insert into show_events (show_id, kind, matched_at)
     select id, 'announced', now() from shows where starts_at > now()
     order by starts_at, id offset $1 limit 1
     returning id`,
    [index],
  );
  const eventId = rows[0]?.id;
  if (!eventId) throw new Error('the generated world has too few upcoming shows');
  return eventId;
}

/**
 * The event's outbox rows, as the matcher would leave them: pending push rows for the first
 * `push` fans, email for the first `email`, SMS for the first `sms`, committed at once with the
 * NOTIFY that wakes the dispatch loops.
 */
export async function writeDeliveries(
  pool: pg.Pool,
  eventId: string,
  counts: { push: number; email: number; sms: number },
): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('begin');
    for (const [channel, n] of Object.entries(counts)) {
      await client.query(
        // Outbound rows carry no notification id, as the matcher writes them.
        `insert into alert_deliveries (fan_id, show_event_id, channel, reason, notification_id)
         select 'f' || i, $1, $2, 'You watch Bench Artist 1', null
         from generate_series(1, $3::int) i`,
        [eventId, channel, n],
      );
    }
    await client.query('select pg_notify($1, $2)', [PG_CHANNELS.matched, eventId]);
    await client.query('commit');
  } catch (error) {
    await client.query('rollback');
    throw error;
  } finally {
    client.release();
  }
}
