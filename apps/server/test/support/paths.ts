import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository's .tmp folder (git-ignored). */
const TMP_ROOT = fileURLToPath(new URL('../../../../.tmp/', import.meta.url));

/**
 * A fresh folder under .tmp with mode 755. Not mkdtemp: its 700 folders keep the `postgres` user
 * (used when tests run as root) out, and initdb fails with "could not access directory".
 */
export function makeTempDir(prefix: string): string {
  mkdirSync(TMP_ROOT, { recursive: true });
  chmodSync(TMP_ROOT, 0o755);
  const dir = join(TMP_ROOT, `${prefix}-${process.pid}-${randomBytes(4).toString('hex')}`);
  mkdirSync(dir, { mode: 0o755 });
  chmodSync(dir, 0o755);
  return dir;
}
