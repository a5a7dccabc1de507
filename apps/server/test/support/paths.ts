import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isAlive } from '../../src/db/postgres-process.ts';

/** The repository's .tmp folder (git-ignored). */
const TMP_ROOT = fileURLToPath(new URL('../../../../.tmp/', import.meta.url));

/** The folders made by this process since the last removeTempDirsMade: the current test file's. */
const made = new Set<string>();

/**
 * A fresh folder under .tmp with mode 755, removed when the test file that made it ends
 * (after-each-file.ts). Not mkdtemp: its 700 folders keep the `postgres` user (used when tests
 * run as root) out, and initdb fails with "could not access directory".
 */
export function makeTempDir(prefix: string): string {
  mkdirSync(TMP_ROOT, { recursive: true });
  chmodSync(TMP_ROOT, 0o755);
  const dir = join(TMP_ROOT, `${prefix}-${process.pid}-${randomBytes(4).toString('hex')}`);
  mkdirSync(dir, { mode: 0o755 });
  chmodSync(dir, 0o755);
  made.add(dir);
  return dir;
}

/**
 * Removes every folder makeTempDir made in this process since the last call. Run after each test
 * file's own afterAll hooks (after-each-file.ts), which stop what ran in them; a file's folders
 * used to stay until the next run's sweep.
 */
export function removeTempDirsMade(): void {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
  made.clear();
}

/** makeTempDir's names: the prefix, the pid of the process that made it, 8 hex digits. */
const TEMP_NAME = /-(\d+)-[0-9a-f]{8}$/;

/**
 * Removes the folders under .tmp whose maker is gone: a run stopped before its teardown (Ctrl-C,
 * a CI deadline) left its whole Postgres there (~4 GB after a full run), and a test file that
 * keeps its folder for the run's length leaves it too. Folders of running processes (another
 * run's) stay. Returns how many were removed.
 */
export function sweepStaleTempDirs(): number {
  let removed = 0;
  let names: string[];
  try {
    names = readdirSync(TMP_ROOT);
  } catch {
    return 0;
  }
  for (const name of names) {
    const pid = Number(TEMP_NAME.exec(name)?.[1]);
    if (!pid || isAlive(pid)) continue;
    rmSync(join(TMP_ROOT, name), { recursive: true, force: true });
    removed += 1;
  }
  return removed;
}
