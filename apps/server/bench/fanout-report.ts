import {
  DELIVERY_GOAL_SECONDS,
  type DeliveryCpu,
  printDeliveryCapacity,
} from './fanout-capacity.ts';
import type {
  BareTimes,
  ChannelFigures,
  ChannelLatency,
  FanoutTimes,
  WarmTrial,
} from './fanout-measure.ts';
import type { ReachFigures } from './fanout-reach.ts';
import type { SinkReport } from './fanout-sink.ts';
import { type HostSpeed, hostSpeedOf, slowHostFactor, verdict } from './host-speed.ts';
import { median } from './stats.ts';

export type FanoutRun = {
  fans: number;
  times: FanoutTimes;
  /** The audience's reach (decision 064) and the centres read while it lasted. */
  reach: ReachFigures;
  channels: ChannelFigures[];
  sunk: Record<'push' | 'email' | 'sms', SinkReport>;
  /** Peak RSS in KiB of the processes the sinks do not report themselves. */
  memory: Record<string, number>;
  bare: BareTimes;
  /**
   * The same announcement's in-app pass again, warm, each beside its bare insert: first on new
   * connections, then on the same ones kept (as the alert workers keep theirs, decision 065).
   */
  warm: { newConnections: WarmTrial; kept: WarmTrial[] };
  latencies: ChannelLatency[];
  load: string;
  /** CPU seconds per process from the announcement to the last send, and that wall time. */
  cpuUsed: Record<string, number>;
  wallSeconds: number;
  /** The host's speed, measured before the bench's database started. */
  host: HostSpeed;
  delivery: DeliveryCpu;
};

const n = (value: number) => Math.round(value).toLocaleString('en-US');
const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const mib = (kb: number) => `${(kb / 1024).toFixed(0)} MiB`;
const GIB_KB = 1024 * 1024;
const DELIVERY_GOAL_MS = DELIVERY_GOAL_SECONDS * 1000;

