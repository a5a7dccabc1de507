import { type ChildProcess, fork } from 'node:child_process';
import { setPriority } from 'node:os';
import { fileURLToPath } from 'node:url';
import type { FastifyBaseLogger } from 'fastify';
import type { Registry } from 'prom-client';
import type { OutboundChannel } from './alerts/channel-sender.ts';
import type { AppConfig } from './config.ts';

/** worker.ts started with this flag only delivers (no matching), for its parent worker. */
export const DISPATCH_CHILD_FLAG = '--dispatch-only';
const WORKER = fileURLToPath(new URL('./worker.ts', import.meta.url));
const RESTART_DELAY_MS = 1_000;
/** A child that has not sent its figures by then is left out of that scrape. */
const METRICS_REPLY_MS = 2_000;

/** A registry's figures as JSON (what prom-client's AggregatorRegistry.aggregate sums). */
export type Figures = Awaited<ReturnType<Registry['getMetricsAsJSON']>>;
/** The parent's ask for a child's figures, and the child's answer (IPC). */
type MetricsRequest = { metricsRequest: number };
type MetricsReply = { metricsReply: number; json: Figures };
const DELIVERY_NICENESS = 10;

/**
 * WORKER_PROCESSES=per-channel: WORKER_CHILDREN_PER_CHANNEL child processes per channel of
 * ALERT_CHANNELS, each running that channel's dispatch loops alone, at a lower CPU priority. In one process the channels share one event loop, so one
 * core: push encryption held email's SMTP round trips back (docs/performance.md). The outbox
 * shares the work between processes (FOR UPDATE SKIP LOCKED), so nothing else changes.
 * Each child's V8 heap is capped at WORKER_HEAP_MB: under a high allocation rate V8 grows the
 * heap far beyond the live data, which is small. A child that dies is started again; resolves
 * once every child is delivering.
 */
export async function startChannelChildren(config: AppConfig, log: FastifyBaseLogger) {
  const children = new Set<ChildProcess>();
  let stopping = false;

  function start(channel: OutboundChannel): Promise<void> {
    const child = fork(WORKER, [DISPATCH_CHILD_FLAG], {
      execArgv: [
        // The API's larger young generation (npm start, decision 062) is for its pages'
        // short-lived objects; delivery measured no better with it (performance log), so V8's own.
        ...process.execArgv.filter(
          (arg) =>
            !arg.startsWith('--max-old-space-size') && !arg.startsWith('--max-semi-space-size'),
        ),
        `--max-old-space-size=${config.workerHeapMb}`,
      ],
      env: { ...process.env, ALERT_CHANNELS: channel, WORKER_PROCESSES: 'one' },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    children.add(child);
    // Bulk sending yields the CPU to what people wait for: the matcher writing an announcement's
    // audience, Postgres, and an API on the same machine (nice 10; Linux and macOS).
    if (child.pid) {
      try {
        setPriority(child.pid, DELIVERY_NICENESS);
      } catch {
        // Not permitted here: the child runs at normal priority.
      }
    }
    let started = false;
    child.on('exit', (code, signal) => {
      children.delete(child);
      if (stopping || !started) return;
      log.error({ channel, code, signal }, 'an alert delivery process exited; starting it again');
      setTimeout(() => {
        if (!stopping) start(channel).catch((error: unknown) => log.error({ err: error }));
      }, RESTART_DELAY_MS).unref();
    });
    return new Promise((resolve, reject) => {
      child.once('message', () => {
        started = true;
        resolve();
      });
      child.once('exit', (code) => {
        if (!started) reject(new Error(`the ${channel} delivery process exited with ${code}`));
      });
    });
  }

  let asked = 0;
  /** Every running child's figures (prom-client's JSON), asked for over IPC now. */
  const metrics = () =>
    Promise.all(
      [...children].map(
        (child) =>
          new Promise<Figures | undefined>((resolve) => {
            if (!child.connected) return resolve(undefined);
            const id = ++asked;
            const timer = setTimeout(() => done(undefined), METRICS_REPLY_MS);
            const onMessage = (message: unknown) => {
              const reply = message as Partial<MetricsReply>;
              if (reply?.metricsReply === id) done(reply.json);
            };
            const done = (json: Figures | undefined) => {
              clearTimeout(timer);
              child.off('message', onMessage);
              resolve(json);
            };
            child.on('message', onMessage);
            child.send({ metricsRequest: id } satisfies MetricsRequest, (error) => {
              if (error) done(undefined);
            });
          }),
      ),
    ).then((all) => all.filter((json): json is Figures => json !== undefined));

  const stop = async () => {
    stopping = true;
    await Promise.all(
      [...children].map(
        (child) =>
          new Promise<void>((resolve) => {
            if (child.exitCode !== null || child.signalCode !== null) return resolve();
            child.once('exit', () => resolve());
            child.kill('SIGTERM');
          }),
      ),
    );
  };
  try {
    const perChannel = Array.from({ length: config.workerChildrenPerChannel });
    await Promise.all(
      config.alertChannels.flatMap((channel) => perChannel.map(() => start(channel))),
    );
  } catch (error) {
    await stop();
    throw error;
  }
  return { stop, metrics };
}

/** In a child: answer the parent's asks for this process' figures (`metrics` above). */
export function answerMetricsRequests(figures: () => Promise<Figures>): void {
  process.on('message', (message: unknown) => {
    const id = (message as Partial<MetricsRequest>)?.metricsRequest;
    if (typeof id !== 'number') return;
    figures().then(
      (json) => process.send?.({ metricsReply: id, json } satisfies MetricsReply),
      () => process.send?.({ metricsReply: id, json: [] } satisfies MetricsReply),
    );
  });
}

/**
 * In a child: stop when the parent worker is gone (its IPC channel closes), whether it exited
 * or was killed, so no delivery process outlives its worker.
 */
export function watchParent(onGone: () => void): void {
  process.on('disconnect', onGone);
}
