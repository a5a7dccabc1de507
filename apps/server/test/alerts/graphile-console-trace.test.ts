import type { FastifyBaseLogger } from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { routeConsoleTraceToDebug } from '../../src/alerts/alert-workers.ts';

const original = console.trace;
afterEach(() => {
  console.trace = original;
});

describe("graphile-worker's console.trace", () => {
  it('goes to the logger at debug, not raw to stderr (where every loaded Ctrl-C printed a stack)', () => {
    const debug = vi.fn();
    const log = { debug } as unknown as FastifyBaseLogger;
    const stderr = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    try {
      routeConsoleTraceToDebug(log);
      const error = new Error('Connection terminated unexpectedly');
      console.trace(error);
      expect(stderr).not.toHaveBeenCalled();
    } finally {
      stderr.mockRestore();
    }
    expect(debug).toHaveBeenCalledTimes(1);
    expect(debug.mock.calls[0]?.[0]).toMatchObject({
      err: { message: 'Connection terminated unexpectedly' },
    });
    expect(debug.mock.calls[0]?.[1]).toBe('console.trace');
  });
});
