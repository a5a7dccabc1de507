import type { ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import type pg from 'pg';
import { newDispatchEvent, writeDeliveries } from './dispatch-setup.ts';
import {
  cpuSeconds,
  peakRssKb,
  postgresCpuSeconds,
  processTree,
  resetSink,
  sinkReport,
  startWorker,
  stopChild,
} from './fanout-processes.ts';
import type { SinkReport } from './fanout-sink.ts';

export type Channel = 'push' | 'email' | 'sms';
export const CHANNELS: readonly Channel[] = ['push', 'email', 'sms'];

/** One run of bench:dispatch: these rows, sent by these workers (ALERT_CHANNELS each; undefined: all). */
export type Phase = {
  name: string;
  counts: Record<Channel, number>;
  workers: Array<string | undefined>;
};

/** What one phase measured, per channel: the figures the goals are about. */
export type ChannelFigure = {
  phase: string;
  channel: Channel;
  messages: number;
  perSecond: number;
  /** Worker CPU per message: only when one worker (tree) sent this channel alone. */
  workerMs: number | undefined;
  /** Postgres CPU per message: the phase's whole Postgres CPU over all its messages. */
  postgresMs: number;
  /** Whether other channels sent at the same time (then Postgres' figure is shared). */
  shared: boolean;
};

export type PhaseContext = {
  pool: pg.Pool;
  env: Record<string, string>;
  sinks: Record<Channel, ChildProcess>;
  postmaster: number;
  prof: string | undefined;
  load: () => string;
  /** Rows per channel sent before the measured ones (0: none). */
  warmup: number;
};

/** The channels a worker process sends ('push,email'), from its ALERT_CHANNELS; undefined: all. */
function channelsOf(pid: number): string | undefined {
  try {
    const environment = readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0');
    return environment.find((v) => v.startsWith('ALERT_CHANNELS='))?.slice(15);
  } catch {
    return undefined;
  }
}

/** 'worker 123', with its channels when it is a per-channel child, or its program (esbuild). */
function label(pid: number): string {
  try {
    const command = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
    if (!command[0]?.endsWith('node')) return `${command[0]?.split('/').pop()} ${pid}`;
    const channels = channelsOf(pid);
    return `worker ${pid}${channels ? ` (${channels})` : ''}`;
  } catch {
    return `process ${pid}`;
  }
}
const mib = (kb: number) => `${Math.round(kb / 1024)} MiB`;

/**
 * Starts the phase's workers, writes its outbox rows (of a new event: a fan gets one delivery
 * per event and channel), waits until they are all sent, prints what each process spent and
 * stops the workers. CPU is counted from the rows' commit to the last send.
 */
export async function runPhase(
  ctx: PhaseContext,
  phase: Phase,
  index: number,
): Promise<ChannelFigure[]> {
  console.log(`\n== ${phase.name}`);
  const eventId = await newDispatchEvent(ctx.pool, 2 * index);
  const workers: ChildProcess[] = [];
  for (const channels of phase.workers) {
    const nodeArgs = ctx.prof ? ['--cpu-prof', `--cpu-prof-dir=${ctx.prof}`] : [];
    workers.push(
      await startWorker(channels ? { ...ctx.env, ALERT_CHANNELS: channels } : ctx.env, nodeArgs),
    );
  }
  try {
    // Let the workers settle (their first claims find nothing) before the rows appear.
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    if (ctx.warmup > 0) {
      // A long-running worker has compiled its hot code and opened its connections long ago:
      // a first round of rows (of another event), not counted, so the figures are what each
      // further message costs rather than V8's compiling (~8% of a fresh worker's CPU, perf).
      const warm = Object.fromEntries(
        CHANNELS.map((c) => [c, Math.min(ctx.warmup, phase.counts[c])]),
      ) as Record<Channel, number>;
      await writeDeliveries(ctx.pool, await newDispatchEvent(ctx.pool, 2 * index + 1), warm);
      await untilSent(ctx.pool);
      console.log(`Warmed up with ${CHANNELS.map((c) => `${warm[c]} ${c}`).join(', ')}`);
    }
    for (const sink of Object.values(ctx.sinks)) resetSink(sink);
    const pids = () => workers.flatMap((w) => processTree(w.pid));
    const cpu = (): Record<string, number> => ({
      ...Object.fromEntries(pids().map((pid) => [label(pid), cpuSeconds(pid)])),
      Postgres: postgresCpuSeconds(ctx.postmaster),
      'push sink': cpuSeconds(ctx.sinks.push.pid),
      'email sink': cpuSeconds(ctx.sinks.email.pid),
      'sms sink': cpuSeconds(ctx.sinks.sms.pid),
    });

    console.log(`Writing the outbox rows (load average ${ctx.load()})...`);
    const before = cpu();
    const t0 = performance.now();
    await writeDeliveries(ctx.pool, eventId, phase.counts);
    await untilSent(ctx.pool);
    const wall = (performance.now() - t0) / 1000;
    const after = cpu();
    const used = (name: string) => (after[name] ?? 0) - (before[name] ?? 0);
    const memory = Object.fromEntries(pids().map((pid) => [label(pid), peakRssKb(pid)]));
    const { rows: states } = await ctx.pool.query<{ channel: string; state: string; n: string }>(
      `select channel, state, count(*) as n from alert_deliveries
       where show_event_id = $1 and channel <> 'in_app' group by 1, 2 order by 1, 2`,
      [eventId],
    );

    console.log(`Done in ${wall.toFixed(1)} s (load average ${ctx.load()})`);
    console.log(
      `outbox: ${states.map((r) => `${r.channel} ${r.state} ${Number(r.n).toLocaleString('en-US')}`).join(', ')}`,
    );
    const reports: Partial<Record<Channel, SinkReport>> = {};
    let messages = 0;
    for (const channel of CHANNELS) {
      const r = await sinkReport(ctx.sinks[channel]);
      reports[channel] = r;
      messages += r.received;
      if (r.received === 0) continue;
      const span = r.first && r.last ? (r.last - r.first) / 1000 : Number.NaN;
      console.log(
        `${channel.padEnd(6)} ${r.received.toLocaleString('en-US').padStart(8)} messages in ${span.toFixed(1)} s → ${Math.round(r.received / span).toLocaleString('en-US')}/s (sink peak ${mib(r.maxRssKb)})`,
      );
    }
    console.log("CPU seconds from the rows' commit to the last send, and peak memory:");
    for (const name of Object.keys(after)) {
      const peak = memory[name] ? `, peak ${mib(memory[name])}` : '';
      console.log(`  ${name.padEnd(26)} ${used(name).toFixed(2).padStart(6)} s${peak}`);
    }

    // Worker CPU by channel: a worker (with its children) counts for a channel when it sends
    // that channel alone (ALERT_CHANNELS=push); a worker of several channels counts for none.
    const workerCpu: Partial<Record<Channel, number>> = {};
    let allWorkersCpu = 0;
    for (const pid of pids()) {
      const seconds = used(label(pid));
      allWorkersCpu += seconds;
      const channels = channelsOf(pid);
      if (channels && (CHANNELS as readonly string[]).includes(channels)) {
        const channel = channels as Channel;
        workerCpu[channel] = (workerCpu[channel] ?? 0) + seconds;
      }
    }
    const postgres = used('Postgres');
    const sending = CHANNELS.filter((c) => (reports[c]?.received ?? 0) > 0);
    const figures = sending.map((channel): ChannelFigure => {
      const r = reports[channel] as SinkReport;
      const span = r.first && r.last ? (r.last - r.first) / 1000 : Number.NaN;
      const cpuOf = workerCpu[channel] ?? (sending.length === 1 ? allWorkersCpu : undefined);
      return {
        phase: phase.name,
        channel,
        messages: r.received,
        perSecond: r.received / span,
        workerMs: cpuOf === undefined ? undefined : (cpuOf / r.received) * 1000,
        postgresMs: (postgres / messages) * 1000,
        shared: sending.length > 1,
      };
    });
    console.log(
      `  workers: ${((allWorkersCpu / messages) * 1000).toFixed(3)} ms, Postgres: ${((postgres / messages) * 1000).toFixed(3)} ms CPU per message (all channels)`,
    );
    return figures;
  } finally {
    await Promise.all(workers.map((w) => stopChild(w)));
  }
}

async function untilSent(pool: pg.Pool): Promise<void> {
  const deadline = Date.now() + 5 * 60_000;
  while ((await pending(pool)) > 0) {
    if (Date.now() > deadline) throw new Error('dispatch did not finish within 5 minutes');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/**
 * Rows still to send; phases run one after another, so all are this phase's. Through the claim's
 * partial index (it needs `not digest`): without it each poll, four a second, scanned the whole
 * outbox and counted as dispatch's Postgres CPU.
 */
async function pending(pool: pg.Pool): Promise<number> {
  const { rows } = await pool.query<{ n: string }>(
    `select count(*) as n from alert_deliveries
     where state = 'pending' and not digest and channel in ('push', 'email', 'sms')`,
  );
  return Number(rows[0]?.n ?? 0);
}

/** The figures of every phase as one Markdown table, ready for docs/performance.md. */
export function printFigures(figures: readonly ChannelFigure[]): void {
  console.log(
    '\n| phase | channel | messages | rate | worker CPU / message | Postgres CPU / message |',
  );
  console.log('| --- | --- | --- | --- | --- | --- |');
  for (const f of figures) {
    const worker = f.workerMs === undefined ? 'n/a (shared worker)' : `${f.workerMs.toFixed(3)} ms`;
    const postgres = `${f.postgresMs.toFixed(3)} ms${f.shared ? ' (all channels)' : ''}`;
    console.log(
      `| ${f.phase} | ${f.channel} | ${f.messages.toLocaleString('en-US')} | ${Math.round(f.perSecond).toLocaleString('en-US')}/s | ${worker} | ${postgres} |`,
    );
  }
}
