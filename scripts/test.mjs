// `npm test`: every test there is. Builds the web app (the browser tests drive the production
// build; scripts/build-without-warnings.mjs fails the step when the build prints a warning),
// checks the first pages' JavaScript against its ceiling on that same build
// (scripts/check-bundle-size.mjs), runs the unit, component and integration tests (vitest), then
// the browser journeys (Playwright, Chromium). Runs every tier even when one fails, so a single
// run shows every failure; the browser journeys are skipped only when the build failed (they
// would test a stale or missing build). Exits non-zero when any tier failed or was skipped. A
// signal (Ctrl-C, SIGTERM, SIGHUP) stops the running tier cleanly, web servers and Postgres
// included, and starts no other (scripts/test-steps.mjs); the exit code is then 128 + the signal.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createStepRunner } from './test-steps.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const BUILD = 'Build the web app';
// Vitest's failures scroll away above the browser journeys' output, and CI keeps only the tail of
// a run (where a failed journey's tail is its trace's path, not its error): both tiers' JSON
// reports let the summary name each failed test and its error again at the very end.
const reportDir = mkdtempSync(join(tmpdir(), 'encore-test-'));
const vitestReport = join(reportDir, 'vitest.json');
const journeyReport = join(reportDir, 'journeys.json');
const steps = [
  { title: BUILD, command: 'node', args: ['scripts/build-without-warnings.mjs'] },
  {
    title: 'First pages under the JS ceiling',
    command: 'node',
    args: ['scripts/check-bundle-size.mjs'],
    needs: BUILD,
  },
  {
    title: 'Unit, component and integration tests',
    command: 'npx',
    args: [
      'vitest',
      'run',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${vitestReport}`,
    ],
  },
  { title: 'Browser journeys', command: 'npx', args: ['playwright', 'test'], needs: BUILD },
];

const outcomes = new Map(); // title -> 'passed' | 'failed' | 'skipped'
const summary = [];
// Each step in a process group of its own; a signal stops it cleanly (scripts/test-steps.mjs).
const runner = createStepRunner({
  cwd: root,
  env: {
    ...process.env,
    PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1',
    ENCORE_JOURNEY_REPORT: journeyReport,
  },
});

for (const { title, command, args, needs } of steps) {
  if (runner.stoppedBy()) {
    outcomes.set(title, 'skipped');
    summary.push(`SKIPPED ${title}: stopped by ${runner.stoppedBy()}`);
    continue;
  }
  if (needs && outcomes.get(needs) !== 'passed') {
    outcomes.set(title, 'skipped');
    summary.push(`SKIPPED ${title}: needs "${needs}", which failed`);
    console.error(`\n=== ${title} skipped: "${needs}" failed`);
    continue;
  }
  console.log(`\n=== ${title}: ${command} ${args.join(' ')}`);
  const started = Date.now();
  const result = await runner.run(command, args);
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (result.status === 0) {
    outcomes.set(title, 'passed');
    summary.push(`passed  ${title} (${seconds}s)`);
    console.log(`=== ${title} passed in ${seconds}s`);
  } else if (runner.stoppedBy()) {
    outcomes.set(title, 'skipped');
    summary.push(`STOPPED ${title} by ${runner.stoppedBy()} (${seconds}s)`);
  } else {
    outcomes.set(title, 'failed');
    const why = result.error ? result.error.message : `exit ${result.status ?? result.signal}`;
    summary.push(`FAILED  ${title} (${why}, ${seconds}s)`);
    console.error(`\n=== ${title} failed after ${seconds}s (${why})`);
  }
}

console.log(`\n=== Summary\n${summary.join('\n')}`);
printVitestFailures();
printJourneyFailures();
rmSync(reportDir, { recursive: true, force: true });
if (runner.stoppedBy()) {
  console.error(`\n=== npm test stopped by ${runner.stoppedBy()}`);
  process.exit(runner.stoppedExitCode());
}
const failed = [...outcomes.values()].some((outcome) => outcome !== 'passed');
if (failed) {
  console.error('\n=== npm test failed');
  process.exit(1);
}
console.log('\n=== npm test passed');

/** Each failed vitest test (file, name, the first lines of its error), or nothing if all passed. */
function printVitestFailures() {
  const report = readReport(vitestReport);
  if (!report) return;
  const failures = [];
  for (const file of report.testResults ?? []) {
    const path = file.name.replace(root, '');
    const failedTests = (file.assertionResults ?? []).filter((test) => test.status === 'failed');
    if (file.status === 'failed' && failedTests.length === 0) {
      failures.push(`${path}: ${firstLines(file.message)}`); // failed before any test ran
    }
    for (const test of failedTests) {
      failures.push(`${path} > ${test.fullName}: ${firstLines(test.failureMessages?.[0])}`);
    }
  }
  if (failures.length > 0) console.error(`\n=== Failed vitest tests\n${failures.join('\n')}`);
}

/** Each failed or flaky journey (project, file:line, title, where and why it failed), or nothing. */
function printJourneyFailures() {
  const report = readReport(journeyReport);
  if (!report) return;
  // Specs name their file from the test folder (playwright.config.ts' testDir).
  const testDir = relative(root, report.config?.rootDir ?? join(root, 'e2e'));
  const lines = [];
  const visit = (suite) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status !== 'unexpected' && test.status !== 'flaky') continue;
        const failed = (test.results ?? []).find((result) => result.error);
        const at = failed?.error?.location;
        const where = at ? ` (at ${at.file.replace(root, '')}:${at.line})` : '';
        const label = test.status === 'flaky' ? 'flaky' : 'failed';
        lines.push(
          `${label} [${test.projectName}] ${join(testDir, spec.file)}:${spec.line} ${spec.title}${where}: ` +
            firstLines(withoutColours(failed?.error?.message)),
        );
      }
    }
    for (const child of suite.suites ?? []) visit(child);
  };
  for (const suite of report.suites ?? []) visit(suite);
  for (const error of report.errors ?? []) {
    lines.push(`error: ${firstLines(withoutColours(error.message))}`);
  }
  if (lines.length > 0)
    console.error(`\n=== Failed or flaky browser journeys\n${lines.join('\n')}`);
}

/** A tier's JSON report; undefined when it did not get far enough to write one (its output says why). */
function readReport(path) {
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    return undefined;
  }
}

/** Playwright's messages carry terminal colours; a log file shows them as noise. */
function withoutColours(text = '') {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the escape is what is removed
  return text.replace(/\u001b\[[0-9;]*m/g, '');
}

/** The message without its stack frames or blank lines, at most `count` lines. */
function firstLines(text = '', count = 4) {
  const lines = text.split('\n').filter((line) => line.trim() !== '' && !/^\s*at /.test(line));
  return lines.slice(0, count).join('\n    ');
}
