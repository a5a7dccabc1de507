/**
 * `node --import tsx bench/alerts-uncached.ts --url postgres://... [--fans 200] [--reps 5]
 *   [--rounds 5] [--snapshot FILE | --compare FILE] [--now ISO]`
 *
 * Your Alerts answered without the page cache, in-process (docs/performance.md, "Your Alerts
 * without the cache"): the repository call the route makes (`alertsFeed`), on ONE connection,
 * for the first `fans` fans of a database (the demo data: as bench:traffic draws them, the demo
 * fan first, then by md5(id)), each `reps` times, first page and next page where there is one.
 * Node's CPU from `process.cpuUsage`, Postgres' from its backend's `/proc/<pid>/stat` (run it on
 * the database's host, as root or its user). Also the fixed cost: a fan with an empty page.
 *
 * `--snapshot FILE` writes every fan's every page (first and the following ones) as JSON with a
 * fixed `now`; `--compare FILE` reads such a file and fails on any page that differs: the answer
 * must not change with the statement.
 *
 * `--fragments`: the page as its route sends it, serialised (decision 051), three ways interleaved
 * round by round: read whole and serialised by ZAlertFeed (SHOW_FRAGMENTS=off, the route before
 * the fragments), made of show fragments all kept (a page cache miss, nothing written), and made of
 * fragments none kept (every show read by id: the worst case, each card's show just changed).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import type { SessionUser } from '../src/auth/session-user.ts';
import { createDatabase } from '../src/db/client.ts';
import { createShowCardFragments } from '../src/http/show-fragments.ts';
import { createFanPageTagsRepo } from '../src/repositories/fan-page-tags.repo.ts';
import { createFanPagesRepo } from '../src/repositories/fan-pages.repo.ts';
import { createFanPages } from '../src/services/fan-pages.service.ts';
import { machine } from './host-speed.ts';

const { values } = parseArgs({
  options: {
    url: { type: 'string' },
    fans: { type: 'string', default: '200' },
    reps: { type: 'string', default: '5' },
    rounds: { type: 'string', default: '5' },
    snapshot: { type: 'string' },
    compare: { type: 'string' },
    now: { type: 'string' },
    'host-speed': { type: 'boolean', default: false },
    fragments: { type: 'boolean', default: false },
  },
});
const url = values.url ?? process.env.DATABASE_URL;
if (!url) throw new Error('--url or DATABASE_URL: the database to read');

if (values['host-speed']) {
  const { measureHostSpeed } = await import('./host-speed.ts');
  console.log((await measureHostSpeed()).line);
}

const database = createDatabase(url, { max: 1 });
const repo = createFanPagesRepo(database.orm);
const LIMIT = 20;

const { rows: pidRows } = await database.pool.query<{ pid: number }>(
  'select pg_backend_pid() as pid',
);
const backend = pidRows[0]?.pid as number;
const TICK_MS = 10; // USER_HZ = 100 on Linux
const pgCpuMs = () => {
  const stat = readFileSync(`/proc/${backend}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
};
const nodeCpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

type Page = Awaited<ReturnType<typeof repo.alertsFeed>>;
async function pagesOf(fanId: string, now?: Date): Promise<Page[]> {
  const pages: Page[] = [];
  let cursor: string | undefined;
  do {
    const page = await repo.alertsFeed(fanId, { limit: LIMIT, ...(cursor && { cursor }) }, now);
    pages.push(page);
    cursor = page.nextCursor ?? undefined;
  } while (cursor && pages.length < 50);
  return pages;
}

/** Measures `call` (it answers how many pages it made) for `rounds` rounds, and prints it. */
let measure: (label: string, call: () => Promise<number>) => Promise<void>;

/** The repository call alone: first pages, next pages, and a fan with an empty page. */
async function measureRepository(fans: string[], cursors: Map<string, string>) {
  await measure('first pages', async () => {
    for (const fan of fans) await repo.alertsFeed(fan, { limit: LIMIT });
    return fans.length;
  });
  await measure('next pages', async () => {
    for (const [fan, cursor] of cursors) await repo.alertsFeed(fan, { cursor, limit: LIMIT });
    return cursors.size;
  });
  await measure('empty page (no such fan)', async () => {
    for (let i = 0; i < fans.length; i++) await repo.alertsFeed('no-such-fan', { limit: LIMIT });
    return fans.length;
  });
}

