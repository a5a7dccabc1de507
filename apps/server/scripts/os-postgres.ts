/**
 * The operating system's PostgreSQL (Debian's `postgresql` package) in a scratch cluster, for the
 * scripts that prove Encore on a Postgres an operator runs (`npm run test:backup`,
 * `npm run test:cluster`): not the embedded server. As root the server runs as `postgres` (it
 * refuses root), so the cluster's folder must be reachable by that user (GOTCHAS.md).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

/** Installs a Debian package when `present()` says it is missing and we are root; else explains. */
export function ensureDebianPackage(
  name: string,
  present: () => boolean,
  say: (text: string) => void,
): void {
  if (present()) return;
  if (process.getuid?.() !== 0) {
    throw new Error(
      `${name} is not installed: run 'sudo apt-get install ${name}' (Debian, Ubuntu) and try again`,
    );
  }
  say(`${name} is not installed: installing Debian's ${name} package...`);
  execFileSync('apt-get', ['install', '-y', '--no-install-recommends', name], {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  if (!present()) throw new Error(`${name} is still missing after apt-get install`);
}

/** The newest installed server binaries of Debian's packages, installed first when we may. */
export function postgresBin(say: (text: string) => void): string {
  const root = '/usr/lib/postgresql';
  const newest = () =>
    existsSync(root)
      ? readdirSync(root)
          .filter((v) => existsSync(join(root, v, 'bin', 'initdb')))
          .sort((a, b) => Number(b) - Number(a))[0]
      : undefined;
  ensureDebianPackage('postgresql', () => newest() !== undefined, say);
  return join(root, newest() as string, 'bin');
}

const shellQuote = (word: string) => `'${word.replaceAll("'", `'\\''`)}'`;

/** Runs a Postgres program, as `postgres` when we are root (the server refuses to run as root). */
export function asPostgresUser(program: string, args: string[]): void {
  const root = process.getuid?.() === 0;
  const command = root ? 'su' : program;
  const argv = root
    ? ['postgres', '-s', '/bin/sh', '-c', [program, ...args].map(shellQuote).join(' ')]
    : args;
  const result = spawnSync(command, argv, { encoding: 'utf8' });
  if (result.status !== 0) {
    throw new Error(`${program} ${args.join(' ')} failed:\n${result.stderr}${result.stdout}`);
  }
}

export type ScratchCluster = {
  /** `postgres://encore@127.0.0.1:PORT/encore`: the database `encore`, owned by `encore`. */
  url: string;
  /** The server's binaries' folder (…/15/bin). */
  bin: string;
  /** Runs one of the server's programs (pg_dump, psql, …) as the cluster's user. */
  run: (program: string, args: string[]) => void;
  /** `-h 127.0.0.1 -p PORT -U encore`, for the client programs. */
  connection: string[];
  /** `pg_ctl restart -m fast`: every connection is cut, the server back in a second or two. */
  restart: () => void;
  /** Stops the server (fast); safe to call twice. The folder stays for the caller to remove. */
  stop: () => void;
};

/**
 * initdb in `dir` (trust authentication, user `encore`), the server on 127.0.0.1:`port` with
 * `settings` (`-c name=value`), and an empty database `encore`.
 */
export function startScratchCluster(
  dir: string,
  port: number,
  say: (text: string) => void,
  settings: Record<string, string> = {},
): ScratchCluster {
  const bin = postgresBin(say);
  mkdirSync(dir, { recursive: true });
  chmodSync(dir, 0o777); // reachable by `postgres` when we are root
  const data = join(dir, 'data');
  const run = (program: string, args: string[]) => asPostgresUser(join(bin, program), args);
  const options = [
    `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1`,
    ...Object.entries(settings).map(([name, value]) => `-c ${name}=${value}`),
  ].join(' ');
  const ctl = (action: string, extra: string[] = []) =>
    run('pg_ctl', ['-D', data, '-l', join(dir, 'log'), '-w', ...extra, action]);
  say(`Starting PostgreSQL ${bin.split('/').at(-2)} from ${bin} on port ${port}...`);
  run('initdb', ['-D', data, '-A', 'trust', '-U', 'encore']);
  ctl('start', ['-o', options]);
  let running = true;
  const connection = ['-h', '127.0.0.1', '-p', String(port), '-U', 'encore'];
  const stop = () => {
    if (!running) return;
    running = false;
    ctl('stop', ['-m', 'fast']);
  };
  try {
    run('createdb', [...connection, 'encore']);
  } catch (error) {
    stop();
    throw error;
  }
  return {
    url: `postgres://encore@127.0.0.1:${port}/encore`,
    bin,
    run,
    connection,
    restart: () => ctl('restart', ['-m', 'fast', '-o', options]),
    stop,
  };
}
