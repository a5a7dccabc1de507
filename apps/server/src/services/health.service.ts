import type { THealthResponse } from '@encore/contract';
import type { HealthRepo } from '../repositories/health.repo.ts';

/** A health check must answer quickly even when Postgres hangs: that is when it matters. */
const PING_TIMEOUT_MS = 2_000;

export function createHealthService(repo: HealthRepo, version: string) {
  return {
    async check(): Promise<THealthResponse> {
      const started = performance.now();
      const up = await withTimeout(repo.ping(), PING_TIMEOUT_MS).then(
        () => true,
        () => false,
      );
      return {
        status: up ? 'ok' : 'degraded',
        database: {
          state: up ? 'up' : 'down',
          latencyMs: up ? Math.round((performance.now() - started) * 10) / 10 : null,
        },
        version,
        uptimeSeconds: Math.round(process.uptime()),
      };
    },
  };
}

export type HealthService = ReturnType<typeof createHealthService>;

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