/** `--fragments`: the three ways of making the page, a round of each in turn (first and next pages). */
async function measureWays(fans: string[], cursors: Map<string, string>) {
  const tags = createFanPageTagsRepo(database.orm);
  const fragments = createShowCardFragments();
  // Nothing is written meanwhile: no notice to listen to, no barrier to wait for.
  fragments.cache.setEnabled(true);
  fragments.useBarrier(async () => true);
  const viaFragments = createFanPages(repo, tags, fragments);
  const whole = createFanPages(repo, tags, createShowCardFragments({ off: true }));
  const user = (id: string) => ({ id, role: 'fan' }) as SessionUser;
  const pages = (make: (fan: string, cursor?: string) => Promise<unknown>) => async () => {
    for (const fan of fans) await make(fan);
    for (const [fan, cursor] of cursors) await make(fan, cursor);
    return fans.length + cursors.size;
  };
  const query = (cursor?: string) => ({ limit: LIMIT, ...(cursor && { cursor }) });
  const ways = {
    'read whole, serialised by ZAlertFeed': pages((fan, cursor) =>
      whole.alerts(user(fan), query(cursor)),
    ),
    'fragments, all kept': pages((fan, cursor) => viaFragments.alerts(user(fan), query(cursor))),
    'fragments, none kept': pages((fan, cursor) => {
      fragments.cache.invalidate();
      return viaFragments.alerts(user(fan), query(cursor));
    }),
  };
  const rounds = Number(values.rounds);
  values.rounds = '1';
  for (let round = 0; round < rounds; round++) {
    const order = Object.entries(ways);
    if (round % 2 === 1) order.reverse();
    for (const [label, call] of order) await measure(`round ${round + 1} ${label}`, call);
  }
}

try {
  if (values.snapshot || values.compare) {
    const { rows } = await database.pool.query<{ id: string }>(
      `select user_id as id from fan_profiles union select fan_id from artist_alerts order by 1`,
    );
    const old = values.compare
      ? (JSON.parse(readFileSync(values.compare, 'utf8')) as {
          now: string;
          pages: Record<string, string>;
        })
      : null;
    const now = new Date(old?.now ?? values.now ?? Date.now());
    const pages: Record<string, string> = {};
    let differ = 0;
    let count = 0;
    for (const { id } of rows) {
      const json = JSON.stringify(await pagesOf(id, now));
      count += (JSON.parse(json) as unknown[]).length;
      pages[id] = json;
      if (old && old.pages[id] !== json) {
        differ++;
        if (differ <= 5) console.log(`differs: fan ${id}`);
      }
    }
    if (values.snapshot)
      writeFileSync(values.snapshot, JSON.stringify({ now: now.toISOString(), pages }));
    console.log(
      `${rows.length} fans, ${count} pages at ${now.toISOString()}${old ? `: ${differ} fans' pages differ (${Object.keys(old.pages).length} before)` : ''}`,
    );
    if (differ > 0) process.exitCode = 1;
  } else {
    const { rows } = await database.pool.query<{ id: string }>(
      `select id from "user" where role = 'fan' and email like '%@demo.encore.test'
       order by email = 'fan@demo.encore.test' desc, md5(id) limit $1`,
      [Number(values.fans)],
    );
    const fans = rows.map((r) => r.id);
    // Each fan's first page, and its second where there is one (bench:traffic asks the first).
    const cursors = new Map<string, string>();
    for (const fan of fans) {
      const page = await repo.alertsFeed(fan, { limit: LIMIT });
      if (page.nextCursor) cursors.set(fan, page.nextCursor);
    }
    const reps = Number(values.reps);
    measure = async (label: string, call: () => Promise<number>) => {
      await call(); // warm: the plans, and V8 compiles
      await call();
      const figures: string[] = [];
      for (let round = 0; round < Number(values.rounds); round++) {
        const n0 = nodeCpuMs();
        const p0 = pgCpuMs();
        const t0 = performance.now();
        let calls = 0;
        for (let r = 0; r < reps; r++) calls += await call();
        const wall = performance.now() - t0;
        const node = (nodeCpuMs() - n0) / calls;
        const pg = (pgCpuMs() - p0) / calls;
        figures.push(`${node.toFixed(3)}+${pg.toFixed(3)} (${(wall / calls).toFixed(3)} wall)`);
      }
      console.log(`${label}: Node+Postgres ms a page: ${figures.join(', ')}`);
    };
    console.log(`${machine()}; ${fans.length} fans × ${reps}, ${cursors.size} with a next page`);
    if (values.fragments) await measureWays(fans, cursors);
    else await measureRepository(fans, cursors);
  }
} finally {
  await database.close();
}
