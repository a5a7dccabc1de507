import { type ChildProcess, fork } from 'node:child_process';
import { setPriority } from 'node:os';
import { fileURLToPath } from 'node:url';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from './config.ts';
import type { Figures } from './metrics/metrics-server.ts';

/** worker.ts started with this flag only delivers (no matching), for its parent worker. */
export const DISPATCH_CHILD_FLAG = '--dispatch-only';
/** worker.ts started with this flag is the API's alert workers (WORKERS=on, decision 066). */
export const API_CHILD_FLAG = '--beside-api';
const WORKER = fileURLToPath(new URL('./worker.ts', import.meta.url));
const RESTART_DELAY_MS = 1_000;
/** A child that has not sent its figures by then is left out of that scrape. */
const METRICS_REPLY_MS = 2_000;

/**
 * Where the API's /metrics reads its worker child's figures at each scrape: filled in by
 * main-lib.ts once the child is starting (WORKERS=on), empty otherwise.
 */
export type WorkerFigures = { read?: () => Promise<Figures[]> };
/**
 * A child's first message asks for its configuration; the parent answers with all of it (the
 * child reads no environment); the child says when it is working.
 */
type ConfigRequest = { configRequest: true };
type ConfigMessage = { config: AppConfig };
type ReadyMessage = { ready: true };
/** The parent's ask for a child's figures, and the child's answer (IPC). */
type MetricsRequest = { metricsRequest: number };
type MetricsReply = { metricsReply: number; json: Figures };
/**
 * Background work is meant to yield the CPU to what people wait for. nice 10 (Linux and macOS):
 * a nice-10 process gets about a tenth of a core that a nice-0 one of its session wants. Only of
 * its session: with the kernel's autogroups each session is weighed as one, and each Postgres
 * backend is a session of its own, so while a big audience is sent the pages still lose about the
 * delivery's CPU (measured: decision 066, `bench:announce --load`).
 */
const BACKGROUND_NICENESS = 10;

/** One kind of child: what it is called in the log, its flag, its configuration and priority. */
type ChildSpec = { name: string; flag: string; config: AppConfig; niceness?: number };

/**
 * WORKER_PROCESSES=per-channel: WORKER_CHILDREN_PER_CHANNEL child processes per channel of
 * ALERT_CHANNELS, each running that channel's dispatch loops alone, at a lower CPU priority. In one process the channels share one event loop, so one
 * core: push encryption held email's SMTP round trips back (docs/performance.md). The outbox
 * shares the work between processes (FOR UPDATE SKIP LOCKED), so nothing else changes.
 * A child that dies is started again; resolves once every child is delivering.
 * `config.databaseUrl` must be set: the children connect to the database their parent found.
 */
export async function startChannelChildren(config: AppConfig, log: FastifyBaseLogger) {
  const children = superviseChildren(log);
  try {
    const perChannel = Array.from({ length: config.workerChildrenPerChannel });
    await Promise.all(
      config.alertChannels.flatMap((channel) =>
        perChannel.map(() =>
          children.start({
            name: `the ${channel} delivery process`,
            flag: DISPATCH_CHILD_FLAG,
            config: { ...config, alertChannels: [channel], workerProcesses: 'one' },
            niceness: BACKGROUND_NICENESS,
          }),
        ),
      ),
    );
  } catch (error) {
    await children.stop();
    throw error;
  }
  return { stop: children.stop, metrics: children.metrics };
}

/**
 * WORKERS=on (decision 066): the API's alert workers (matching, delivery, the digest) in one
 * child process of the API, which starts it again if it dies and stops it with itself, at nice 10.
 * Their CPU then never holds a page back on the API's event loop (the cores are still shared: see
 * BACKGROUND_NICENESS). Resolves once the child is working.
 * `config.databaseUrl` must be set (the embedded Postgres' address, when the API started one).
 */
