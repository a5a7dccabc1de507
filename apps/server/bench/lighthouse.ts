/**
 * `npm run bench:lighthouse [-- --runs 3 --only landing,dashboard --url http://… --port N
 *   --save DIR]`
 *
 * Lighthouse on a phone: builds the web app when needed and starts Encore as
 * `npm start` does, with the demo data on a scratch data folder and free ports (as bench:api does;
 * `--url` uses a server already running instead), then runs Lighthouse's default config — mobile:
 * a Moto G-sized screen, 4× CPU slowdown and slow 4G, simulated throttling — through its Node API
 * on Chromium (e2e/support/chromium.ts: CHROMIUM_PATH, /usr/bin/chromium or @sparticuz/chromium,
 * with the same flags) on `/landing` signed out and `/dashboard` signed in as the demo fan (the
 * session cookie from the login API, sent with every request through Lighthouse's
 * `extraHeaders`: Lighthouse clears the browser's cookies before each run). Prints per page the
 * median of the runs for performance, accessibility, best practices and SEO, LCP / TBT / CLS /
 * FCP / SI, the failing audits, and Lighthouse's CPU benchmark index with the browser's version
 * (the index depends on both: Debian's Chromium 156 reads ~1,700 where @sparticuz/chromium 143
 * reads ~2,600 on the same host at the same time). `--save DIR` writes each run's HTML and JSON
 * report there, and its trace (`….trace.json`, for DevTools' Performance panel: what each long
 * task ran). `--cpu-slowdown N` simulates a slower phone or host; `--cpu-time` also audits each
 * run with the page's tasks shrunk to their CPU time (lighthouse-cpu-time.ts): the page's own work
 * apart from the time its thread waited for a core.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Flags, type Result, type RunnerResult } from 'lighthouse';
import { CHROMIUM_ARGS, resolveChromium } from '../../../e2e/support/chromium.ts';
import { type DemoEncore, runThenStop, signInDemo, startDemoEncore } from './demo-encore.ts';
import { machine } from './host-speed.ts';
import { cpuTimeArtifacts } from './lighthouse-cpu-time.ts';
import { pageReport } from './lighthouse-report.ts';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    /** Only the pages whose label contains one of these words (comma-separated). */
    only: { type: 'string' },
    /** A running Encore with the demo data (e.g. `npm start`) instead of starting one. */
    url: { type: 'string' },
    /** Encore's HTTP port (Postgres on +1); free ones by default. */
    port: { type: 'string' },
    /** A folder for each run's HTML and JSON report. */
    save: { type: 'string' },
    /**
     * Lighthouse's simulated CPU slowdown instead of its 4×. The simulation multiplies the CPU
     * time it observed, so 4 × (this host's benchmark index ÷ 1,700) shows how a host of index
     * ~1,700 (the slow hosts' phones) would score this build.
     */
    'cpu-slowdown': { type: 'string' },
    /** Also audit each run with the page's tasks shrunk to their CPU time (an analysis). */
    'cpu-time': { type: 'boolean', default: false },
  },
});
const runs = Number(values.runs);
if (!(runs >= 1)) throw new Error('--runs must be 1 or more');
const cpuSlowdown = values['cpu-slowdown'] ? Number(values['cpu-slowdown']) : undefined;
if (cpuSlowdown !== undefined && !(cpuSlowdown >= 1)) {
  throw new Error('--cpu-slowdown must be 1 or more');
}

/** Lighthouse's own failures to record a run, retried rather than ending the bench. */
const ATTEMPTS = 3;

const PAGES = [
  { label: 'landing (signed out)', path: '/landing', signedIn: false },
  { label: 'dashboard (demo fan)', path: '/dashboard', signedIn: true },
];
const wanted = values.only?.toLowerCase().split(',').filter(Boolean);
const pages = PAGES.filter((p) => !wanted || wanted.some((w) => p.label.includes(w)));

console.log(`bench:lighthouse — machine: ${machine()}, Node ${process.version}`);

let encore: DemoEncore | undefined;
await runThenStop(main, async () => {
  await encore?.stop();
});

