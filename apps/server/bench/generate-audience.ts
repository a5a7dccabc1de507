import { createECDH, randomBytes } from 'node:crypto';
import type pg from 'pg';

/** The channel mix the fan-out bench gives the generated world (docs/performance.md). */
export const AUDIENCE_MIX = {
  /** Share of all fans watching the headliner (its usual followers included). */
  watchers: 0.46,
  /** Share of fans with one browser subscribed to push. */
  push: 0.45,
  /** Share of fans who switched email off (or unsubscribed). */
  emailOff: 0.15,
  /** Share of fans who switched push off in settings (all among the subscribed). */
  pushOff: 0.05,
  /** Share of fans with SMS on: opted in, phone verified, SMS on for the headliner too. */
  sms: 0.04,
  /** Share of the SMS fans whose number later texted STOP. */
  smsStopped: 0.02,
} as const;

/**
 * Gives the generated world what an announcement fans out to: many watchers of one headliner
 * (each with a mix of channels), push subscriptions pointing at the local push sink, fans who
 * switched channels off, and opted-in verified phones. Set-based, like generate-world.ts.
 */
export async function generateAudience(
  pool: pg.Pool,
  options: {
    headliner: string;
    pushEndpointBase: string;
    /** Share of all fans watching the headliner (AUDIENCE_MIX.watchers unless given; 1: all). */
    watchers?: number;
  },
  log: (step: string) => void,
): Promise<void> {
  const client = await pool.connect();
  const m = AUDIENCE_MIX;
  const step = async (label: string, text: string, params: unknown[] = []) => {
    const t0 = performance.now();
    const result = await client.query(text, params);
    log(
      `${label}: ${result.rowCount ?? 0} rows in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
    );
  };
  try {
    await client.query('select setseed(0.17)');
    // A few real P-256 browser keys shared round-robin: the sender encrypts every push anyway.
    const keys = Array.from({ length: 8 }, () => {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      return {
        p256dh: ecdh.getPublicKey('base64url'),
        auth: randomBytes(16).toString('base64url'),
      };
    });
    // Fixed per-fan dice (seeded), so the channel choices below are independent of each other.
    await client.query(`create temp table dice as
      select user_id as fan_id, row_number() over () as n, random() as push, random() as email,
        random() as sms, random() as watch, random() as alert_channels
      from fan_profiles`);
    const fans = Number((await client.query('select count(*) as n from dice')).rows[0].n);
    const already = Number(
      (
        await client.query('select count(*) as n from artist_alerts where performer_id = $1', [
          options.headliner,
        ])
      ).rows[0].n,
    );
    // Top up the headliner's usual followers to the target share.
    const share = options.watchers ?? m.watchers;
    const extra = Math.max(0, (share * fans - already) / Math.max(1, fans - already));
    await step(
      'SMS fans (opted in, distinct verified phones)',
      `update fan_profiles fp set sms_opt_in = true,
         phone = '(555) ' || substr(lpad(d.n::text, 7, '0'), 1, 3) || '-'
           || substr(lpad(d.n::text, 7, '0'), 4, 4)
       from dice d where d.fan_id = fp.user_id and d.sms < $1`,
      [m.sms],
    );
    await step(
      'phone verifications',
      `insert into phone_verifications (user_id, phone, expires_at, verified_at)
       select fp.user_id, fp.phone, now(), now()
       from fan_profiles fp join dice d on d.fan_id = fp.user_id where d.sms < $1`,
      [m.sms],
    );
    await step(
      'SMS opt-outs (texted STOP)',
      `insert into sms_opt_outs (phone)
       select '+1' || regexp_replace(fp.phone, '\\D', '', 'g')
       from fan_profiles fp join dice d on d.fan_id = fp.user_id where d.sms < $1`,
      [m.sms * m.smsStopped],
    );
    await step(
      'fan settings (email off, push off, SMS on)',
      `insert into fan_settings (user_id, email, push, sms)
       select fan_id, not (email < $1), not (push < $2), sms < $3
       from dice where email < $1 or push < $2 or sms < $3`,
      [m.emailOff, m.pushOff, m.sms],
    );
    await step(
      'push subscriptions',
      `insert into push_subscriptions (fan_id, endpoint, p256dh, auth)
       select fan_id, $2 || fan_id, ($3::text[])[1 + n % 8], ($4::text[])[1 + n % 8]
       from dice where push < $1`,
      [m.push, options.pushEndpointBase, keys.map((k) => k.p256dh), keys.map((k) => k.auth)],
    );
    // Watch channels: 55% push + email, 25% push only, 20% email only; SMS fans add SMS.
    await step(
      'headliner watchers',
      `insert into artist_alerts (fan_id, performer_id, channels)
       select fan_id, $1,
         case when alert_channels < 0.55 then array['push', 'email']
           when alert_channels < 0.80 then array['push'] else array['email'] end
         || case when sms < $3 then array['sms'] else array[]::text[] end
       from dice
       where watch < $2
         or fan_id in (select fan_id from artist_alerts where performer_id = $1)
       on conflict (fan_id, performer_id) do update set channels = excluded.channels`,
      [options.headliner, extra, m.sms],
    );
    await client.query('drop table dice');
    await step('vacuum analyze', 'vacuum analyze');
  } finally {
    client.release();
  }
}
