// sqlmap and wapiti come from Debian's packages. Installed here when missing and we are root;
// otherwise the scan stops and says how.
import { spawnSync } from 'node:child_process';

const PACKAGES = ['sqlmap', 'wapiti'];

function has(command) {
  return spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;
}

function aptGet(args) {
  const result = spawnSync('apt-get', args, {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  return result.status === 0;
}

/** Returns true when both tools are there (after installing them if it could). */
export function ensureTools() {
  const missing = PACKAGES.filter((name) => !has(name));
  if (missing.length === 0) return true;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot || !has('apt-get')) {
    console.error(
      `Missing: ${missing.join(', ')}. Install the Debian packages, then run the scan again:\n` +
        `  sudo apt-get update && sudo apt-get install -y ${missing.join(' ')}`,
    );
    return false;
  }
  console.log(`Installing ${missing.join(', ')} (apt-get; takes a few minutes the first time)...`);
  // A fresh machine may have no package lists yet: update only when the install needs it.
  const installed =
    aptGet(['install', '-y', ...missing]) ||
    (aptGet(['update']) && aptGet(['install', '-y', ...missing]));
  const still = PACKAGES.filter((name) => !has(name));
  if (!installed || still.length > 0) {
    console.error(
      `apt-get could not install ${still.join(', ') || missing.join(', ')}: see its output above.`,
    );
    return false;
  }
  return true;
}
