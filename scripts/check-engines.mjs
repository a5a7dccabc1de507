// Fails when an installed package's `engines.node` excludes the Node that runs it. npm only
// warns about such packages (engine-strict is for `npm ci`; see docs/decisions/017), so a
// transitive upgrade that requires a newer Node would otherwise land silently. `npm run check`
// runs this; fix a finding with root package.json `overrides` (decision 017), not by editing here.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import semver from 'semver';

const root = new URL('..', import.meta.url).pathname;
const workspaces = ['.', 'packages/contract', 'apps/server', 'apps/web'];

/** Every package.json under a node_modules folder, nested node_modules included. */
function* packagesIn(nodeModules) {
  if (!existsSync(nodeModules)) return;
  for (const entry of readdirSync(nodeModules, { withFileTypes: true })) {
    if (!entry.isDirectory() || entry.name.startsWith('.')) continue;
    const dir = join(nodeModules, entry.name);
    if (entry.name.startsWith('@')) {
      yield* packagesIn(dir);
      continue;
    }
    const manifest = join(dir, 'package.json');
    if (existsSync(manifest)) yield { dir, manifest };
    yield* packagesIn(join(dir, 'node_modules'));
  }
}

const excluded = [];
for (const workspace of workspaces) {
  for (const { dir, manifest } of packagesIn(join(root, workspace, 'node_modules'))) {
    let pkg;
    try {
      pkg = JSON.parse(readFileSync(manifest, 'utf8'));
    } catch {
      continue; // test fixtures inside some packages are not manifests
    }
    const range = pkg.engines?.node;
    if (typeof range !== 'string' || !semver.validRange(range)) continue;
    if (!semver.satisfies(process.version, range, { includePrerelease: true })) {
      excluded.push(`${dir.slice(root.length)} ${pkg.version} needs node ${range}`);
    }
  }
}

if (excluded.length > 0) {
  console.error(`Installed packages that do not support Node ${process.version}:`);
  for (const line of excluded) console.error(`  ${line}`);
  console.error('Pin versions that do with root package.json "overrides" (docs/decisions/017).');
  process.exit(1);
}
console.log(`engines: every installed package supports Node ${process.version}`);
