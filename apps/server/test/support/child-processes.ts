import { type ChildProcess, type SpawnOptions, spawn } from 'node:child_process';
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { afterAll, afterEach } from 'vitest';
import { makeTempDir } from './paths.ts';

/** How long what a test started has to stop after SIGTERM before it gets SIGKILL. */
const STOP_DEADLINE_MS = 5_000;

export type StartedProcess = {
  child: ChildProcess;
  /** What it printed so far (stdout and stderr). */
  output(): string;
  /** Its exit code; null when a signal ended it. */
  exited: Promise<number | null>;
  /**
   * Resolves once it has printed `text`. Fails at once if it exits first, or after `timeoutMs`,
   * either way with everything it printed in the message (an assertion's preview of the output
   * is cut to its first line: the reason a start failed is further down).
   */
  printed(text: string, timeoutMs: number): Promise<void>;
};

/**
 * The processes and .tmp folders of one test file. Each process starts in its own process group
 * (what it forks — Postgres, delivery children, npm's node — joins it). After each test (or after
 * all of them, as `processesAfter` says), passed or failed, every group still running and every
 * process whose command line names one of the folders (a Postgres started with -D <folder>) gets
 * SIGTERM, then SIGKILL after STOP_DEADLINE_MS; the folders are removed after all the tests. A
 * failed test leaves nothing running or on disk. `stopAll()` does both on demand (say, before an
 * afterAll closes the database the processes use).
 */
export function testProcesses(processesAfter: 'each' | 'all') {
  const groups = new Set<number>();
  const dirs = new Set<string>();

  async function stopProcesses() {
    const leftovers = () => [
      ...new Set([...[...groups].flatMap(groupMembers), ...[...dirs].flatMap(liveProcessesUsing)]),
    ];
    for (const pid of leftovers()) signal(pid, 'SIGTERM');
    const deadline = Date.now() + STOP_DEADLINE_MS;
    while (leftovers().length > 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50)); // polls the condition; bounded
    }
    for (const pid of leftovers()) signal(pid, 'SIGKILL');
    groups.clear();
  }
  function removeDirs() {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
    dirs.clear();
  }
  async function stopAll() {
    await stopProcesses();
    removeDirs();
  }
  (processesAfter === 'each' ? afterEach : afterAll)(stopProcesses, 2 * STOP_DEADLINE_MS);
  afterAll(stopAll, 2 * STOP_DEADLINE_MS);

  return {
    /** A fresh folder under .tmp, removed with the processes. */
    tempDir(prefix: string): string {
      const dir = makeTempDir(prefix);
      dirs.add(dir);
      return dir;
    },
    /** Spawns `command` as the leader of its own process group, collecting what it prints. */
    start(command: string, args: string[], options: SpawnOptions = {}): StartedProcess {
      const child = spawn(command, args, {
        ...options,
        detached: true,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      if (child.pid) groups.add(child.pid);
      const exited = new Promise<number | null>((resolve) =>
        child.once('exit', (code) => resolve(code)),
      );
      let output = '';
      const listeners = new Set<() => void>();
      for (const stream of [child.stdout, child.stderr]) {
        stream?.on('data', (chunk) => {
          output += chunk;
          for (const listener of listeners) listener();
        });
      }
      // 'close', not 'exit': what it printed last may still be in the pipes when it exits.
      let exitCode: number | null | undefined;
      child.once('close', (code) => {
        exitCode = code;
        for (const listener of listeners) listener();
      });
      const printed = (text: string, timeoutMs: number) =>
        new Promise<void>((resolve, reject) => {
          const settle = (error?: string) => {
            listeners.delete(check);
            clearTimeout(timer);
            if (error) reject(new Error(`${error}. It printed:\n${output}`));
            else resolve();
          };
          const check = () => {
            if (output.includes(text)) settle();
            else if (exitCode !== undefined) {
              settle(
                `${command} exited (code ${exitCode}) before printing ${JSON.stringify(text)}`,
              );
            }
          };
          const timer = setTimeout(
            () => settle(`${command} did not print ${JSON.stringify(text)} within ${timeoutMs} ms`),
            timeoutMs,
          );
          listeners.add(check);
          check();
        });
      return { child, output: () => output, exited, printed };
    },
    stopAll,
  };
}

export type TestProcesses = ReturnType<typeof testProcesses>;

/** Sends a signal to a process, or to a process group when `pid` is negative; gone is fine. */
export function signal(pid: number, name: NodeJS.Signals) {
  try {
    process.kill(pid, name);
  } catch {}
}

const pids = () => readdirSync('/proc').filter((name) => /^\d+$/.test(name));

/** `/proc/<pid>/stat` after the command name: state, ppid, pgrp, …; undefined once gone. */
function statOf(pid: string): string[] | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch {
    return undefined;
  }
}

/** Live (not zombie) processes of a process group. */
function groupMembers(pgid: number): number[] {
  return pids()
    .filter((pid) => {
      const stat = statOf(pid);
      return stat !== undefined && stat[0] !== 'Z' && Number(stat[2]) === pgid;
    })
    .map(Number);
}

/** PIDs of processes whose command line mentions `dir` (Postgres is started with -D <dir>). */
export function processesUsing(dir: string): number[] {
  return pids()
    .filter((pid) => {
      try {
        return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(dir);
      } catch {
        return false;
      }
    })
    .map(Number);
}

/** The same, less zombies (exited, waiting for their parent): nothing left to stop. */
export const liveProcessesUsing = (dir: string) => processesUsing(dir).filter(alive);

/** The processes whose parent is `pid` (Linux /proc), zombies included: see `alive`. */
export function childrenOf(pid: number): number[] {
  return pids()
    .filter((child) => Number(statOf(child)?.[1]) === pid)
    .map(Number);
}

/** Running, not exited (an orphan's zombie may wait for a container's init to reap it). */
export function alive(pid: number): boolean {
  const stat = statOf(String(pid));
  return stat !== undefined && stat[0] !== 'Z';
}

/** The Node processes among `pid`'s children started with `flag` (tsx's esbuild is not one). */
export function childrenWithFlag(pid: number, flag: string): number[] {
  return childrenOf(pid).filter((child) => {
    try {
      return readFileSync(`/proc/${child}/cmdline`, 'utf8').split('\0').includes(flag);
    } catch {
      return false;
    }
  });
}

/** A process' niceness (/proc/pid/stat field 19). */
export function niceOf(pid: number): number {
  return Number(statOf(String(pid))?.[16]);
}
