/**
 * `bench:traffic --audience N`: N more fans watching each performer who announces (by email),
 * written straight into the tables as the API would leave them, so each announcement of a round
 * sends N emails besides the demo's few: the delivery work of a followed artist's announcement,
 * landing while the pages are read. Whose event loop pays for it is what `--workers` chooses.
 * The fans live in New York and like Jazz only, so no other show reaches them; they never sign in.
 */
import type pg from 'pg';
import { MARK } from './api-pg.ts';

export async function addAudience(db: pg.Client, performerIds: string[], perPerformer: number) {
  if (perPerformer <= 0) return;
  await db.query('BEGIN');
  try {
    for (const [p, performerId] of performerIds.entries()) {
      const id = `'bench-audience-${p}-' || i`;
      const series = `FROM generate_series(1, ${perPerformer}::int) i`;
      await db.query(`${MARK} INSERT INTO "user" (id, name, email, username, display_username,
          role, profile_complete, email_verified)
        SELECT ${id}, 'Audience Fan ' || i, ${id} || '@example.com', 'aud${p}x' || i,
          'aud${p}x' || i, 'fan', true, true ${series}`);
      await db.query(`${MARK} INSERT INTO fan_profiles (user_id, tag_name, age_range, gender,
          email, phone, home_city, zip_code, preferred_radius, sms_opt_in, favorite_genres, latitude,
          longitude)
        SELECT ${id}, 'Fan ' || i, '25-34', 'prefer-not-to-say', ${id} || '@example.com',
          '(${301 + p}) ' || (200 + i / 10000)::text || '-' || lpad((i % 10000)::text, 4, '0'),
          'New York', '10001', 25, false, array['Jazz'], 40.75, -73.99 ${series}`);
      await db.query(
        `${MARK} INSERT INTO artist_alerts (fan_id, performer_id, channels)
        SELECT ${id}, $1, array['email'] ${series}`,
        [performerId],
      );
    }
    await db.query('COMMIT');
  } catch (error) {
    await db.query('ROLLBACK');
    throw error;
  }
  await db.query(`${MARK} ANALYZE "user", fan_profiles, artist_alerts`);
}
