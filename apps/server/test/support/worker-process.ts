import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { AppConfig } from '../../src/config.ts';

const WORKER = fileURLToPath(new URL('../../src/worker.ts', import.meta.url));

/**
 * `npm run worker` (src/worker.ts) as its own process against the test app's database, configured
 * only through its environment like a deployment; `env` adds to or overrides the defaults.
 * `output()` is what it printed so far (stdout and stderr).
 */
export function spawnWorker(
  config: AppConfig,
  dataDir: string,
  env: Record<string, string> = {},
): { worker: ChildProcess; output: () => string } {
  const worker = spawn(process.execPath, ['--import', 'tsx', WORKER], {
    env: {
      ...process.env,
      DATABASE_URL: config.databaseUrl,
      DATA_DIR: dataDir,
      PUBLIC_URL: config.publicUrl,
      BETTER_AUTH_SECRET: config.authSecret,
      LOG_LEVEL: 'warn',
      ...env,
    },
  });
  let output = '';
  const collect = (chunk: Buffer) => {
    output += chunk;
  };
  worker.stdout?.on('data', collect);
  worker.stderr?.on('data', collect);
  return { worker, output: () => output };
}
