import { fileURLToPath } from 'node:url';
import type { AppConfig } from '../../src/config.ts';
import type { StartedProcess, TestProcesses } from './child-processes.ts';

const WORKER = fileURLToPath(new URL('../../src/worker.ts', import.meta.url));

/**
 * `npm run worker` (src/worker.ts) as its own process against the test app's database, configured
 * only through its environment like a deployment; `env` adds to or overrides the defaults. Started
 * through the test file's `processes`, which stop it (and what it forked) after the test.
 */
export function spawnWorker(
  processes: TestProcesses,
  config: AppConfig,
  dataDir: string,
  env: Record<string, string> = {},
  /** Node's own flags for the worker, before its script (as `npm start` gives the API's). */
  nodeFlags: string[] = [],
): StartedProcess {
  return processes.start(process.execPath, [...nodeFlags, '--import', 'tsx', WORKER], {
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
}
