/**
 * `npm run bench:announce [-- --audience 4000 --announcements 3 --workers child|in --smtp --load --port N]`
 *
 * What one followed artist's announcement costs, and whom: the demo Encore as `npm start` runs it
 * (demo-encore.ts, pg_stat_statements loaded), `--audience` fans watching each announcing
 * performer by email (traffic-audience.ts: the email goes to the mail adapter's files, as
 * `npm start` sends it without SMTP_URL; `--smtp`: over SMTP to bench:fanout's email sink, its
 * own process on the same host, as a deployment sends it to its relay), then announcements one at a time through the API
 * (traffic-writer.ts' announcement: the performer announces, the venue confirms), each followed
 * until every message it caused is sent. Per announcement: the time to the last send; the CPU of
 * the API's own process, of the alert workers (`child`: the API's child process, as `npm start`
 * runs them; `in`: inside the API's process, counted with it) and of Postgres, in all and a
 * message; and the statements that took most of Postgres' time. The first announcement warms the
 * workers up and is shown, not judged.
 *
 * `--load`: instead, the public pages are read as fast as answered (autocannon, 50 connections,
 * every public page key, after 10 s of the same to fill the caches) for 30 s, one announcement
 * made at 8 s; prints a line a second: pages answered, the CPU of the API, the workers, Postgres
 * and this bench (the load generator), and messages sent. It shows what bench:traffic's
 * `--audience` rounds sum up: how much of the pages' throughput a delivery takes while it runs.
 */
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import type pg from 'pg';
import { connectStatementStats, connectSuperuser, MARK, type PgStats } from './api-pg.ts';
import { cpuNow, findPostmaster, nodeChildrenOf } from './api-processes.ts';
import { freePort } from './bench-place.ts';
import {
  type DemoEncore,
  runThenStop,
  startDemoEncore,
  WORKERS_SETTING,
  type WorkersMode,
} from './demo-encore.ts';
import { startSink, stopAllChildren } from './fanout-processes.ts';
import { machine, measureHostSpeed } from './host-speed.ts';
import { median } from './stats.ts';
import { addAudience } from './traffic-audience.ts';
import { loadWorld } from './traffic-world.ts';
import { writeActions } from './traffic-writer.ts';

const { values } = parseArgs({
  options: {
    audience: { type: 'string', default: '4000' },
    announcements: { type: 'string', default: '3' },
    workers: { type: 'string', default: 'child' },
    load: { type: 'boolean', default: false },
    smtp: { type: 'boolean', default: false },
    port: { type: 'string' },
  },
});
// This bench starts no `npm run worker`: the workers are the API's, in its child or its process.
const mode = values.workers as Exclude<WorkersMode, 'apart'>;
if (mode !== 'child' && mode !== 'in') throw new Error(`--workers child|in, not ${mode}`);
const audience = Number(values.audience);
const TOP_STATEMENTS = 6;
const POLL_MS = 100;
const SEND_TIMEOUT_MS = 10 * 60_000;
const LOAD = { warmS: 10, measuredS: 30, announceAtS: 8, connections: 50 };

console.log(`bench:announce — machine: ${machine()}, Node ${process.version}`);
// Before Encore and its Postgres start: the two cores are the host's (host-speed.ts).
const hostLine = (await measureHostSpeed()).line;
console.log(hostLine);

let encore: DemoEncore | undefined;
await runThenStop(main, async () => {
  await encore?.stop();
  await stopAllChildren();
});

/** CPU ms so far: the API's own process, its workers' child (if any), Postgres. */
type Cpu = { api: number; workers: number; pg: number };

