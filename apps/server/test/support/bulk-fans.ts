import { randomBytes, randomInt } from 'node:crypto';
import type { TAlertChannel } from '@encore/contract';
import { sql } from 'drizzle-orm';
import type { Orm } from '../../src/db/client.ts';

export type BulkFan = { id: string; email: string; phone: string; e164: string };

export type BulkFansOptions = {
  count: number;
  /** Every fan watches this performer, on these channels. */
  performerId: string;
  channels: TAlertChannel[];
  /** With push: each fan's one browser, whose endpoint is `${pushUrl}/push/{fan id}`. */
  push?: { url: string; keys: { p256dh: string; auth: string } };
};

/**
 * Thousands of fans in a few statements (INSERT ... SELECT over generate_series), as the API
 * would leave them: a user, a fan profile in New York (a Jazz fan, so a Rock show elsewhere
 * reaches them only through the watch), SMS opted in with a verified phone, the watch, and
 * optionally a push subscription. Phones are unique within the call: '(AAA) 2XX-XXXX'.
 */
export async function bulkFans(orm: Orm, options: BulkFansOptions): Promise<BulkFan[]> {
  const tag = randomBytes(4).toString('hex');
  const area = randomInt(201, 990);
  const n = options.count;
  const id = sql.raw(`'bulk-${tag}-' || i`);
  const phone = sql`'(' || ${String(area)} || ') ' || (200 + i / 10000)::text || '-'
    || lpad((i % 10000)::text, 4, '0')`;
  await orm.transaction(async (tx) => {
    await tx.execute(sql`
      insert into "user" (id, name, email, username, display_username, role, profile_complete,
        email_verified)
      select ${id}, 'Bulk Fan ' || i, ${id} || '@example.com', 'b' || ${tag} || i,
        'b' || ${tag} || i, 'fan', true, true
      from generate_series(1, ${n}::int) i`);
    await tx.execute(sql`
      insert into fan_profiles (user_id, tag_name, age_range, gender, email, phone, home_city,
        zip_code, preferred_radius, sms_opt_in, favorite_genres, latitude, longitude)
      select ${id}, 'Fan ' || i, '25-34', 'prefer-not-to-say', ${id} || '@example.com', ${phone},
        'New York', '10001', 25, true, array['Jazz'], 40.75, -73.99
      from generate_series(1, ${n}::int) i`);
    await tx.execute(sql`
      insert into phone_verifications (user_id, phone, expires_at, verified_at)
      select ${id}, ${phone}, now(), now() from generate_series(1, ${n}::int) i`);
    await tx.execute(sql`
      insert into artist_alerts (fan_id, performer_id, channels)
      select ${id}, ${options.performerId}, ${sql.param(options.channels)}::text[]
      from generate_series(1, ${n}::int) i`);
    if (options.push) {
      await tx.execute(sql`
        insert into push_subscriptions (fan_id, endpoint, p256dh, auth)
        select ${id}, ${options.push.url} || '/push/' || ${id}, ${options.push.keys.p256dh},
          ${options.push.keys.auth}
        from generate_series(1, ${n}::int) i`);
    }
  });
  return Array.from({ length: n }, (_, k) => {
    const i = k + 1;
    const exchange = 200 + Math.floor(i / 10000);
    const line = String(i % 10000).padStart(4, '0');
    const fanId = `bulk-${tag}-${i}`;
    return {
      id: fanId,
      email: `${fanId}@example.com`,
      phone: `(${area}) ${exchange}-${line}`,
      e164: `+1${area}${exchange}${line}`,
    };
  });
}
