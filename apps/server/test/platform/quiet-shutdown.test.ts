import pino from 'pino';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  LOST_CONNECTION_GRACE_MS,
  markIntendedShutdown,
  QUIET_SHUTDOWN_HOOKS,
} from '../../src/logging/quiet-logging.ts';

// Ctrl-C reaches the whole process group: Postgres' backends cancel the statements they run
// (57014) and end connections (57P01) while this process is still on its way to its own signal
// handler. Such a line waits for the signal; written at `debug` once it came, as it was if not.
// One file, in order: the intended shutdown, once marked, stays marked for the process.
const lines: { level: number; msg: string }[] = [];
const logger = pino(
  { level: 'debug', hooks: QUIET_SHUTDOWN_HOOKS },
  { write: (line: string) => lines.push(JSON.parse(line)) },
);
const canceled = () =>
  Object.assign(new Error('canceling statement due to user request'), { code: '57014' });

beforeEach(() => {
  vi.useFakeTimers();
  lines.length = 0;
});
afterEach(() => {
  vi.useRealTimers();
});

describe('a warning about a canceled statement', () => {
  it('with no signal behind it, is written as a warning after the grace', () => {
    logger.warn({ err: canceled() }, 'alert dispatch failed');
    expect(lines).toEqual([]);
    vi.advanceTimersByTime(LOST_CONNECTION_GRACE_MS);
    expect(lines.map((l) => [l.level, l.msg])).toEqual([[40, 'alert dispatch failed']]);
  });

  it('from the same Ctrl-C, is written at debug once the signal came', () => {
    logger.warn({ err: canceled() }, 'alert dispatch failed');
    markIntendedShutdown();
    vi.advanceTimersByTime(LOST_CONNECTION_GRACE_MS);
    expect(lines.map((l) => [l.level, l.msg])).toEqual([[20, 'alert dispatch failed']]);
  });
});
