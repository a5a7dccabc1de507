import { type ChildProcess, spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
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

export function sinkReport(child: ChildProcess): Promise<SinkReport> {
  return new Promise((resolve) => {
    child.once('message', (report) => resolve(report as SinkReport));
    child.send({ report: true });
  });
}

/**
 * The real `npm run worker` (src/worker.ts) as a separate process, configured only through its
 * environment like a deployment would be; resolves once it says it is running.
 */
export function startWorker(env: Record<string, string>) {
  const child = track(
    spawn(process.execPath, ['--import', 'tsx', WORKER], {
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

/** The largest VmHWM among a process's live children (Postgres backends under the postmaster). */
export function largestChildPeakKb(parentPid: number): number {
  let largest = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const status = readFileSync(`/proc/${entry}/status`, 'utf8');
      if (Number(/PPid:\s+(\d+)/.exec(status)?.[1]) !== parentPid) continue;
      largest = Math.max(largest, Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0));
    } catch {
      // The process ended while we looked.
    }
  }
  return largest;
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
