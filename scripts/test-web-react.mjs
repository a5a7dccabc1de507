// `npm run test:web:react`: the way back to React that decision 032 keeps open, tested. The web app
// runs React 19's API on preact/compat; here the alias is dropped (WEB_RUNTIME=react, read by
// apps/web/preact-alias.ts) and the web component tests run on React 19 itself, then the app is
// built on React into a folder of its own (the journeys' apps/web/dist is left alone), failing on
// a build warning as `npm test`'s build does, and the first pages' weight on React is printed (the
// figure a revert would set CI's ceiling from). Runs both steps even when the first fails. CI runs
// it after `npm test` (.ci/run).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build, warningLines } from './build-without-warnings.mjs';
import { FIRST_PAGES, staticClosure } from './check-bundle-size.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const env = { WEB_RUNTIME: 'react' };
const summary = [];
let failed = false;

/** Runs `step`, timing it; it returns an error message or nothing. */
async function timed(title, step) {
  console.log(`\n=== ${title} (on React 19)`);
  const started = Date.now();
  const error = await step();
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (error) failed = true;
  summary.push(
    `${error ? 'FAILED' : 'passed'}  ${title} (${seconds}s)${error ? `: ${error}` : ''}`,
  );
}

await timed('Web component tests', () => {
  const result = spawnSync('npx', ['vitest', 'run', '--project', 'web'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
  return result.status === 0 ? undefined : `exit ${result.status ?? result.signal}`;
});

const outDir = mkdtempSync(join(tmpdir(), 'encore-web-react-'));
await timed('Build of the web app', async () => {
  const { code, stderr } = await build({ args: ['--outDir', outDir, '--emptyOutDir'], env });
  if (code !== 0) return `exit ${code}`;
  const warnings = warningLines(stderr);
  if (warnings.length > 0) return `${warnings.length} line(s) of warnings, first: ${warnings[0]}`;
  const manifestPath = join(outDir, '.vite', 'manifest.json');
  if (!existsSync(manifestPath)) return 'the build wrote no manifest';
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
  const entry = Object.keys(manifest).find((key) => manifest[key].isEntry);
  const files = new Set(
    Object.values(FIRST_PAGES).flatMap((screens) => staticClosure(manifest, [entry, ...screens])),
  );
  const bytes = [...files].reduce(
    (sum, file) => sum + gzipSync(readFileSync(join(outDir, file)), { level: 9 }).length,
    0,
  );
  console.log(`The four first pages on React 19: ${(bytes / 1024).toFixed(1)} KB gzipped JS`);
});
rmSync(outDir, { recursive: true, force: true });

console.log(`\n=== On React 19\n${summary.join('\n')}`);
process.exit(failed ? 1 : 0);
