// `npm run scan:security`: sqlmap and wapiti against a production start of Encore on a scratch
// data folder, signed in as the demo fan, performer and venue, bounded in time; prints what they
// found, with the known false positives marked. Not run in CI (minutes long, and the tools are
// Debian packages). Options:
//   --minutes N   total budget (default 45): two thirds sqlmap, one third wapiti
//   --level N     sqlmap --level (default 3: also tests User-Agent and Referer)
//   --risk N      sqlmap --risk (default 2: adds heavy time-based tests; 3 would add OR-based
//                 payloads, which can rewrite every row of an UPDATE)
//   --per-run N   seconds one sqlmap run may take (default 120)
//   --keep        keep the scratch database afterwards
// Exit status: 0 when nothing but known false positives was found, 1 when something else was,
// 2 when it could not run, 3 when nothing was found but some runs did not finish.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { signIn, startInstance } from './scan-security/instance.mjs';
import { runSqlmap } from './scan-security/sqlmap.mjs';
import { summarize } from './scan-security/summary.mjs';
import { loadTargets } from './scan-security/targets.mjs';
import { ensureTools } from './scan-security/tools.mjs';
import { runWapiti } from './scan-security/wapiti.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const { values } = parseArgs({
  options: {
    minutes: { type: 'string', default: '45' },
    level: { type: 'string', default: '3' },
    risk: { type: 'string', default: '2' },
    'per-run': { type: 'string', default: '120' },
    keep: { type: 'boolean', default: false },
  },
});
const minutes = Number(values.minutes);
const log = (line) => console.log(`[scan] ${line}`);

if (!ensureTools()) process.exit(2);

// Under /tmp: the embedded Postgres, run as the `postgres` user when we are root, must reach it.
const workDir = mkdtempSync('/tmp/encore-scan-');
log(`working in ${workDir}; starting Encore with the demo data set...`);
const started = Date.now();
const instance = await startInstance({ root, workDir }).catch((error) => {
  console.error(`[scan] ${error.message} (${join(workDir, 'server.log')})`);
  process.exit(2);
});
let exitCode = 2;
try {
  const session = (role) => signIn(instance.origin, role);
  const sessions = {
    fan: await session('fan'),
    performer: await session('performer'),
    venue: await session('venue'),
  };
  const { targets } = await loadTargets(instance.origin, sessions);
  log(`${targets.length} API routes take input (from /api/openapi.json)`);

  const budgetMs = minutes * 60_000 - (Date.now() - started);
  const sqlmapDeadline = Date.now() + (budgetMs * 2) / 3;
  const sqlmap = await runSqlmap({
    targets,
    origin: instance.origin,
    workDir,
    session,
    level: Number(values.level),
    risk: Number(values.risk),
    secondsPerRun: Number(values['per-run']),
    deadline: sqlmapDeadline,
    log,
  });
  const wapitiSeconds = Math.max(120, Math.floor((started + minutes * 60_000 - Date.now()) / 1000));
  const wapiti = await runWapiti({
    targets,
    origin: instance.origin,
    workDir,
    session,
    seconds: wapitiSeconds,
    log,
  });

  const { lines, real, incomplete } = summarize({
    sqlmap,
    wapiti,
    targets,
    origin: instance.origin,
    workDir,
    minutes,
  });
  writeFileSync(join(workDir, 'summary.txt'), `${lines.join('\n')}\n`);
  writeFileSync(
    join(workDir, 'results.json'),
    JSON.stringify({ targets, sqlmap, wapiti }, null, 2),
  );
  exitCode = real > 0 ? 1 : incomplete > 0 ? 3 : 0;
} catch (error) {
  console.error(`[scan] failed: ${error instanceof Error ? error.stack : error}`);
} finally {
  await instance.stop();
  if (!values.keep) rmSync(join(workDir, 'data'), { recursive: true, force: true });
}
process.exit(exitCode);
