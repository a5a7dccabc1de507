/**
 * `npm run bench:nearest-zip`: how long the location step's nearest-ZIP lookup takes, against a
 * scan of every ZIP, with the host's speed (host-speed.ts). No database: the lookup is in-process
 * over the bundled ZIP table. Goal: p99 ≤ 100 µs for the grid's lookups on a slow host ("well
 * under a millisecond", so it never shows beside the request's two writes).
 */

import { createRandom } from '../src/demo/prng.ts';
import { milesBetween, nearestZip, usZipPlaces } from '../src/domain/nearest-zip.ts';
import { measureHostSpeed, verdict } from './host-speed.ts';
import { percentile } from './stats.ts';

// The host's speed first, before the ZIP grid is built and timed (host-speed.ts).
const host = await measureHostSpeed();
console.log(host.line);

const LOOKUPS = 20_000;
const GOAL_P99_US = 100;
const { next: random } = createRandom(6);
const between = (low: number, high: number) => low + random() * (high - low);

const buildStarted = performance.now();
nearestZip(40.7128, -74.006);
const buildMs = performance.now() - buildStarted;
const places = usZipPlaces();

/** Phones near where people live: a real ZIP's centre moved up to ~5 miles. */
function nearPeople(): [number, number] {
  const place = places[Math.floor(random() * places.length)] ?? places[0];
  if (!place) throw new Error('no ZIPs');
  return [place.latitude + between(-0.07, 0.07), place.longitude + between(-0.07, 0.07)];
}
/** Anywhere in the lower 48's bounding box, deserts and coastal waters included. */
function anywhere(): [number, number] {
  return [between(24.5, 49.4), between(-124.8, -66.9)];
}

function time(
  name: string,
  positions: [number, number][],
  lookup: (a: number, b: number) => unknown,
) {
  const samples: number[] = [];
  for (const [latitude, longitude] of positions) {
    const started = performance.now();
    lookup(latitude, longitude);
    samples.push((performance.now() - started) * 1000);
  }
  const [p50, p95, p99] = [50, 95, 99].map((p) => percentile(samples, p)) as [
    number,
    number,
    number,
  ];
  console.log(
    `| ${name} | ${positions.length.toLocaleString('en-US')} | ${p50.toFixed(1)} µs | ${p95.toFixed(1)} µs | ${p99.toFixed(1)} µs |`,
  );
  return p99;
}

function scan(latitude: number, longitude: number) {
  let best = places[0];
  let bestMiles = Number.POSITIVE_INFINITY;
  for (const place of places) {
    const miles = milesBetween(latitude, longitude, place.latitude, place.longitude);
    if (miles < bestMiles) {
      best = place;
      bestMiles = miles;
    }
  }
  return best;
}

const people = Array.from({ length: LOOKUPS }, nearPeople);
const box = Array.from({ length: LOOKUPS }, anywhere);
console.log(
  `ZIPs indexed: ${places.length.toLocaleString('en-US')}; grid built in ${buildMs.toFixed(1)} ms (first lookup)`,
);
console.log('| lookup | positions | p50 | p95 | p99 |');
console.log('| --- | --- | --- | --- | --- |');
const gridP99 = Math.max(
  time('grid, near a ZIP', people, nearestZip),
  time('grid, anywhere in the lower 48', box, nearestZip),
);
time('scan of every ZIP, near a ZIP', people.slice(0, 2_000), scan);
console.log(
  `Goal grid p99 ≤ ${GOAL_P99_US} µs: ${verdict(gridP99 <= GOAL_P99_US, host)} (${gridP99.toFixed(1)} µs)`,
);
console.log(host.line);
