import type { FastifyBaseLogger } from 'fastify';

export type LogLine = { level: string; args: unknown[] };

const LEVELS = ['trace', 'debug', 'info', 'warn', 'error', 'fatal'] as const;

/**
 * A logger double that records every line at every level (children write to the same list), so a
 * test can count the lines an adapter wrote and search them for what must never be logged.
 */
export function recordingLogger(): { log: FastifyBaseLogger; lines: LogLine[] } {
  const lines: LogLine[] = [];
  const log: Record<string, unknown> = { level: 'trace', silent: () => {} };
  for (const level of LEVELS) log[level] = (...args: unknown[]) => lines.push({ level, args });
  log.child = () => log;
  return { log: log as unknown as FastifyBaseLogger, lines };
}
