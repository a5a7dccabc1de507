// The scan's findings in a few lines, with the known false positives marked as such.

/**
 * Known false positives, each with why it is one:
 * - sqlmap's boolean-based blind on a search text (`q`): the search ranks artists by trigram
 *   similarity, so "neon AND 1=1" and "neon AND 1=2" find different artists, which is what
 *   sqlmap looks for. The text is a bound parameter; sqlmap then fails to fingerprint any
 *   database through it, which a real injection would allow.
 * - wapiti on a path outside /api and /uploads: the SPA answers every such GET with index.html
 *   (200), so "a backup file", "a hidden file" or "a path that reflects input" is the app page.
 * - wapiti's "Strict-Transport-Security is not set": the scan runs over http, where HSTS means
 *   nothing; Encore sends it when PUBLIC_URL is https.
 * - wapiti's "X-XSS-Protection is not set": the header is deprecated (browsers removed the XSS
 *   auditor it steered); the Content-Security-Policy is what stops script injection.
 * Not findings either: 503 answers. They are deliberate ("Spotify is not configured" on the
 * scan's instance), listed apart.
 */
const SEARCH_PARAMETER = /^q \(GET\)$/;
const KNOWN_HEADER_NOTES = [
  [/Strict-Transport-Security is not set/, 'HSTS is sent only with an https PUBLIC_URL'],
  [/X-XSS-Protection is not set/, 'deprecated header; the CSP covers it'],
];

function sqlmapFinding(result) {
  if (!result.injectable) return null;
  const onlyBooleanOnSearch = result.injections.every(
    (i) => SEARCH_PARAMETER.test(i.parameter) && /boolean-based blind/.test(i.type),
  );
  const falsePositive = onlyBooleanOnSearch && !result.confirmed;
  const points = result.injections.map((i) => `${i.parameter} ${i.type}`).join('; ');
  const fingerprint = result.confirmed
    ? 'sqlmap fingerprinted PostgreSQL through it'
    : 'no DBMS fingerprint';
  return {
    falsePositive,
    text: `${result.label} (${result.place}): ${points} — ${fingerprint}${falsePositive ? ' [trigram search]' : ''}`,
  };
}

function wapitiFinding(entry) {
  const path = entry.path ?? '';
  const info = String(entry.info ?? '').split('\n')[0] ?? '';
  const spaPath = !(path.startsWith('/api/') || path.startsWith('/uploads/'));
  const header = KNOWN_HEADER_NOTES.find(([pattern]) => pattern.test(info));
  const spaFallback =
    spaPath && /backup|file|htaccess|path traversal|command/i.test(entry.category);
  const where = [entry.method, path, entry.parameter && `(${entry.parameter})`].filter(Boolean);
  // The request line shows the payload (a 500 from a NUL byte reads as `%00`).
  const request = String(entry.request ?? '')
    .split('\n')[0]
    ?.slice(0, 140);
  return {
    key: `${entry.category}|${where.join(' ')}|${/500/.test(info) ? '' : info}`,
    falsePositive: Boolean(header) || spaFallback,
    text:
      `${entry.category}: ${where.join(' ')} — ` +
      (request && /500/.test(info) ? `e.g. ${request}` : info.slice(0, 120)) +
      (header ? ` [${header[1]}]` : spaFallback ? ' [SPA answers every path]' : ''),
  };
}

/** Prints the summary; returns its lines, the count of real findings and of unfinished runs. */
export function summarize({ sqlmap, wapiti, targets, origin, workDir, minutes }) {
  const lines = [];
  const out = (line) => lines.push(line);
  const mark = (f) => (f.falsePositive ? 'known false positive' : 'FINDING');
  const runs = sqlmap.filter((r) => !r.skipped);
  out(`Security scan of ${origin}: ${targets.length} API routes with input, budget ${minutes} min`);
  out(
    `sqlmap: ${runs.length} runs (${runs.filter((r) => r.timedOut).length} stopped at their ` +
      `time limit), ${sqlmap.length - runs.length} not run (budget spent)`,
  );
  const sqlFindings = sqlmap.map(sqlmapFinding).filter(Boolean);
  for (const f of sqlFindings) out(`  ${mark(f)}: ${f.text}`);
  const fiveHundreds = runs
    .map((r) => ({ ...r, errors: r.serverErrors.filter((e) => !e.startsWith('503')) }))
    .filter((r) => r.errors.length > 0);
  for (const r of fiveHundreds)
    out(`  FINDING: ${r.label} (${r.place}) answered ${r.errors.join(', ')}`);
  const unavailable = [
    ...new Set(
      runs.filter((r) => r.serverErrors.some((e) => e.startsWith('503'))).map((r) => r.label),
    ),
  ];
  if (unavailable.length > 0)
    out(`  503 (deliberate, not configured here): ${unavailable.join(', ')}`);
  if (sqlFindings.length === 0 && fiveHundreds.length === 0) out('  no injection point, no 500');
  const limited = [...new Set(runs.filter((r) => r.rateLimited).map((r) => r.label))];
  if (limited.length > 0) out(`  partly rate-limited (429), so tested less: ${limited.join(', ')}`);
  let real = sqlFindings.filter((f) => !f.falsePositive).length + fiveHundreds.length;

  for (const run of wapiti) {
    const entries = [...(run.vulnerabilities ?? []), ...(run.anomalies ?? [])];
    out(
      `wapiti as ${run.role}: ` +
        (run.missing ? 'no report (see its stdout.log)' : `${entries.length} reported`) +
        (run.timedOut ? ' (stopped at its time limit)' : ''),
    );
    const byKey = new Map();
    for (const entry of entries) {
      const f = wapitiFinding(entry);
      const seen = byKey.get(f.key);
      if (seen) seen.count += 1;
      else byKey.set(f.key, { ...f, count: 1 });
    }
    for (const f of byKey.values()) {
      if (!f.falsePositive) real += 1;
      out(`  ${mark(f)}: ${f.text}${f.count > 1 ? ` (×${f.count})` : ''}`);
    }
  }
  const incomplete = [
    ...sqlmap.filter((r) => r.skipped || r.timedOut).map((r) => `sqlmap ${r.label} (${r.place})`),
    ...wapiti.filter((r) => r.missing).map((r) => `wapiti as ${r.role}`),
  ];
  out(`Logs and reports: ${workDir}`);
  if (incomplete.length > 0)
    out(`Not finished (time budget or a tool failure): ${incomplete.join('; ')}`);
  if (real > 0) out(`Result: ${real} finding(s) to look at.`);
  else
    out(incomplete.length > 0 ? 'Result: nothing found in what ran.' : 'Result: nothing to fix.');
  console.log(`\n${lines.join('\n')}`);
  return { lines, real, incomplete: incomplete.length };
}
