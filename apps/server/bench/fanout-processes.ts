import { type ChildProcess, spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { DISPATCH_CHILD_FLAG } from '../src/worker-children.ts';
import type { SinkReport } from './fanout-sink.ts';

const SINK = new URL('./fanout-sink.ts', import.meta.url).pathname;
const WORKER = new URL('../src/worker.ts', import.meta.url).pathname;

/** Children of this bench, so every exit path (error, Ctrl-C) can end exactly these. */
const children = new Set<ChildProcess>();

function track(child: ChildProcess, label: string): ChildProcess {
  children.add(child);
  child.on('exit', (code, signal) => {
    children.delete(child);
    if (code && code !== 0) console.error(`${label} exited with ${code ?? signal}`);
  });
  return child;
}

/** A channel sink in its own process; resolves once it listens. */
export function startSink(kind: 'push' | 'email' | 'sms', port: number, extra: string[] = []) {
  // `--keys` (in extra): it also keeps each copy's recipient and key (sinkCopies).
  const child = track(
    spawn(process.execPath, ['--import', 'tsx', SINK, kind, String(port), ...extra], {
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    }),
    `${kind} sink`,
  );
  return new Promise<ChildProcess>((resolve, reject) => {
    child.once('message', () => resolve(child));
    child.once('exit', (code) => reject(new Error(`${kind} sink exited with ${code}`)));
  });
}

/** Counts from zero again (IPC keeps order: a later report sees the reset). */
export function resetSink(child: ChildProcess): void {
  child.send({ reset: true });
}

export function sinkReport(child: ChildProcess): Promise<SinkReport> {
  return new Promise((resolve) => {
    child.once('message', (report) => resolve(report as SinkReport));
    child.send({ report: true });
  });
}

/** With `--keys`: every `recipient key` the sink received, and how many copies of each. */
export function sinkCopies(child: ChildProcess): Promise<Array<[string, number]>> {
  return new Promise((resolve) => {
    child.once('message', (answer) =>
      resolve((answer as { copies: Array<[string, number]> }).copies),
    );
    child.send({ copies: true });
  });
}

/**
 * The real `npm run worker` (src/worker.ts) as a separate process, configured only through its
 * environment like a deployment would be; resolves once it says it is running.
 */
export function startWorker(env: Record<string, string>, nodeArgs: string[] = []) {
  const child = track(
    spawn(process.execPath, [...nodeArgs, '--import', 'tsx', WORKER], {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'inherit'],
    }),
    'worker',
  );
  return new Promise<ChildProcess>((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      const text = chunk.toString();
      if (text.includes('alert workers are running')) resolve(child);
      else process.stdout.write(`  [worker] ${text}`);
    });
    child.once('exit', (code) => reject(new Error(`the worker exited with ${code}`)));
  });
}

/** Peak resident memory (VmHWM) of a live process in KiB, from /proc (Linux). */
export function peakRssKb(pid: number | undefined): number {
  if (!pid) return Number.NaN;
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? Number.NaN);
}

/** Linux's USER_HZ: /proc reports CPU time in ticks of 1/100 s. */
const TICKS_PER_SECOND = 100;

/**
 * The fields of /proc/PID/stat after "pid (comm) ", as numbers: state is [0], minflt/cminflt
 * [7]/[8], utime/stime [11]/[12], cutime/cstime [13]/[14].
 */
function statFields(pid: number): number[] {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  return stat
    .slice(stat.lastIndexOf(')') + 2)
    .split(' ')
    .map(Number);
}

/** User + system CPU seconds of a live process; with `reaped`, also of its exited children. */
export function cpuSeconds(pid: number | undefined, reaped = false): number {
  if (!pid) return Number.NaN;
  const f = statFields(pid);
  const ticks = (f[11] ?? 0) + (f[12] ?? 0) + (reaped ? (f[13] ?? 0) + (f[14] ?? 0) : 0);
  return ticks / TICKS_PER_SECOND;
}

