// `npm test`: every test there is. Builds the web app (the browser tests drive the production
// build), runs the unit, component and integration tests (vitest), then the browser journeys
// (Playwright, Chromium). Stops at the first tier that fails.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const steps = [
  ['Build the web app', 'npm', ['run', 'build', '-w', '@encore/web']],
  ['Unit, component and integration tests', 'npx', ['vitest', 'run']],
  ['Browser journeys', 'npx', ['playwright', 'test']],
];

for (const [title, command, args] of steps) {
  console.log(`\n=== ${title}: ${command} ${args.join(' ')}`);
  const started = Date.now();
  const result = spawnSync(command, args, {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1' },
  });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (result.status !== 0) {
    console.error(`\n=== ${title} failed after ${seconds}s`);
    process.exit(result.status ?? 1);
  }
  console.log(`=== ${title} passed in ${seconds}s`);
}
