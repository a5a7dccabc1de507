// sqlmap against each target: query and JSON body parameters in one run, path values (marked
// with `*`) in another. Each run is killed at its time budget; its log and output stay in
// `<workDir>/sqlmap/<n>/` for a closer look.
import { spawn } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Runs sqlmap for every target and returns one result per run:
 * { label, place, injectable, injections, confirmed, serverErrors, timedOut }.
 * `session(role)` gives a fresh Cookie header (a run may end its session).
 */
export async function runSqlmap({
  targets,
  origin,
  workDir,
  session,
  level,
  risk,
  secondsPerRun,
  deadline,
  log,
}) {
  const results = [];
  let n = 0;
  // Fewest parameters first: if the budget runs out, it runs out on the long runs.
  const byCost = [...targets].sort((a, b) => inputCount(a) - inputCount(b));
  for (const target of byCost) {
    const runs = [];
    if (target.data !== undefined || target.queryParams.length > 0) {
      runs.push({ place: 'query/body', url: target.url });
    }
    if (target.markedUrl) runs.push({ place: 'path', url: target.markedUrl });
    for (const run of runs) {
      const left = Math.floor((deadline - Date.now()) / 1000);
      if (left < 5) {
        results.push({ label: target.label, place: run.place, skipped: true });
        continue;
      }
      n += 1;
      const dir = join(workDir, 'sqlmap', String(n).padStart(3, '0'));
      mkdirSync(dir, { recursive: true });
      const cookie = target.role ? await session(target.role) : undefined;
      const args = sqlmapArgs({ target, url: run.url, origin, cookie, dir, level, risk });
      log(`sqlmap ${n}: ${target.label} (${run.place}) as ${target.role ?? 'anonymous'}`);
      const timedOut = await runFor(
        'sqlmap',
        args,
        join(dir, 'stdout.log'),
        Math.min(secondsPerRun, left),
      );
      results.push({ label: target.label, place: run.place, timedOut, ...readResult(dir) });
    }
  }
  return results;
}

function inputCount(target) {
  const leaves = (value) =>
    value && typeof value === 'object'
      ? Object.values(value).reduce((sum, v) => sum + leaves(v), 0)
      : 1;
  const body = target.data === undefined ? 0 : leaves(JSON.parse(target.data));
  return target.queryParams.length + body + (target.markedUrl ? 1 : 0);
}

function sqlmapArgs({ target, url, origin, cookie, dir, level, risk }) {
  const args = [
    '-u',
    url,
    '--batch',
    // Our 400 for a hostile value is validation, not a firewall: test on.
    '--skip-waf',
    // After one finding, test the other parameters too.
    '--answers=keep testing=Y',
    '--dbms=PostgreSQL',
    `--level=${level}`,
    `--risk=${risk}`,
    '--threads=2',
    '--timeout=15',
    '--retries=1',
    '--disable-coloring',
    `--output-dir=${dir}`,
    // State-changing requests must carry the site's Origin (CSRF guard); reads ignore it.
    `--headers=Origin: ${origin}`,
  ];
  if (target.method !== 'GET') args.push(`--method=${target.method}`);
  if (target.data !== undefined) args.push(`--data=${target.data}`);
  if (cookie) args.push(`--cookie=${cookie}`);
  return args;
}

/** Runs a command with its output to `logFile`; true when it had to be stopped at `seconds`. */
export function runFor(command, args, logFile, seconds) {
  return new Promise((resolve, reject) => {
    const out = createWriteStream(logFile);
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    child.stdout.pipe(out);
    child.stderr.pipe(out);
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      process.kill(-(/** @type {number} */ (child.pid)), 'SIGKILL');
    }, seconds * 1000);
    child.once('error', reject);
    child.once('close', () => {
      clearTimeout(timer);
      out.end(() => resolve(timedOut));
    });
  });
}

/** What one run found, from sqlmap's own files: its log of injection points and its stdout. */
function readResult(dir) {
  const stdout = readFileSync(join(dir, 'stdout.log'), 'utf8');
  const hostDir = join(dir, '127.0.0.1');
  const pointsLog = join(hostDir, 'log');
  const points = existsSync(pointsLog) ? readFileSync(pointsLog, 'utf8') : '';
  const injections = [
    ...points.matchAll(/Parameter: (.+)\n\s+Type: (.+)\n\s+Title: (.+)\n\s+Payload: (.+)/g),
  ].map(([, parameter, type, title, payload]) => ({ parameter, type, title, payload }));
  return {
    injectable: injections.length > 0,
    injections,
    // A real injection lets sqlmap fingerprint the database behind it; a lookalike (search
    // results that differ with the text) does not.
    confirmed: /the back-end DBMS is PostgreSQL/.test(stdout),
    serverErrors: errorCounts(stdout, '5'),
    rateLimited: errorCounts(stdout, '429').length > 0,
  };
}

/** The codes starting with `prefix` in sqlmap's "HTTP error codes detected during run" line. */
function errorCounts(stdout, prefix) {
  const line = stdout.split('HTTP error codes detected during run:\n')[1]?.split('\n', 1)[0] ?? '';
  return [...line.matchAll(/(\d{3}) \(([^)]*)\) - (\d+) times/g)]
    .filter(([, code]) => code.startsWith(prefix))
    .map(([, code, reason, count]) => `${code} ${reason} ×${count}`);
}