async function main() {
  const smtpPort = values.smtp ? await freePort() : undefined;
  if (smtpPort) await startSink('email', smtpPort);
  encore = await startDemoEncore('announce', values.port, {
    span: 3,
    pgOffset: 2,
    env: () => ({
      WORKERS: WORKERS_SETTING[mode],
      ...(smtpPort ? { SMTP_URL: `smtp://127.0.0.1:${smtpPort}` } : {}),
    }),
  });
  const pgStats = await connectStatementStats(encore);
  const db = await connectSuperuser(encore.dataDir, encore.pgPort);
  const world = await loadWorld(db, encore.url, 1);
  await addAudience(
    db,
    world.performers.map((p) => p.id),
    audience,
  );
  const api = encore.server().child.pid as number;
  const postmaster = findPostmaster(encore.dataDir);
  const child = mode === 'child' ? nodeChildrenOf(api)[0] : undefined;
  const cpu = (): Cpu => {
    const all = cpuNow(api, postmaster);
    const workers = child ? cpuNow(child, postmaster).node : 0;
    return { api: all.node - workers, workers, pg: all.pg };
  };
  const act = writeActions(encore.url, world);
  // A drawn performer, venue and day may clash with a show already there (409): draw again.
  const announce = async () => {
    for (let tries = 1; ; tries++) {
      const answer = await act('announcement');
      if (answer.status !== 409 || tries === 5) return answer;
    }
  };
  console.log(
    `Encore pid ${api} (demo data; alert workers ${child ? `in its child process, pid ${child}` : 'in its process'}), Postgres pid ${postmaster}; ${audience} more fans watch each of the ${world.performers.length} announcing performers by email, ${smtpPort ? `sent over SMTP to the email sink on port ${smtpPort}` : "written to the mail adapter's files"}\n`,
  );
  if (values.load) {
    await timeline(db, cpu, Object.values(world.pages).flat(), announce);
  } else {
    await oneAtATime(db, pgStats, cpu, announce);
  }
  await db.end();
  await pgStats.close();
  console.log(`\n${hostLine}`);
}

/** Outbound deliveries sent so far, and pending now. */
async function outbound(db: pg.Client): Promise<{ sent: number; pending: number }> {
  const { rows } = await db.query<{ sent: string; pending: string }>(
    `${MARK} SELECT count(*) FILTER (WHERE state = 'sent') AS sent,
       count(*) FILTER (WHERE state = 'pending') AS pending
     FROM alert_deliveries WHERE channel <> 'in_app'`,
  );
  return { sent: Number(rows[0]?.sent ?? 0), pending: Number(rows[0]?.pending ?? 0) };
}

