/**
 * `npm run db:check`: fails when src/db/schema and the committed migrations disagree, i.e. when
 * someone changed a table without running `npm run db:generate` (or edited a generated file).
 * drizzle-kit generates into a scratch copy of the migrations folder; any new file means drift.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, readdirSync, rmdirSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const serverDir = fileURLToPath(new URL('..', import.meta.url));
// drizzle-kit only accepts an --out path relative to the working directory.
const scratch = `.tmp/db-check-${process.pid}`;
// The CLI entry is not in drizzle-kit's package exports, so locate it next to the main module.
const drizzleKit = join(dirname(createRequire(import.meta.url).resolve('drizzle-kit')), 'bin.cjs');

const sqlFiles = (dir: string) => readdirSync(dir).filter((name) => name.endsWith('.sql'));

mkdirSync(`${serverDir}/.tmp`, { recursive: true });
cpSync(`${serverDir}/src/db/migrations`, `${serverDir}/${scratch}`, { recursive: true });
try {
  const before = new Set(sqlFiles(`${serverDir}/${scratch}`));
  const result = spawnSync(
    process.execPath,
    [
      drizzleKit,
      'generate',
      '--dialect=postgresql',
      '--schema=./src/db/schema/index.ts',
      `--out=${scratch}`,
      '--name=pending',
    ],
    { cwd: serverDir, encoding: 'utf8' },
  );
  if (result.status !== 0) {
    console.error(result.stdout, result.stderr);
    console.error('db:check: drizzle-kit generate failed (see above).');
    process.exitCode = 1;
  } else {
    const added = sqlFiles(`${serverDir}/${scratch}`).filter((name) => !before.has(name));
    if (added.length > 0) {
      console.error(result.stdout);
      console.error(
        'db:check: the schema in src/db/schema differs from the committed migrations.\n' +
          'Run `npm run db:generate -w @encore/server` and commit the new migration.',
      );
      process.exitCode = 1;
    } else {
      console.log('db:check: schema and migrations agree.');
    }
  }
} finally {
  rmSync(`${serverDir}/${scratch}`, { recursive: true, force: true });
  // Leave no empty .tmp behind; another run may still be using it, hence no force.
  try {
    rmdirSync(`${serverDir}/.tmp`);
  } catch {}
}