/** Live child processes of `parentPid` (Postgres backends under the postmaster). */
export function childrenOf(parentPid: number): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const status = readFileSync(`/proc/${entry}/status`, 'utf8');
      if (Number(/PPid:\s+(\d+)/.exec(status)?.[1]) === parentPid) pids.push(Number(entry));
    } catch {
      // The process ended while we looked.
    }
  }
  return pids;
}

/** A process and every live process under it (a per-channel worker's delivery children). */
export function processTree(pid: number | undefined): number[] {
  return pid ? [pid, ...childrenOf(pid).flatMap((child) => processTree(child))] : [];
}

/** CPU seconds of a process and its live descendants (exited ones count when reaped). */
export function treeCpuSeconds(pid: number | undefined): number {
  return processTree(pid).reduce((sum, p) => sum + cpuSeconds(p, true), 0);
}

/**
 * The worker's CPU seconds by part: `matcher` is the parent (it matches and writes the in-app
 * rows; it sends nothing under WORKER_PROCESSES=per-channel), each channel the sum of its
 * delivery children (worker-children.ts starts them with DISPATCH_CHILD_FLAG and their channel in
 * ALERT_CHANNELS, which /proc keeps as the child's environment at its start).
 */
export function workerCpuByPart(pid: number | undefined): Record<string, number> {
  const parts: Record<string, number> = { matcher: pid ? cpuSeconds(pid) : Number.NaN };
  for (const child of processTree(pid).slice(1)) {
    try {
      const argv = readFileSync(`/proc/${child}/cmdline`, 'utf8').split('\0');
      if (!argv.includes(DISPATCH_CHILD_FLAG)) continue;
      const environ = readFileSync(`/proc/${child}/environ`, 'utf8').split('\0');
      const channel = environ.find((v) => v.startsWith('ALERT_CHANNELS='))?.slice(15) ?? '?';
      parts[channel] = (parts[channel] ?? 0) + cpuSeconds(child, true);
    } catch {
      // The process ended while we looked.
    }
  }
  return parts;
}

/** The largest VmHWM in KiB of a process and its live descendants: the per-process goal's figure. */
export function largestTreePeakKb(pid: number | undefined): number {
  return Math.max(0, ...processTree(pid).map((p) => peakRssKb(p) || 0));
}

/** The largest VmHWM among the postmaster's live children (its backends), in KiB. */
export function largestChildPeakKb(parentPid: number): number {
  return Math.max(0, ...childrenOf(parentPid).map((pid) => peakRssKb(pid) || 0));
}

/**
 * A figure of the whole Postgres server: `of(pid, reaped)` for the postmaster with its exited
 * children, plus each live child (its backends); a child that ended while we looked counts 0.
 */
function postgresTotal(postmasterPid: number, of: (pid: number, reaped: boolean) => number) {
  const live = childrenOf(postmasterPid).map((pid) => {
    try {
      return of(pid, false);
    } catch {
      return 0;
    }
  });
  return of(postmasterPid, true) + live.reduce((sum, n) => sum + n, 0);
}

/** CPU seconds of the whole Postgres server: the postmaster, its live and its exited children. */
export function postgresCpuSeconds(postmasterPid: number): number {
  return postgresTotal(postmasterPid, cpuSeconds);
}

/**
 * Minor page faults of the whole Postgres server, its live and exited children included: mostly
 * its backends mapping in the shared memory they touch (a new backend maps none of it; decision
 * 065).
 */
export function postgresMinorFaults(postmasterPid: number): number {
  return postgresTotal(postmasterPid, (pid, reaped) => {
    const f = statFields(pid);
    return (f[7] ?? 0) + (reaped ? (f[8] ?? 0) : 0);
  });
}

/** SIGTERM (the worker finishes its batches), SIGKILL after `graceMs`. */
export async function stopChild(child: ChildProcess, graceMs = 15_000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
  await exited;
  clearTimeout(timer);
}

export async function stopAllChildren(): Promise<void> {
  await Promise.all([...children].map((child) => stopChild(child)));
}

/** SIGKILL to every child still running, synchronously (from a process 'exit' listener). */
export function killChildrenNow(): void {
  for (const child of children) child.kill('SIGKILL');
}