/** Waits until `count` more messages than `before` are sent and none is pending. */
async function allSent(db: pg.Client, before: number, count: number): Promise<number> {
  const startedAt = Date.now();
  for (;;) {
    const now = await outbound(db);
    if (now.sent - before >= count && now.pending === 0) return now.sent - before;
    if (Date.now() - startedAt > SEND_TIMEOUT_MS) throw new Error('not all sent in 10 minutes');
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

async function oneAtATime(
  db: pg.Client,
  pgStats: PgStats,
  cpu: () => Cpu,
  announce: () => Promise<{ status: number }>,
) {
  console.log(
    'announcement  messages  to the last send   API ms  workers ms  Postgres ms   a message: API + workers + Postgres',
  );
  const perMessage: number[][] = [];
  for (let run = 0; run <= Number(values.announcements); run++) {
    const before = (await outbound(db)).sent;
    await pgStats.resetStatements();
    const cpuBefore = cpu();
    const startedAt = Date.now();
    const answer = await announce();
    if (answer.status >= 300) throw new Error(`the announcement answered ${answer.status}`);
    const sent = await allSent(db, before, audience);
    const took = Date.now() - startedAt;
    const cpuAfter = cpu();
    const used = (['api', 'workers', 'pg'] as const).map((k) => cpuAfter[k] - cpuBefore[k]);
    const each = used.map((ms) => ms / sent);
    if (run > 0) perMessage.push(each);
    console.log(
      `${(run === 0 ? 'warm-up' : String(run)).padStart(12)}  ${String(sent).padStart(8)}  ${`${(took / 1000).toFixed(2)} s`.padStart(16)}  ${used.map((ms, i) => String(ms).padStart([7, 10, 11][i] as number)).join('  ')}   ${each.map((ms) => ms.toFixed(3)).join(' + ')} ms`,
    );
    if (run === 0) continue;
    for (const s of await pgStats.topStatements(TOP_STATEMENTS, 'time')) {
      const total = s.calls * (s.meanMs + s.planMs);
      console.log(
        `${`${total.toFixed(0)} ms`.padStart(20)}  ${String(s.calls).padStart(4)} × ${s.meanMs.toFixed(2)} + ${s.planMs.toFixed(2)} ms  ${s.query.slice(0, 100)}`,
      );
    }
  }
  const medianOf = (i: number) => median(perMessage.map((p) => p[i] as number)).toFixed(3);
  console.log(
    `\nmedian a message over ${perMessage.length} announcements: API ${medianOf(0)} + workers ${medianOf(1)} + Postgres ${medianOf(2)} ms of CPU`,
  );
}

/** Pages read as fast as answered, an announcement in the middle: per second, who used the CPU. */
async function timeline(
  db: pg.Client,
  cpu: () => Cpu,
  paths: string[],
  announce: () => Promise<{ status: number }>,
) {
  const url = encore?.url as string;
  const requests = paths.map((path) => ({ method: 'GET' as const, path }));
  const options = { url, connections: LOAD.connections, requests };
  await autocannon({ ...options, duration: LOAD.warmS });
  let answered = 0;
  let finish: (error: Error | null) => void = () => {};
  const measured = new Promise<void>((resolve, reject) => {
    finish = (error) => (error ? reject(error) : resolve());
  });
  // The callback form: its instance counts each answer as it comes.
  const instance = autocannon({ ...options, duration: LOAD.measuredS }, (error) => finish(error));
  instance.on('response', () => answered++);
  const sample = async () => ({
    at: Date.now(),
    answered,
    cpu: cpu(),
    own: process.cpuUsage(),
    sent: (await outbound(db)).sent,
  });
  const startedAt = Date.now();
  let last = await sample();
  const lines: { second: number; reqPerSec: number; delivering: boolean }[] = [];
  let announcedAt: number | undefined;
  let lastSendAt: number | undefined;
  const sentBefore = last.sent;
  console.log(
    ` s  pages/s  API ms/s  workers ms/s  Postgres ms/s  bench ms/s  messages sent (all reads answered from ${paths.length} public page keys)`,
  );
  const ticker = setInterval(async () => {
    const now = await sample();
    const s = (now.at - last.at) / 1000;
    const rate = (a: number, b: number) => String(Math.round((a - b) / s));
    const ownMs = (now.own.user + now.own.system - last.own.user - last.own.system) / 1000;
    const second = Math.round((now.at - startedAt) / 1000);
    const delivering = announcedAt !== undefined && now.sent > last.sent;
    if (delivering) lastSendAt = now.at;
    lines.push({ second, reqPerSec: (now.answered - last.answered) / s, delivering });
    console.log(
      `${String(second).padStart(2)}  ${rate(now.answered, last.answered).padStart(7)}  ${rate(now.cpu.api, last.cpu.api).padStart(8)}  ${rate(now.cpu.workers, last.cpu.workers).padStart(12)}  ${rate(now.cpu.pg, last.cpu.pg).padStart(13)}  ${String(Math.round(ownMs / s)).padStart(10)}  ${now.sent - sentBefore}`,
    );
    last = now;
  }, 1000);
  const announcing = new Promise<void>((resolve, reject) =>
    setTimeout(() => {
      announcedAt = Date.now();
      announce().then((answer) => {
        console.log(`    the announcement answered ${answer.status}`);
        resolve();
      }, reject);
    }, LOAD.announceAtS * 1000),
  );
  await measured;
  clearInterval(ticker);
  await announcing;
  const quiet = lines.filter((l) => !l.delivering && l.second > 1).map((l) => l.reqPerSec);
  const busy = lines.filter((l) => l.delivering).map((l) => l.reqPerSec);
  const steady = median(quiet);
  const lost = busy.reduce((n, r) => n + Math.max(0, steady - r), 0);
  console.log(
    `\npages: ${Math.round(steady)}/s in seconds without sends (median), ${busy.length ? Math.round(median(busy)) : '-'}/s in the ${busy.length} seconds with sends (median): ${Math.round(lost)} page answers fewer; the last send ${announcedAt && lastSendAt ? ((lastSendAt - announcedAt) / 1000).toFixed(1) : '-'} s after the announcement (±1 s)`,
  );
}
