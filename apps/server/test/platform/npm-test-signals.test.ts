import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { budget } from '../support/budget.ts';
import { liveProcessesUsing, signal, testProcesses } from '../support/child-processes.ts';

/**
 * `npm test`'s steps and signals (scripts/test-steps.mjs, test-step-guard.mjs). A SIGTERM to npm test's process group
 * (a process manager, a CI timeout) ended Playwright at once, and its web servers and their
 * Postgres, in process groups of their own, kept running and holding their ports (seen
 * 2026-11-30). The runner here runs a step that behaves as Playwright does (support/test-steps):
 * whatever signal stops the run, nothing the step started is left, and no later step starts.
 */
const RUNNER = fileURLToPath(new URL('./support/test-steps/runner.mjs', import.meta.url));
const processes = testProcesses('each');

describe.skipIf(!existsSync('/proc'))('npm test and signals', () => {
  it.each([
    ['SIGTERM to its process group (a process manager, a CI timeout)', 'SIGTERM', true, 143],
    ['SIGTERM to the runner alone', 'SIGTERM', false, 143],
    ['Ctrl-C (SIGINT to its process group)', 'SIGINT', true, 130],
    // Nothing of npm test's runs: the step's guard sees its parent gone and stops the step.
    ['SIGKILL to the runner (no clean-up of its own)', 'SIGKILL', false, null],
  ] as const)('%s stops the step and all it started', async (_, name, toGroup, code) => {
    const marker = join(processes.tempDir('npm-test-signals'), 'marker');
    const { child, output, exited } = processes.start(process.execPath, [RUNNER, marker]);
    await expect.poll(output, { timeout: budget(20_000), interval: 50 }).toContain('step ready');
    // The runner, the step's guard, the step, its own-group process and its web server.
    await expect
      .poll(() => liveProcessesUsing(marker).length, { timeout: budget(20_000), interval: 50 })
      .toBe(5);

    const pid = child.pid ?? 0;
    signal(toGroup ? -pid : pid, name);

    expect(await exited).toBe(code);
    expect(output()).not.toContain('second step ran');
    await expect
      .poll(() => liveProcessesUsing(marker), { timeout: budget(10_000), interval: 50 })
      .toEqual([]);
  });
});
