// Runs `npm test`'s steps one at a time, and stops the running one cleanly on a signal.
//
// A SIGTERM reached Playwright along with the rest of `npm test`'s process group (a process
// manager, `kill -- -<pgid>`, a CI timeout) and Playwright ended at once: its web servers, which
// it starts in process groups of their own, and their embedded Postgres kept running and holding
// their ports (issue 32, 2026-11-30). On SIGINT Playwright stops them first. So each step runs in
// a process group of its own, out of reach of a signal to ours, led by a guard
// (test-step-guard.mjs), and any stopping signal we get is handed on to the step's group as
// SIGINT, as Ctrl-C in a terminal does (what vitest and Playwright clean up on; npx, a step's
// first process, does not pass a SIGINT on to its own child). If npm test is killed outright, the
// guard does the same by itself. Once the step has ended, the guard sends what is left in its
// group (a test's Postgres) SIGTERM. A second signal ends the step's group at once with SIGKILL.
import { spawn } from 'node:child_process';
import { constants } from 'node:os';
import { fileURLToPath } from 'node:url';

const GUARD = fileURLToPath(new URL('./test-step-guard.mjs', import.meta.url));
const STOPPING_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'];

/**
 * A runner of steps. `run` resolves with the step's exit code (128 + a signal's number when one
 * ended it); once a signal stopped the run, `stoppedBy` names it and `run` starts nothing more.
 */
export function createStepRunner({ cwd, env }) {
  let stoppedBy = null;
  let running = null;

  for (const name of STOPPING_SIGNALS) {
    process.on(name, () => {
      if (stoppedBy !== null) {
        // A second signal: no more waiting for the step's own clean-up.
        if (running?.pid) signalGroup(running.pid, 'SIGKILL');
        return;
      }
      stoppedBy = name;
      const what = running ? ' the running step (SIGINT to its group)' : '';
      console.error(`\n=== ${name}: stopping${what}`);
      if (running?.pid) signalGroup(running.pid, 'SIGINT');
    });
  }

  return {
    stoppedBy: () => stoppedBy,
    /** The exit code a run stopped by `stoppedBy` ends with (128 + the signal's number). */
    stoppedExitCode: () => 128 + (constants.signals[stoppedBy] ?? 0),
    run(command, args) {
      if (stoppedBy !== null) return Promise.resolve({ status: null, signal: stoppedBy });
      return new Promise((resolve) => {
        const guard = [GUARD, command, ...args];
        const child = spawn(process.execPath, guard, {
          cwd,
          env,
          stdio: 'inherit',
          detached: true,
        });
        running = child;
        child.once('error', (error) => {
          running = null;
          resolve({ status: null, signal: null, error });
        });
        child.once('exit', (status, signal) => {
          running = null;
          resolve({ status, signal });
        });
      });
    },
  };
}

function signalGroup(pid, signal) {
  try {
    process.kill(-pid, signal);
  } catch {
    // Gone already.
  }
}
