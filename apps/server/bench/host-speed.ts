/**
 * The host's speed, printed next to every bench's figures: hosts of this
 * machine class (2 cores each) differ about 2× in speed, so a figure means little without it, and
 * a goal met only on a fast host is not met.
 *
 * The measure is `npm run bench:api`'s bare reference: Fastify 5 answering `{"hello":"world"}`
 * (api-bare-hello.ts) in its own process, loaded by autocannon with 50 connections from the bench's
 * own process, as bench:api and bench:traffic load it between their rounds, so the three benches'
 * host lines compare. One short round (1 s to warm up, 3 s measured) is enough to tell a slow host
 * (23–33k req/s seen) from a fast one (59–70k).
 */
import { cpus, loadavg, totalmem } from 'node:os';
import autocannon from 'autocannon';
import { startBare } from './api-processes.ts';
import { freePort } from './bench-place.ts';

/**
 * Below this bare Fastify hello rate a host is of the slow class. Seen on hosts of this class:
 * 23–33k req/s on the slow ones, 59–70k on the fast ones; the goals are stated for the slow.
 */
export const SLOW_HOST_BELOW = 40_000;

/**
 * How much longer CPU-bound work takes on a slow host of this class than on a fast one, as
 * measured: the slow host of 2026-11-29 spent 256 worker CPU-seconds on the fan-out's 496,365 sends
 * where the fast hosts spent 106–128 (2.0–2.4×), and served bare Fastify 2.3× slower. The bare
 * rate itself is no finer scale: a fast Intel host read 85–91k req/s on 2026-11-29 where the
 * fast AMD hosts read 59–70k, yet its worker spent 0.29 ms a message against their 0.21–0.26.
 */
export const SLOW_HOST_CPU_FACTOR = 2.3;

export type HostSpeed = {
  /** Bare Fastify hello, requests a second (the mean of each round when there are several). */
  bareReqPerSec: number[];
  slow: boolean;
  /** `host: bare Fastify hello 27,400 req/s (slow host class: < 40k), 2 × …, load …, Node …` */
  line: string;
};

/** The machine, for a bench's heading: cores, CPU, memory and the load average now. */
export const machine = () =>
  `${cpus().length} × ${cpus()[0]?.model ?? 'unknown CPU'}, ${Math.round(totalmem() / 2 ** 30)} GiB, load ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`;

const thousands = (n: number) => Math.round(n).toLocaleString('en-US');

/**
 * The host line from bare Fastify hello rates already measured (one or more rounds): the rate (a
 * range when several), its class, the machine and the load now, and Node's version.
 */
export function hostSpeedOf(bareReqPerSec: number[]): HostSpeed {
  const low = Math.min(...bareReqPerSec);
  const high = Math.max(...bareReqPerSec);
  // The class by the middle round: one round disturbed by another process does not decide it.
  const middle = [...bareReqPerSec].sort((a, b) => a - b)[Math.floor(bareReqPerSec.length / 2)];
  const slow = (middle ?? 0) < SLOW_HOST_BELOW;
  const rate =
    bareReqPerSec.length > 1
      ? `${thousands(low)}–${thousands(high)} req/s over ${bareReqPerSec.length} rounds`
      : `${thousands(low)} req/s`;
  const limit = `${SLOW_HOST_BELOW / 1000}k`;
  const hostClass = slow ? `slow host class: < ${limit}` : `fast host class: ≥ ${limit}`;
  return {
    bareReqPerSec,
    slow,
    line: `host: bare Fastify hello ${rate} (${hostClass}), ${machine()}, Node ${process.version}`,
  };
}

/**
 * Measures bare Fastify hello now (about 5 s with the server's start). Call it at the start of a
 * bench, before its database and data generation start: then the two cores are the host's (and
 * its other tenants'), not shared with the bench's own Postgres, autovacuum or checkpoints, which
 * would make a fast host read as slow.
 */
export async function measureHostSpeed({
  seconds = 3,
  connections = 50,
}: {
  seconds?: number;
  connections?: number;
} = {}): Promise<HostSpeed> {
  const bare = await startBare(await freePort());
  try {
    const url = `${bare.url}/`;
    // The first second compiles Fastify's and autocannon's hot paths: not the host's speed.
    await autocannon({ url, connections, duration: 1 });
    const result = await autocannon({ url, connections, duration: seconds });
    if (result.errors + result.timeouts + result.non2xx > 0)
      throw new Error(`bare Fastify answered ${result.non2xx} non-2xx, ${result.errors} errors`);
    return hostSpeedOf([result.requests.average]);
  } finally {
    await bare.stop();
  }
}

/**
 * A goal's verdict on this host. The goals are absolute figures for the slow hosts, so a goal met
 * on a fast host is only met there: the verdict says so rather than "met".
 */
export function verdict(met: boolean, host: HostSpeed): string {
  if (!met) return 'NOT met';
  return host.slow ? 'met' : 'met on a fast host (the goal is judged on a slow one)';
}

/**
 * How many times longer CPU-bound work would take on a slow host than on this one: 1 on a host of
 * the slow class, SLOW_HOST_CPU_FACTOR on a fast one. A projection for figures that scale with the
 * CPU (CPU seconds per message, for instance), not a measurement.
 */
export function slowHostFactor(host: HostSpeed): number {
  return host.slow ? 1 : SLOW_HOST_CPU_FACTOR;
}
