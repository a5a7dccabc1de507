// wapiti against the site and the API's GET routes with parameters, once per session that those
// routes let through. wapiti sends query strings and HTML forms only (no JSON bodies: sqlmap
// covers those) and no Origin header, so the CSRF guard refuses any state change it tries.
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { runFor } from './sqlmap.mjs';

/**
 * Left out: ssrf and xxe need an outside endpoint (none is reachable here), nikto and wapp
 * download their databases, buster and brute_login_form are brute force, not tests.
 */
const MODULES = [
  'backup',
  'blindsql',
  'cookieflags',
  'crlf',
  'csp',
  'exec',
  'file',
  'htaccess',
  'http_headers',
  'methods',
  'permanentxss',
  'redirect',
  'sql',
  'xss',
].join(',');

/**
 * Returns one result per run: { role, timedOut, vulnerabilities, anomalies }, each list of
 * { category, method, path, parameter, info }.
 */
export async function runWapiti({ targets, origin, workDir, session, seconds, log }) {
  const getTargets = targets.filter((t) => t.method === 'GET');
  const roles = [...new Set([null, ...getTargets.map((t) => t.role)])];
  const results = [];
  const perRun = Math.floor(seconds / roles.length);
  for (const role of roles) {
    const name = role ?? 'anonymous';
    const dir = join(workDir, 'wapiti', name);
    mkdirSync(dir, { recursive: true });
    const report = join(dir, 'report.json');
    const args = [
      '-u',
      `${origin}/`,
      '--scope',
      'folder',
      '-m',
      MODULES,
      '--flush-session',
      '--store-session',
      join(dir, 'session'),
      '--store-config',
      join(dir, 'config'),
      '--max-scan-time',
      String(perRun),
      '--max-attack-time',
      String(Math.max(30, Math.floor(perRun / 6))),
      // Per request: the notification stream never ends. (-x would be the way to leave it out,
      // but Debian's wapiti 3.0.4 crashes on any -x under Python 3.11.)
      '-t',
      '10',
      '--no-bugreport',
      '-f',
      'json',
      '-o',
      report,
    ];
    for (const target of getTargets.filter((t) => t.role === role)) args.push('-s', target.url);
    if (role) args.push('-H', `Cookie: ${await session(role)}`);
    log(`wapiti as ${name}: up to ${perRun} s`);
    // --max-scan-time is checked between steps: a minute's grace before it is stopped.
    const timedOut = await runFor('wapiti', args, join(dir, 'stdout.log'), perRun + 60);
    results.push({ role: name, timedOut, ...readReport(report) });
  }
  return results;
}

function readReport(file) {
  if (!existsSync(file)) return { vulnerabilities: [], anomalies: [], missing: true };
  const report = JSON.parse(readFileSync(file, 'utf8'));
  return {
    vulnerabilities: flatten(report.vulnerabilities),
    anomalies: flatten(report.anomalies),
  };
}

function flatten(byCategory = {}) {
  return Object.entries(byCategory).flatMap(([category, entries]) =>
    entries.map((e) => ({
      category,
      method: e.method,
      path: e.path,
      parameter: e.parameter,
      info: e.info,
      request: e.http_request,
    })),
  );
}
