/**
 * `npx tsx apps/server/bench/artist-message-audience.ts --dir /tmp/x [--fans 300000 --opt-in 0.05]`
 *
 * The plan of an artist message's audience (decision 045), as the preview counts it and the send
 * inserts it: on a kept scratch world (the first run generates bench:fanout's world into `--dir`
 * and gives every fan a settings row, `--opt-in` of them opted into messages from their genres'
 * artists; later runs reuse it with the migrations applied first, so a schema change is measured
 * on the same world), prints EXPLAIN (ANALYZE, BUFFERS) of the reach count for the most watched
 * performer and a mid one, to all followers and within 25 mi of Times Square. `--set-opt-in 0.5`
 * opts another share of the kept world's fans in first.
 */
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import {
  type MessagePlace,
  messageAudienceSql,
} from '../src/repositories/artist-message-audience.repo.ts';
import { loadAverage } from './bench-sinks.ts';
import { inlineSql, openFanoutWorld } from './fanout-setup.ts';

const { values } = parseArgs({
  options: {
    dir: { type: 'string' },
    fans: { type: 'string', default: '300000' },
    'opt-in': { type: 'string', default: '0.05' },
    /** On a kept world: opt this share of fans in again (the rest out), to see the plan turn. */
    'set-opt-in': { type: 'string' },
    port: { type: 'string' },
  },
});
if (!values.dir) throw new Error('--dir is required (the world is kept there)');
const size = { fans: Number(values.fans), shows: 2_000, performers: 10_000, venues: 1_000 };
const { database, fresh, close } = await openFanoutWorld(
  'artist-message-audience',
  values.dir,
  values.port,
  size,
);
const TIMES_SQUARE: MessagePlace = { latitude: 40.758, longitude: -73.9855, radiusMi: 25 };
try {
  if (fresh) {
    await database.pool.query(
      `insert into fan_settings (user_id, artist_messages_from_genres)
       select user_id, random() < $1 from fan_profiles`,
      [Number(values['opt-in'])],
    );
  }
  if (values['set-opt-in']) {
    await database.pool.query(
      'update fan_settings set artist_messages_from_genres = random() < $1',
      [Number(values['set-opt-in'])],
    );
  }
  await database.pool.query('vacuum analyze');
  const { rows: counts } = await database.pool.query<{ fans: number; opted: number }>(
    `select count(*)::int as fans, count(*) filter (where artist_messages_from_genres)::int as opted
     from fan_settings`,
  );
  console.log(
    `fans with settings: ${counts[0]?.fans}, opted into genre artists' messages: ${counts[0]?.opted}`,
  );
  for (const performerId of ['p1', 'p5000']) {
    const { rows } = await database.pool.query<{ name: string }>(
      'select artist_name as name from performer_profiles where user_id = $1',
      [performerId],
    );
    const name = rows[0]?.name ?? performerId;
    for (const place of [null, TIMES_SQUARE]) {
      const audience = messageAudienceSql(performerId, name, place);
      const text = inlineSql(sql`select count(*) from (${audience}) a`);
      const { rows: reach } = await database.pool.query<{ count: string }>(text);
      const { rows: plan } = await database.pool.query<{ 'QUERY PLAN': string }>(
        `explain (analyze, buffers) ${text}`,
      );
      console.log(
        `\n${performerId} ${place ? 'within 25 mi of Times Square' : 'all followers'}: reach ${reach[0]?.count} (load ${loadAverage()})`,
      );
      for (const line of plan) console.log(`  ${line['QUERY PLAN']}`);
    }
  }
} finally {
  await close();
}