export async function startWorkerChild(config: AppConfig, log: FastifyBaseLogger) {
  const children = superviseChildren(log);
  try {
    // Niced as the delivery children are (within the API's session only: BACKGROUND_NICENESS).
    await children.start({
      name: 'the alert workers’ process',
      flag: API_CHILD_FLAG,
      config,
      niceness: BACKGROUND_NICENESS,
    });
  } catch (error) {
    await children.stop();
    throw error;
  }
  return { stop: children.stop, metrics: children.metrics };
}

/**
 * Starts children of worker.ts, each given its configuration over IPC (so tests' and the API's
 * own settings reach it, not only the environment's), each V8 heap capped at WORKER_HEAP_MB:
 * under a high allocation rate V8 grows the heap far beyond the live data, which is small. A
 * child that exits while not stopping is logged once and started again after a second.
 */
function superviseChildren(log: FastifyBaseLogger) {
  const children = new Set<ChildProcess>();
  let stopping = false;

  function start(spec: ChildSpec): Promise<void> {
    const child = fork(WORKER, [spec.flag], {
      execArgv: childNodeFlags(spec.config.workerHeapMb),
      // Structured clone, not JSON: the configuration arrives as it was (undefined, Infinity).
      serialization: 'advanced',
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    children.add(child);
    // Linux and macOS; where not permitted the child runs at normal priority.
    if (child.pid && spec.niceness) {
      try {
        setPriority(child.pid, spec.niceness);
      } catch {
        // Not permitted here: the child runs at normal priority.
      }
    }
    let started = false;
    child.on('exit', (code, signal) => {
      children.delete(child);
      if (stopping || !started) return;
      log.error({ process: spec.name, code, signal }, 'a worker process exited; starting it again');
      setTimeout(() => {
        if (!stopping) start(spec).catch((error: unknown) => log.error({ err: error }));
      }, RESTART_DELAY_MS).unref();
    });
    return new Promise((resolve, reject) => {
      // The child asks for its configuration once it listens (a message sent before would be
      // lost), then says it is ready.
      const onMessage = (message: unknown) => {
        if ((message as Partial<ConfigRequest>)?.configRequest) {
          child.send({ config: spec.config } satisfies ConfigMessage);
        } else if ((message as Partial<ReadyMessage>)?.ready) {
          child.off('message', onMessage);
          started = true;
          resolve();
        }
      };
      child.on('message', onMessage);
      child.once('exit', (code) => {
        if (!started) reject(new Error(`${spec.name} exited with ${code} while starting`));
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
  return { start, stop, metrics };
}

/**
 * A child's Node flags: the parent's, with its heap capped at `heapMb` and V8's own young
 * generation (the API's larger one, npm start's decision 062, is for its pages' short-lived
 * objects; delivery measured no better with it), and TypeScript loaded through tsx as the
 * parent's is (npm start registers tsx in its script, so its flags do not say so).
 */
function childNodeFlags(heapMb: number): string[] {
  const flags = process.execArgv.filter(
    (arg) => !arg.startsWith('--max-old-space-size') && !arg.startsWith('--max-semi-space-size'),
  );
  const loadsTsx = flags.some((arg) => arg.includes('tsx'));
  return [
    ...flags,
    ...(loadsTsx ? [] : ['--import', import.meta.resolve('tsx')]),
    `--max-old-space-size=${heapMb}`,
  ];
}

/** In a child: its configuration, asked of its parent (`start` above). */
export function configFromParent(): Promise<AppConfig> {
  return new Promise((resolve, reject) => {
    const send = process.send?.bind(process);
    if (!send) return reject(new Error('a worker child must be started by its parent'));
    const onMessage = (message: unknown) => {
      const { config } = message as Partial<ConfigMessage>;
      if (!config) return;
      process.off('message', onMessage);
      resolve(config);
    };
    process.on('message', onMessage);
    send({ configRequest: true } satisfies ConfigRequest);
  });
}

/** In a child: tell the parent it is working (what `start` above waits for). */
export function tellParentReady(): void {
  process.send?.({ ready: true } satisfies ReadyMessage);
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