/** Prints the figures, then each goal of the issue as met or not, with the figure it rests on. */
export function printReport(run: FanoutRun): void {
  const { times, channels, sunk } = run;
  const written = channels.reduce((sum, c) => sum + c.rows, 0);
  const matchMs = times.lastRow - times.matchStarted;
  const rate = (written / matchMs) * 1000;
  const bareRate = (written / run.bare.indexed) * 1000;
  const unindexedRate = (written / run.bare.unindexed) * 1000;
  const toLastRow = times.lastRow - times.announced;
  const toFirstInApp = times.firstInApp - times.announced;
  // Every in-app row is written when the last one commits (decision 056); the whole audience has
  // the alert before, at its reach's commit (decision 064).
  const toLastInApp = times.lastInApp - times.announced;
  const toReach = run.reach.reached ? run.reach.reached - times.announced : Number.NaN;
  const inAppRate = (times.inAppRows / toLastInApp) * 1000;
  const inAppPassRate = (times.inAppRows / (times.lastInApp - times.matchStarted)) * 1000;
  const bareInAppRate = (times.inAppRows / run.bare.inAppIndexed) * 1000;
  const coldShare = ((inAppPassRate / bareInAppRate) * 100).toFixed(0);
  // Each warm pass against the bare insert measured right after it; the goal on the median of
  // those on kept connections, as a running service's matches are (decision 065).
  const warmMedian = median(run.warm.kept.map((w) => w.bareMs / w.passMs));
  const warmShare = (warmMedian * 100).toFixed(0);
  // The materialisation goal is judged on the host the kept passes had, measured before each.
  const warmHost = hostSpeedOf(run.warm.kept.map((w) => w.hostReqPerSec));

  console.log(
    `\nFan-out of one announcement over ${n(run.fans)} fans (load average now ${run.load})`,
  );
  console.log(`audience (fans with an in-app row): ${n(times.inAppRows)}`);
  console.log(
    `rows written: ${n(written)} (${channels.map((c) => `${c.channel} ${n(c.rows)}`).join(', ')})`,
  );
  console.log(`matcher, first range begun → last row committed: ${s(matchMs)} → ${n(rate)} rows/s`);
  console.log(
    `bare INSERT ... SELECT of the same rows into a copy of the outbox (LIKE … INCLUDING ALL: its indexes, checks, defaults): ${s(run.bare.indexed)} → ${n(bareRate)} rows/s`,
  );
  console.log(
    `bare INSERT ... SELECT of the same rows into an unindexed table: ${s(run.bare.unindexed)} → ${n(unindexedRate)} rows/s`,
  );
  console.log(
    `materialisation / bare with the same indexes: ${((rate / bareRate) * 100).toFixed(0)}%; / unindexed bare: ${((rate / unindexedRate) * 100).toFixed(0)}%`,
  );
  console.log(
    `in-app pass, first range begun → last in-app row committed: ${s(times.lastInApp - times.matchStarted)} → ${n(inAppPassRate)} rows/s; bare INSERT of the in-app rows alone into the outbox's copy: ${s(run.bare.inAppIndexed)} → ${n(bareInAppRate)} rows/s (${coldShare}%)`,
  );
  const warmPass = (w: WarmTrial) =>
    `${s(w.passMs)} / ${s(w.bareMs)} bare: ${((w.bareMs / w.passMs) * 100).toFixed(0)}% (host ${n(w.hostReqPerSec)} req/s before it; the match's WAL ${w.walMb.toFixed(0)} MB, ${w.fullPagesMb.toFixed(0)} MB of it full pages)`;
  console.log(
    `in-app pass again, warm, on this process' new connections (their backends map in the shared memory they write, decision 065): ${warmPass(run.warm.newConnections)}`,
  );
  console.log(
    `in-app pass again, warm, on the same connections kept (as the alert workers keep theirs; ${run.warm.kept.length} more times, each beside its own bare insert): ${run.warm.kept
      .map(warmPass)
      .join('; ')}; median ${warmShare}%`,
  );
  console.log(`announcement → first in-app row visible: ${s(toFirstInApp)}`);
  console.log(
    `announcement → every fan reached (the reach's commit, decision 064: the centres read the alert from the match's rules): ${s(toReach)}`,
  );
  console.log(`announcement → every fan's in-app row written: ${s(toLastInApp)}`);
  const r = run.reach;
  console.log(
    `centres read while the reach lasted (${s(r.ended - r.reached)}): ${r.reads} reads of sampled fans, p50 ${r.p50Ms.toFixed(1)} ms, p99 ${r.p99Ms.toFixed(1)} ms; ${r.sawAlert} of them showed the alert, ${r.hasRow} have its row now, ${r.disagreed} disagreed; the reach's own statement for one fan afterwards, quiet: p50 ${r.quietP50Ms.toFixed(2)} ms, p99 ${r.quietP99Ms.toFixed(2)} ms`,
  );
  console.log(`announcement → last delivery row committed (outbound queued): ${s(toLastRow)}`);

  console.log(
    '\nchannel  | rows      | sent      | failed | sink got  | first→last at sink | per second | announce → last sent',
  );
  console.log(
    `in_app   | ${n(times.inAppRows).padStart(9)} | written as sent                          | ${n(inAppRate).padStart(10)} | ${s(toLastInApp)}`,
  );
  const rates: Record<string, number> = { in_app: inAppRate };
  for (const c of channels) {
    const sink = sunk[c.channel as keyof typeof sunk];
    if (!sink) continue;
    const span = sink.first !== null && sink.last !== null ? sink.last - sink.first : Number.NaN;
    rates[c.channel] = (sink.received / span) * 1000;
    console.log(
      `${c.channel.padEnd(8)} | ${n(c.rows).padStart(9)} | ${n(c.sent).padStart(9)} | ${n(c.failed).padStart(6)} | ${n(sink.received).padStart(9)} | ${s(span).padStart(18)} | ${n(rates[c.channel] ?? 0).padStart(10)} | ${s(c.lastSent - times.announced)}`,
    );
  }

  console.log(
    `\nannounce → delivered, every fan of the audience (goal p99 ≤ ${DELIVERY_GOAL_SECONDS} s per channel):`,
  );
  console.log('channel  | delivered |      p50 |      p99 |      max | goal');
  for (const l of run.latencies) {
    console.log(
      `${l.channel.padEnd(8)} | ${n(l.delivered).padStart(9)} | ${s(l.p50).padStart(8)} | ${s(l.p99).padStart(8)} | ${s(l.max).padStart(8)} | ${l.p99 <= DELIVERY_GOAL_MS ? 'met' : 'NOT met'}`,
    );
  }

  const capacity = printDeliveryCapacity(
    channels,
    run.delivery,
    toLastInApp / 1000,
    slowHostFactor(run.host),
  );

  const memory: Record<string, number> = { ...run.memory };
  for (const sink of Object.values(sunk)) memory[`${sink.kind} sink`] = sink.maxRssKb;
  console.log('\npeak memory (VmHWM / maxRSS):');
  for (const [name, kb] of Object.entries(memory)) console.log(`  ${name.padEnd(26)} ${mib(kb)}`);

  const cpuTotal = Object.values(run.cpuUsed).reduce((sum, v) => sum + v, 0);
  console.log(
    `\nCPU from the announcement to the last send (${run.wallSeconds.toFixed(0)} s of wall time, ${(2 * run.wallSeconds).toFixed(0)} CPU s on 2 cores; ${cpuTotal.toFixed(0)} used by these):`,
  );
  for (const [name, used] of Object.entries(run.cpuUsed)) {
    console.log(
      `  ${name.padEnd(26)} ${used.toFixed(1)} s (${((used / run.wallSeconds) * 100).toFixed(0)}% of a core)`,
    );
  }

  const nodeProcesses = Object.entries(memory).filter(([name]) => !name.includes('Postgres'));
  // Each goal, whether met, its figure, and the host it is judged on when not the one at the start.
  const goals: Array<[string, boolean, string, HostSpeed?]> = [
    [
      'materialisation of the audience (the in-app pass, warm) ≥ 70% of a bare insert of its rows into the same indexes',
      warmMedian >= 0.7,
      `${warmShare}% warm (median of ${run.warm.kept.length} on kept connections; on new ones ${((run.warm.newConnections.bareMs / run.warm.newConnections.passMs) * 100).toFixed(0)}%); the world's first match, cold, ${coldShare}%; every row, both passes: ${((rate / bareRate) * 100).toFixed(0)}%`,
      warmHost,
    ],
    [
      "whole audience alerted (every fan's in-app alert, from the reach's commit) within 5 s",
      toReach <= 5_000 && r.disagreed === 0 && r.reads > 0,
      `${s(toReach)}, ${r.disagreed} of ${r.reads} sampled centres disagreeing with the rows; every in-app row written ${s(toLastInApp)}, every outbound row queued ${s(toLastRow)}`,
    ],
    ['first in-app alert within 1 s', toFirstInApp <= 1_000, s(toFirstInApp)],
    ['in-app ≥ 5,000/s', inAppRate >= 5_000, `${n(inAppRate)}/s`],
    ['push ≥ 5,000/s', (rates.push ?? 0) >= 5_000, `${n(rates.push ?? 0)}/s`],
    ['email ≥ 1,000/s', (rates.email ?? 0) >= 1_000, `${n(rates.email ?? 0)}/s`],
    ...run.latencies.map((l): [string, boolean, string] => [
      `${l.channel}: announce → delivered p99 ≤ ${DELIVERY_GOAL_SECONDS} s`,
      l.p99 <= DELIVERY_GOAL_MS,
      s(l.p99),
    ]),
    [
      'each process < 1 GiB',
      nodeProcesses.every(([, kb]) => kb < GIB_KB),
      nodeProcesses.map(([name, kb]) => `${name} ${mib(kb)}`).join(', '),
    ],
  ];
  console.log('\ngoals:');
  for (const [goal, met, figure, host = run.host] of goals) {
    console.log(`  ${verdict(met, host).padEnd(7)}  ${goal} (${figure})`);
  }
  console.log(
    `  stated   delivery p99 ≤ ${DELIVERY_GOAL_SECONDS} s per channel needs ${capacity.coresSlow} delivery processes on cores of their own on a slow host, projected (${capacity.coresHere} on this one): see the table above`,
  );
  console.log(`at the start, ${run.host.line}`);
  console.log(`before the kept warm passes (materialisation's goal), ${warmHost.line}`);
}
