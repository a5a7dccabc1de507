// `npm start`: serve the production build of the web app and the API in one process, on the
// embedded Postgres unless DATABASE_URL is set. Builds the web app first when no build exists.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { register } from 'tsx/esm/api';

const root = fileURLToPath(new URL('..', import.meta.url));
const webIndex = new URL('../apps/web/dist/index.html', import.meta.url);

if (!existsSync(webIndex)) {
  console.log('No web build found: building the web app once (npm run build -w @encore/web)...');
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
register();
await import('../apps/server/src/main.ts');
