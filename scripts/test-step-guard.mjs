// One step of `npm test`, run by scripts/test-steps.mjs as the leader of a process group of its
// own: starts the step's command in that group and stops the group when npm test goes.
//
// npm test hands a signal it gets to this group as SIGINT; that does not help when npm test is
// killed outright (SIGKILL, say at a CI deadline): this guard notices that its parent is gone
// and sends the group SIGINT itself. Either way, once the command has ended, whatever is left in
// the group (a test's Postgres) gets SIGTERM. Exits as the command did.
import { spawn } from 'node:child_process';
import { constants } from 'node:os';

/** How often the guard looks whether npm test is still there. */
const PARENT_CHECK_MS = 1_000;

const [command, ...args] = process.argv.slice(2);
const parent = process.ppid;
let stopping = false;

// A SIGINT to the group reaches this guard too: the command is what stops on it.
process.on('SIGINT', () => {
  stopping = true;
});

const child = spawn(command, args, { stdio: 'inherit' });
const watch = setInterval(() => {
  if (process.ppid === parent || stopping) return;
  stopping = true;
  signalGroup('SIGINT');
}, PARENT_CHECK_MS);

child.once('error', (error) => {
  console.error(`npm test could not start ${command}: ${error.message}`);
  process.exit(1);
});
child.once('exit', (code, signal) => {
  clearInterval(watch);
  if (stopping) {
    // The sweep reaches this guard too; it exits right after on its own terms.
    process.on('SIGTERM', () => {});
    signalGroup('SIGTERM');
  }
  process.exit(code ?? 128 + (constants.signals[signal] ?? 0));
});

function signalGroup(name) {
  try {
    process.kill(-process.pid, name);
  } catch {
    // The group is gone already.
  }
}
