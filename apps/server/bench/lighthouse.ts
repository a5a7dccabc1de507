/**
 * `npm run bench:lighthouse [-- --runs 3 --only landing,dashboard --url http://… --port N
 *   --save DIR]`
 *
 * Lighthouse on a phone (issue 18 section 3): builds the web app when needed and starts Encore as
 * `npm start` does, with the demo data on a scratch data folder and free ports (as bench:api does;
 * `--url` uses a server already running instead), then runs Lighthouse's default config — mobile:
 * a Moto G-sized screen, 4× CPU slowdown and slow 4G, simulated throttling — through its Node API
 * on Chromium (e2e/support/chromium.ts: CHROMIUM_PATH, /usr/bin/chromium or @sparticuz/chromium,
 * with the same flags) on `/landing` signed out and `/dashboard` signed in as the demo fan (the
 * session cookie from the login API, sent with every request through Lighthouse's
 * `extraHeaders`: Lighthouse clears the browser's cookies before each run). Prints per page the
 * median of the runs for performance, accessibility, best practices and SEO, LCP / TBT / CLS /
 * FCP / SI, and the failing audits. `--save DIR` writes each run's HTML and JSON report there.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Result } from 'lighthouse';
import { CHROMIUM_ARGS, resolveChromium } from '../../../e2e/support/chromium.ts';
import { machine } from './bench-app.ts';
import { type DemoEncore, signInDemo, startDemoEncore } from './demo-encore.ts';
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
  },
});
const runs = Number(values.runs);
if (!(runs >= 1)) throw new Error('--runs must be 1 or more');

const PAGES = [
  { label: 'landing (signed out)', path: '/landing', signedIn: false },
  { label: 'dashboard (demo fan)', path: '/dashboard', signedIn: true },
];
const wanted = values.only?.toLowerCase().split(',').filter(Boolean);
const pages = PAGES.filter((p) => !wanted || wanted.some((w) => p.label.includes(w)));

console.log(`bench:lighthouse — machine: ${machine()}, Node ${process.version}`);

let encore: DemoEncore | undefined;
const stopAll = async () => {
  await encore?.stop();
};
process.once('SIGINT', () => void stopAll().then(() => process.exit(130)));

try {
  await main();
} finally {
  await stopAll();
}

async function main() {
  let base = values.url;
  if (!base) {
    encore = await startDemoEncore('lighthouse', values.port, { span: 2, pgOffset: 1 });
    base = encore.url;
  }
  const cookie = await signInDemo(base, 'fan');
  const { executablePath, source } = await resolveChromium();
  console.log(
    `Encore at ${base} (demo data); Chromium from ${source}; Lighthouse mobile (default config, simulated throttling), ${runs} run(s) a page\n`,
  );
  if (values.save) mkdirSync(values.save, { recursive: true });

  for (const page of pages) {
    const results: Result[] = [];
    for (let run = 1; run <= runs; run++) {
      // A fresh browser per run, as Lighthouse's CLI does: no cache or state carried over.
      const chrome = await chromeLauncher.launch({
        chromePath: executablePath,
        chromeFlags: [...CHROMIUM_ARGS, '--headless=new'],
      });
      try {
        const outcome = await lighthouse(
          new URL(page.path, base).href,
          {
            port: chrome.port,
            logLevel: 'error',
            output: ['html', 'json'],
            extraHeaders: page.signedIn ? { Cookie: cookie } : undefined,
          },
          undefined,
        );
        if (!outcome) throw new Error(`${page.path}: Lighthouse returned nothing`);
        const lhr = outcome.lhr;
        if (lhr.runtimeError) throw new Error(`${page.path}: ${lhr.runtimeError.message}`);
        // A signed-in page that ends elsewhere (the login form) would measure the wrong screen.
        if (new URL(lhr.finalDisplayedUrl).pathname !== page.path) {
          throw new Error(`${page.path} ended at ${lhr.finalDisplayedUrl}`);
        }
        results.push(lhr);
        if (values.save) {
          const [html, json] = outcome.report as string[];
          const name = `${page.path.slice(1) || 'root'}-${run}`;
          writeFileSync(join(values.save, `${name}.html`), html as string);
          writeFileSync(join(values.save, `${name}.json`), json as string);
        }
      } finally {
        await chrome.kill();
      }
    }
    for (const line of pageReport(`${page.label}: ${page.path}`, results)) console.log(line);
    console.log('');
  }
  console.log(`load at the end: ${machine()}`);
}
