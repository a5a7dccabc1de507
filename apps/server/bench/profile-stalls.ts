/**
 * `npm run bench:stalls -- FILE.cpuprofile [--min-ms 20] [--from S] [--to S] [--show 15]`
 *
 * What held Encore's event loop: the stretches of a V8 CPU profile (`BENCH_CPU_PROF=DIR` on
 * bench:api or bench:traffic) in which the main thread never went idle for `--min-ms` or longer.
 * A request's p99 near the loop's longest stall (loop-meter.ts) says such a stretch made it; this
 * says what was running. Per stall: when (seconds on the host's monotonic clock, which V8 stamps
 * profiles with and `process.hrtime` reads), how long, and the Encore
 * functions (apps/ and packages/ sources) that held the most of it, by inclusive time; then the
 * same over all stalls, and the self time by frame (GC, JSON, Postgres parsing show up there).
 * `--from`/`--to` keep the stalls that start in that span of the clock: bench:traffic prints
 * each round's span with BENCH_CPU_PROF set.
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';

type CallFrame = { functionName: string; url: string; lineNumber: number };
type ProfileNode = { id: number; callFrame: CallFrame; children?: number[] };
type Profile = { nodes: ProfileNode[]; startTime: number; samples: number[]; timeDeltas: number[] };

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    'min-ms': { type: 'string', default: '20' },
    from: { type: 'string', default: '0' },
    to: { type: 'string', default: 'Infinity' },
    show: { type: 'string', default: '15' },
  },
});
const file = positionals[0];
if (!file) {
  console.error('Give a .cpuprofile file: npm run bench:stalls -- /tmp/prof/CPU.….cpuprofile');
  process.exit(2);
}
const minMs = Number(values['min-ms']);
const fromS = Number(values.from);
const toS = Number(values.to);
const show = Number(values.show);

const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const parentOf = new Map<number, number>();
for (const node of profile.nodes)
  for (const child of node.children ?? []) parentOf.set(child, node.id);

const IDLE = '(idle)';
/** Our own code: the app's and the packages' sources, not node_modules or Node's internals. */
const isOurs = (url: string) => /\/(apps|packages)\//.test(url) && !url.includes('node_modules');
const frameName = (frame: CallFrame) => {
  const where = frame.url.replace(/^.*\/(apps|packages|node_modules)\//, '$1/');
  return `${frame.functionName || '(anonymous)'} ${where ? `${where}:${frame.lineNumber + 1}` : ''}`.trim();
};

type Stall = { startMs: number; ms: number; samples: { nodeId: number; ms: number }[] };
const stalls: Stall[] = [];
// V8's profile clock is CLOCK_MONOTONIC in microseconds.
let clockMs = profile.startTime / 1000;
let open: Stall | undefined;
for (let i = 0; i < profile.samples.length; i += 1) {
  const ms = (profile.timeDeltas[i + 1] ?? 0) / 1000;
  const node = byId.get(profile.samples[i] as number);
  const idle = node?.callFrame.functionName === IDLE;
  if (idle) {
    if (open && open.ms >= minMs) stalls.push(open);
    open = undefined;
  } else {
    open ??= { startMs: clockMs, ms: 0, samples: [] };
    open.ms += ms;
    open.samples.push({ nodeId: profile.samples[i] as number, ms });
  }
  clockMs += ms;
}
if (open && open.ms >= minMs) stalls.push(open);
const kept = stalls.filter((s) => s.startMs / 1000 >= fromS && s.startMs / 1000 <= toS);

/** Inclusive ms per Encore function (each counted once per sample) and self ms per frame. */
function tally(samples: Stall['samples']) {
  const ours = new Map<string, number>();
  const self = new Map<string, number>();
  for (const { nodeId, ms } of samples) {
    const leaf = byId.get(nodeId);
    if (leaf) self.set(frameName(leaf.callFrame), (self.get(frameName(leaf.callFrame)) ?? 0) + ms);
    const seen = new Set<string>();
    for (let id: number | undefined = nodeId; id !== undefined; id = parentOf.get(id)) {
      const frame = byId.get(id)?.callFrame;
      if (!frame || !isOurs(frame.url)) continue;
      const name = frameName(frame);
      if (seen.has(name)) continue;
      seen.add(name);
      ours.set(name, (ours.get(name) ?? 0) + ms);
    }
  }
  return { ours, self };
}
const top = (map: Map<string, number>, n: number) =>
  [...map.entries()].sort((a, b) => b[1] - a[1]).slice(0, n);

const totalS = (clockMs - profile.startTime / 1000) / 1000;
console.log(
  `${file}: ${totalS.toFixed(1)} s profiled from ${(profile.startTime / 1e6).toFixed(2)} s; ${stalls.length} stretches of ≥ ${minMs} ms without idle, ${kept.length} from ${fromS} to ${toS} s`,
);
for (const stall of [...kept].sort((a, b) => b.ms - a.ms).slice(0, show)) {
  const { ours, self } = tally(stall.samples);
  const where = top(ours, 4).map(([name, ms]) => `${name} ${ms.toFixed(0)}`);
  const leaf = top(self, 2).map(([name, ms]) => `${name} ${ms.toFixed(0)}`);
  console.log(`\nat ${(stall.startMs / 1000).toFixed(2)} s: ${stall.ms.toFixed(1)} ms`);
  console.log(`  ours (inclusive ms): ${where.join(' · ') || '—'}`);
  console.log(`  self (ms): ${leaf.join(' · ')}`);
}
const all = tally(kept.flatMap((s) => s.samples));
const stalledMs = kept.reduce((sum, s) => sum + s.ms, 0);
console.log(
  `\nAll ${kept.length} stalls, ${stalledMs.toFixed(0)} ms: our functions (inclusive ms)`,
);
for (const [name, ms] of top(all.ours, show))
  console.log(`  ${ms.toFixed(0).padStart(6)}  ${name}`);
console.log('Self time by frame (ms)');
for (const [name, ms] of top(all.self, show))
  console.log(`  ${ms.toFixed(0).padStart(6)}  ${name}`);
