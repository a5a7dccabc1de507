import pino from 'pino';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  LOST_CONNECTION_GRACE_MS,
  markIntendedShutdown,
  QUIET_SHUTDOWN_HOOKS,
} from '../../src/logging/quiet-logging.ts';

// Ctrl-C reaches the whole process group: Postgres' backends cancel the statements they run
// (57014) and end connections (57P01), and refuse new ones (57P03), while this process is still
// on its way to its own signal handler. Such a line waits for the signal; written at `debug` once it came, as it was if not.
// One file, in order: the intended shutdown, once marked, stays marked for the process.
const lines: { level: number; msg: string }[] = [];
const logger = pino(
  { level: 'debug', hooks: QUIET_SHUTDOWN_HOOKS },
  { write: (line: string) => lines.push(JSON.parse(line)) },
);
const canceled = () =>
  Object.assign(new Error('canceling statement due to user request'), { code: '57014' });
/** A loop's new connection refused while Postgres stops (drizzle wraps pg's error as its cause). */
const shuttingDown = () =>
  new Error('Failed query: select 1', {
    cause: Object.assign(new Error('the database system is shutting down'), { code: '57P03' }),
  });

beforeEach(() => {
  vi.useFakeTimers();
  lines.length = 0;
});
afterEach(() => {
  vi.useRealTimers();
});

describe('a warning about a canceled statement or a refused connection', () => {
  it.each([
    ['canceled', canceled],
    ['refused while Postgres shuts down', shuttingDown],
  ])('%s, with no signal behind it, is written as a warning after the grace', (_, error) => {
    logger.warn({ err: error() }, 'alert dispatch failed');
    expect(lines).toEqual([]);
    vi.advanceTimersByTime(LOST_CONNECTION_GRACE_MS);
    expect(lines.map((l) => [l.level, l.msg])).toEqual([[40, 'alert dispatch failed']]);
  });

  it('from the same Ctrl-C, is written at debug once the signal came', () => {
    logger.warn({ err: canceled() }, 'alert dispatch failed');
    logger.warn({ err: shuttingDown() }, 'alert dispatch failed');
    markIntendedShutdown();
    vi.advanceTimersByTime(LOST_CONNECTION_GRACE_MS);
    expect(lines.map((l) => [l.level, l.msg])).toEqual([
      [20, 'alert dispatch failed'],
      [20, 'alert dispatch failed'],
    ]);
  });
});