async function main() {
  let base = values.url;
  if (!base) {
    encore = await startDemoEncore('lighthouse', values.port, { span: 2, pgOffset: 1 });
    base = encore.url;
  }
  const cookie = await signInDemo(base, 'fan');
  const { executablePath, source } = await resolveChromium();
  console.log(
    `Encore at ${base} (demo data); Chromium from ${source}; Lighthouse mobile (default config, simulated throttling${cpuSlowdown ? `, CPU slowdown ${cpuSlowdown}× instead of 4×` : ''}), ${runs} run(s) a page\n`,
  );
  if (values.save) mkdirSync(values.save, { recursive: true });

  for (const page of pages) {
    const results: Result[] = [];
    const cpuTimeResults: Result[] = [];
    for (let run = 1; run <= runs; run++) {
      const measured = await measure(executablePath, new URL(page.path, base).href, {
        logLevel: 'error',
        output: ['html', 'json'],
        // Keys left out rather than undefined: a gathered run's settings are compared with the
        // audit's (--cpu-time), and saved settings have no undefined keys.
        ...(page.signedIn && { extraHeaders: { Cookie: cookie } }),
        // Merged into the default config's settings: only the CPU factor changes.
        ...(cpuSlowdown && { throttling: { cpuSlowdownMultiplier: cpuSlowdown } }),
      });
      const lhr = measured.outcome.lhr;
      // A signed-in page that ends elsewhere (the login form) would measure the wrong screen.
      if (new URL(lhr.finalDisplayedUrl).pathname !== page.path) {
        throw new Error(`${page.path} ended at ${lhr.finalDisplayedUrl}`);
      }
      results.push(lhr);
      if (measured.cpuTime) cpuTimeResults.push(measured.cpuTime);
      if (values.save) {
        const [html, json] = measured.outcome.report as string[];
        const name = `${page.path.slice(1) || 'root'}-${run}`;
        writeFileSync(join(values.save, `${name}.html`), html as string);
        writeFileSync(join(values.save, `${name}.json`), json as string);
        // The run's trace, for DevTools' Performance panel: what each long task ran.
        const trace = measured.outcome.artifacts.Trace;
        if (trace) writeFileSync(join(values.save, `${name}.trace.json`), JSON.stringify(trace));
      }
    }
    for (const line of pageReport(`${page.label}: ${page.path}`, results)) console.log(line);
    if (cpuTimeResults.length > 0) {
      const label = `${page.label}: ${page.path}, the same runs with the page's tasks shrunk to their CPU time`;
      for (const line of pageReport(label, cpuTimeResults)) console.log(line);
    }
    console.log('');
  }
  console.log(`load at the end: ${machine()}`);
}

/**
 * One Lighthouse run of `url` in a fresh browser, as Lighthouse's CLI does: no cache or state
 * carried over. A run Lighthouse could not record (with Chromium 156, now and then, `NO_NAVSTART`:
 * the trace lacked the navigation's start) is retried, said, and not counted. With `--cpu-time` the
 * run is gathered to a folder, audited as it is, then audited again from a copy whose page tasks
 * are shrunk to their CPU time.
 */
async function measure(
  executablePath: string,
  url: string,
  flags: Flags,
): Promise<{ outcome: RunnerResult; cpuTime?: Result }> {
  for (let attempt = 1; ; attempt++) {
    const folder = values['cpu-time'] ? mkdtempSync(join(tmpdir(), 'bench-lighthouse-')) : null;
    try {
      const chrome = await chromeLauncher.launch({
        chromePath: executablePath,
        chromeFlags: [...CHROMIUM_ARGS, '--headless=new'],
      });
      let outcome: RunnerResult | undefined;
      try {
        const gather = folder ? { gatherMode: folder } : {};
        outcome = await lighthouse(url, { ...flags, ...gather, port: chrome.port }, undefined);
      } finally {
        await chrome.kill();
      }
      if (folder) outcome = await lighthouse(url, { ...flags, auditMode: folder }, undefined);
      if (!outcome) throw new Error(`${url}: Lighthouse returned nothing`);
      const failed = outcome.lhr.runtimeError;
      if (!failed) {
        if (!folder) return { outcome };
        const shrunk = `${folder}-cpu-time`;
        try {
          cpuTimeArtifacts(folder, shrunk, url);
          const cpuTime = await lighthouse(url, { ...flags, auditMode: shrunk }, undefined);
          if (!cpuTime || cpuTime.lhr.runtimeError) return { outcome };
          return { outcome, cpuTime: cpuTime.lhr };
        } finally {
          rmSync(shrunk, { recursive: true, force: true });
        }
      }
      if (attempt === ATTEMPTS) throw new Error(`${url}: ${failed.message}`);
      console.log(
        `  (${url}: Lighthouse failed to record the run, ${failed.code}; running it again)`,
      );
    } finally {
      if (folder) rmSync(folder, { recursive: true, force: true });
    }
  }
}
