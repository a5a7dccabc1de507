import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);

/**
 * Runs an operator's command (`src/alerts/<name>-cli.ts`, as its npm script does) with the given
 * environment instead of the test's DATABASE_URL; answers its stdout and stderr.
 */
export function operatorCommand(name: string, env: Record<string, string>) {
  const cli = fileURLToPath(new URL(`../../src/alerts/${name}-cli.ts`, import.meta.url));
  const { DATABASE_URL: _, ...inherited } = process.env;
  return run(process.execPath, ['--import', 'tsx', cli], { env: { ...inherited, ...env } });
}
