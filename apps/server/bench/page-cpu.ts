/**
 * `npm run bench:page-cpu -- [--runs 6] [--page /dashboard] before=http://… after=http://…`
 *
 * The page's own main-thread work, build against build (on a slow host): Lighthouse's score on a 2-core
 * host moves ±15 points with the load, so A/B decisions are taken on this instead. Each run opens
 * `--page` (signed in as the demo fan, unless `/landing`) in a fresh Chromium (e2e/support/chromium.ts:
 * CHROMIUM_PATH for Debian's 156, which the slow-host figures use) with Lighthouse's phone screen and
 * no throttling, records a DevTools trace, and sums the page's top-level main-thread tasks after
 * `firstContentfulPaint`: their CPU time (`tdur`, what the page costs), their wall time (what it
 * cost beside everything else on the host), and Σ max(0, wall × 6 − 50 ms), the blocking time
 * Lighthouse's 6× simulation would make of them. Each label is an Encore with the demo data already
 * running (`npm start`, or a build served with WEB_DIST_DIR); the runs interleave the labels.
 */
import { parseArgs } from 'node:util';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, resolveChromium } from '../../../e2e/support/chromium.ts';
import { signInDemo } from './demo-encore.ts';
import { machine } from './host-speed.ts';
import { pageMainThread, type TraceEvent, topLevelTasks } from './lighthouse-cpu-time.ts';
import { median } from './stats.ts';

type Load = { cpuMs: number; wallMs: number; blockingMs: number };

const { values, positionals } = parseArgs({
  options: {
    runs: { type: 'string', default: '6' },
    page: { type: 'string', default: '/dashboard' },
  },
  allowPositionals: true,
});
const targets = positionals.map((p) => {
  const [label = '', url = ''] = p.split('=');
  if (!label || !url.startsWith('http')) throw new Error(`expected label=url, got ${p}`);
  return { label, url };
});
if (targets.length === 0) throw new Error('give at least one label=url (a running Encore)');

const SLOWDOWN = 6;
const { executablePath } = await resolveChromium();
console.log(`bench:page-cpu — ${machine()}, ${values.page}, ${executablePath}`);

/** The page's main-thread tasks after its first contentful paint, from one traced load. */
async function load(base: string): Promise<Load> {
  const browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS });
  try {
    const context = await browser.newContext({
      viewport: { width: 412, height: 823 },
      deviceScaleFactor: 1.75,
      isMobile: true,
      hasTouch: true,
    });
    if (values.page !== '/landing') {
      const [name = '', value = ''] = (await signInDemo(base, 'fan')).split(/=(.*)/s);
      await context.addCookies([{ name, value, url: base }]);
    }
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    const events: TraceEvent[] = [];
    cdp.on('Tracing.dataCollected', (data) =>
      events.push(...(data.value as unknown as TraceEvent[])),
    );
    const complete = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
    await cdp.send('Tracing.start', {
      categories: 'devtools.timeline,disabled-by-default-devtools.timeline,loading,toplevel',
      transferMode: 'ReportEvents',
    });
    await page.goto(new URL(values.page ?? '/', base).href, { waitUntil: 'networkidle' });
    await page.waitForTimeout(1000);
    await cdp.send('Tracing.end');
    await complete;
    const thread = pageMainThread(events, base);
    const fcp = events.find((e) => e.name === 'firstContentfulPaint' && e.pid === thread.pid);
    if (!fcp) throw new Error(`${base}: no first contentful paint in the trace`);
    const sum: Load = { cpuMs: 0, wallMs: 0, blockingMs: 0 };
    for (const task of topLevelTasks(events, thread)) {
      if (task.ts < fcp.ts) continue;
      const wall = (task.dur ?? 0) / 1000;
      sum.cpuMs += (task.tdur ?? 0) / 1000;
      sum.wallMs += wall;
      sum.blockingMs += Math.max(0, wall * SLOWDOWN - 50);
    }
    return sum;
  } finally {
    await browser.close();
  }
}

const loads = new Map<string, Load[]>(targets.map((t) => [t.label, []]));
for (let run = 1; run <= Number(values.runs); run++) {
  for (const { label, url } of targets) {
    const one = await load(url);
    loads.get(label)?.push(one);
    console.log(
      `  ${label} #${run}: CPU ${one.cpuMs.toFixed(1)} ms, wall ${one.wallMs.toFixed(0)} ms after FCP`,
    );
  }
}
for (const [label, all] of loads) {
  const cpu = all.map((l) => l.cpuMs);
  console.log(
    `${label}: the page's main thread after its first paint, median of ${all.length} loads: ` +
      `CPU ${median(cpu).toFixed(1)} ms (${Math.min(...cpu).toFixed(0)}–${Math.max(...cpu).toFixed(0)}), ` +
      `wall ${median(all.map((l) => l.wallMs)).toFixed(0)} ms, ` +
      `blocking at ${SLOWDOWN}× ${median(all.map((l) => l.blockingMs)).toFixed(0)} ms`,
  );
}
console.log(`load at the end: ${machine()}`);
