// `npm run fuzz -- --runs N [--seed S]`: the endpoint fuzz suite (apps/server/test/security/endpoint-fuzz
// .test.ts) with more requests per route than CI sends, and a new seed each time unless given.
// It prints the seed first, so a failure is reproduced with the same --runs and --seed, and the
// answers per route and status at the end, to show how deep the requests got.
import { spawnSync } from 'node:child_process';
import { randomInt } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: { runs: { type: 'string', default: '200' }, seed: { type: 'string' } },
});
const runs = Number(values.runs);
const seed = values.seed === undefined ? randomInt(1, 2 ** 31) : Number(values.seed);
if (!Number.isInteger(runs) || runs < 1 || !Number.isInteger(seed) || seed < 0) {
  console.error('Usage: npm run fuzz -- [--runs N] [--seed S]   (whole numbers)');
  process.exit(2);
}

console.log(`Endpoint fuzz: ${runs} requests per route, seed ${seed}`);
console.log(`Reproduce with: npm run fuzz -- --runs ${runs} --seed ${seed}\n`);
// Each route is one test: give it time for its runs (a request takes a few ms, a sign-up more).
const timeout = String(Math.max(30_000, runs * 500));
const result = spawnSync(
  'npx',
  ['vitest', 'run', '--project', 'server', '--testTimeout', timeout, 'endpoint-fuzz'],
  {
    cwd: fileURLToPath(new URL('..', import.meta.url)),
    stdio: 'inherit',
    env: {
      ...process.env,
      FUZZ_RUNS: String(runs),
      FUZZ_SEED: String(seed),
      FUZZ_PRINT_STATUSES: '1',
    },
  },
);
console.log(`\nSeed was ${seed} (npm run fuzz -- --runs ${runs} --seed ${seed})`);
process.exit(result.status ?? 1);
