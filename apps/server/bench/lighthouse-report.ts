/**
 * What `npm run bench:lighthouse` prints from Lighthouse's results: per page the median of the
 * runs for each category score and each metric (simulated throttling derives its figures from
 * timings observed on this loaded machine, so one run is noise), and the audits that failed, with
 * in how many runs they failed.
 */
import type { Result } from 'lighthouse';
import { median } from './stats.ts';

export const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
/** The Lighthouse goals (perf ≥ 95, a11y 100, BP ≥ 95); SEO has none (printed for information). */
export const GOALS: Record<(typeof CATEGORIES)[number], number | undefined> = {
  performance: 95,
  accessibility: 100,
  'best-practices': 95,
  seo: undefined,
};
const METRICS = [
  ['LCP', 'largest-contentful-paint', 'ms'],
  ['TBT', 'total-blocking-time', 'ms'],
  ['CLS', 'cumulative-layout-shift', ''],
  ['FCP', 'first-contentful-paint', 'ms'],
  ['SI', 'speed-index', 'ms'],
] as const;

const score = (lhr: Result, id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);

/** An audit fails when it is scored and under 0.9 (a binary audit: under 1). */
function failedAudits(lhr: Result): { id: string; line: string }[] {
  const failed: { id: string; line: string }[] = [];
  for (const category of CATEGORIES) {
    for (const ref of lhr.categories[category]?.auditRefs ?? []) {
      const audit = lhr.audits[ref.id];
      if (!audit || audit.score === null) continue;
      const binary = audit.scoreDisplayMode === 'binary';
      if (binary ? audit.score >= 1 : audit.score >= 0.9) continue;
      // Performance metrics are printed above; their audits would repeat them.
      if (ref.group === 'metrics') continue;
      const value = audit.displayValue ? ` — ${audit.displayValue}` : '';
      const items = detailItems(audit);
      failed.push({
        id: `${category}/${ref.id}`,
        line: `[${category}] ${audit.title}${value}${items}`,
      });
    }
  }
  return failed;
}

/** The first few elements or URLs an audit names, so the finding can be found in the code. */
function detailItems(audit: Result['audits'][string]): string {
  const details = audit.details as { items?: Record<string, unknown>[] } | undefined;
  const names = (details?.items ?? [])
    .map((item) => {
      const node = item.node as { snippet?: string; selector?: string } | undefined;
      if (node?.selector) return node.selector;
      if (typeof item.url === 'string') return new URL(item.url, 'http://x').pathname;
      return undefined;
    })
    .filter((n): n is string => Boolean(n))
    .slice(0, 3);
  return names.length ? ` (${names.join(', ')})` : '';
}

/** The lines for one page over its runs. */
export function pageReport(label: string, results: Result[]): string[] {
  const lines = [`${label} — ${results.length} run(s), median:`];
  const scores = CATEGORIES.map((id) => {
    const each = results.map((r) => score(r, id));
    const goal = GOALS[id];
    const med = median(each);
    const verdict = goal === undefined ? '' : med >= goal ? ' ✓' : ` ✗ (goal ${goal})`;
    return `${id} ${med}${verdict} [${each.join(', ')}]`;
  });
  lines.push(`  scores: ${scores.join(' · ')}`);
  const metrics = METRICS.map(([name, id, unit]) => {
    const each = results.map((r) => r.audits[id]?.numericValue ?? Number.NaN);
    const med = median(each);
    return `${name} ${unit ? `${Math.round(med)} ms` : med.toFixed(3)}`;
  });
  lines.push(`  metrics: ${metrics.join(' · ')}`);
  // Lighthouse's own CPU benchmark, taken at each run: the load's effect on the simulated figures
  // (the simulation scales the CPU time it observed), so runs under different load can be told.
  // The index depends on the browser build too (Chromium 156 from Debian reads ~1,700 where
  // @sparticuz/chromium 143 reads ~2,600 on the same host at the same moment): said beside it.
  const index = results.map((r) => Math.round(r.environment.benchmarkIndex));
  const browsers = [
    ...new Set(results.map((r) => /Chrome\/(\d+)/.exec(r.environment.hostUserAgent)?.[1] ?? '?')),
  ];
  lines.push(
    `  CPU benchmark index (higher is faster; Chromium ${browsers.join(', ')}): ${index.join(', ')}`,
  );
  const failures = new Map<string, { line: string; runs: number }>();
  for (const lhr of results) {
    for (const { id, line } of failedAudits(lhr)) {
      const seen = failures.get(id);
      failures.set(id, { line: seen?.line ?? line, runs: (seen?.runs ?? 0) + 1 });
    }
  }
  if (failures.size === 0) lines.push('  failing audits: none');
  else {
    lines.push('  failing audits (in how many runs):');
    for (const { line, runs } of failures.values()) {
      lines.push(`    ${runs}/${results.length} ${line}`);
    }
  }
  const warnings = new Set(results.flatMap((r) => r.runWarnings));
  for (const warning of warnings) lines.push(`  Lighthouse warned: ${warning}`);
  return lines;
}
