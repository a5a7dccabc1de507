// `npm start`: serve the production build of the web app and the API in one process, on the
// embedded Postgres unless DATABASE_URL is set. Builds the web app first when no build exists, or
// when its sources changed since (after a `git pull`, a stale build would serve yesterday's pages).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { register } from 'tsx/esm/api';

console.log('Starting Encore...');
const root = fileURLToPath(new URL('..', import.meta.url));
const webIndex = new URL('../apps/web/dist/index.html', import.meta.url);

/** The newest modification time of the files under `paths` (folders walked, node_modules skipped). */
function newestChange(paths) {
  let newest = 0;
  for (const path of paths) {
    if (!existsSync(path)) continue;
    const stat = statSync(path);
    if (!stat.isDirectory()) newest = Math.max(newest, stat.mtimeMs);
    else {
      for (const entry of readdirSync(path)) {
        if (entry !== 'node_modules') newest = Math.max(newest, newestChange([join(path, entry)]));
      }
    }
  }
  return newest;
}

const webSources = [
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/build',
  'apps/web/package.json',
  'packages/contract/src',
].map((path) => join(root, path));

const built = existsSync(webIndex) ? statSync(webIndex).mtimeMs : 0;
if (built === 0 || newestChange(webSources) > built) {
  console.log(
    built === 0
      ? 'No web build found: building the web app (npm run build -w @encore/web)...'
      : 'The web app changed since its last build: building it again (npm run build -w @encore/web)...',
  );
  const build = spawnSync('npm', ['run', 'build', '-w', '@encore/web'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (build.status !== 0) {
    console.error('The web build failed; see the output above.');
    process.exit(build.status ?? 1);
  }
}

// The server is TypeScript run through tsx (see docs/decisions/006-run-server-with-tsx.md).
console.log(`[${process.uptime().toFixed(1)} s] Loading the server's code...`);
register();
await import('../apps/server/src/main.ts');
