/**
 * `npm run bench:search [-- --artists 100000 --samples 1000 --port 4900]`
 *
 * Generates a catalogue of artists (made-up band, solo and DJ names with genres, 40% on tour) in a
 * throwaway embedded Postgres, then times Discovery's search (the same repository function the
 * /api/discovery/artists route calls, with the service's genre matching) for what fans type:
 * prefixes of real names (2–8 characters, of the name or of one of its words), names with one
 * typo, and genres. Prints p50/p95/p99 per kind and overall, and how often the misspelled artist
 * was found, with the host's speed (host-speed.ts). Goal: p95 under 30 ms on a slow host.
 */
import { parseArgs } from 'node:util';
import { ARTIST_SEARCH_MAX, GENRES } from '@encore/contract';
import { createRandom, type Random } from '../src/demo/prng.ts';
import { createArtistSearchRepo } from '../src/repositories/artist-search.repo.ts';
import { genresNamedBy } from '../src/services/discovery.service.ts';
import { startBenchDatabase } from './bench-database.ts';
import { generateArtists } from './generate-artists.ts';
import { verdict } from './host-speed.ts';
import { percentile, seconds } from './stats.ts';

const { values } = parseArgs({
  options: {
    artists: { type: 'string', default: '100000' },
    samples: { type: 'string', default: '1000' },
    /** Postgres' port; a free one by default. */
    port: { type: 'string' },
  },
});
const samples = Number(values.samples);

type Kind = 'prefix' | 'misspelling' | 'genre';
type Sample = { kind: Kind; q: string; meant?: string };

/** What a fan has typed when the 300 ms pause fires: the start of a name or of one of its words. */
function prefix(random: Random, name: string): string {
  const words = name.split(' ').filter((w) => w.length >= 2);
  const from = random.chance(0.6) ? name : random.pick(words.length > 0 ? words : [name]);
  return from.slice(0, random.int(2, 8)).trim();
}

/** One typo: a letter dropped, doubled, swapped with the next, or replaced. */
function misspell(random: Random, name: string): string {
  const at = random.int(1, Math.max(1, name.length - 2));
  const letter = String.fromCharCode(97 + random.int(0, 25));
  switch (random.int(0, 3)) {
    case 0:
      return name.slice(0, at) + name.slice(at + 1);
    case 1:
      return name.slice(0, at) + name.charAt(at) + name.slice(at);
    case 2:
      return name.slice(0, at) + name.charAt(at + 1) + name.charAt(at) + name.slice(at + 2);
    default:
      return name.slice(0, at) + letter + name.slice(at + 1);
  }
}

function samplesOf(random: Random, names: string[]): Sample[] {
  return Array.from({ length: samples }, (_, i): Sample => {
    const name = random.pick(names);
    if (i % 10 === 9) {
      const genre = random.pick(GENRES);
      return { kind: 'genre', q: random.chance(0.5) ? genre.toLowerCase() : genre.slice(0, 3) };
    }
    if (i % 2 === 0) return { kind: 'prefix', q: prefix(random, name) };
    return { kind: 'misspelling', q: misspell(random, name), meant: name };
  });
}

const { host, database, stop } = await startBenchDatabase('search', values.port);
try {
  const started = performance.now();
  const names = await generateArtists(database.pool, Number(values.artists));
  console.log(
    `Generated ${names.length.toLocaleString('en-US')} artists in ${seconds(performance.now() - started)}`,
  );

  const repo = createArtistSearchRepo(database.orm);
  const random = createRandom(7);
  const fanId = 'bench-fan-without-alerts';
  const search = (q: string) =>
    repo
      .search(fanId, { q, genres: genresNamedBy(q), limit: ARTIST_SEARCH_MAX })
      .then((found) => found.cards);
  // Warm the connection pool and the caches the way a running server would be.
  for (const s of samplesOf(createRandom(1), names).slice(0, 100)) await search(s.q);

  const times: Record<Kind | 'all', number[]> = { prefix: [], misspelling: [], genre: [], all: [] };
  let found = 0;
  let misspellings = 0;
  for (const s of samplesOf(random, names)) {
    const t0 = performance.now();
    const results = await search(s.q);
    const ms = performance.now() - t0;
    times[s.kind].push(ms);
    times.all.push(ms);
    if (s.meant) {
      misspellings += 1;
      if (results.some((r) => r.name === s.meant)) found += 1;
    }
  }
  console.log(`\nSearch for ${samples} typed queries (${ARTIST_SEARCH_MAX} results at most):`);
  for (const [kind, list] of Object.entries(times)) {
    console.log(
      `${kind.padEnd(11)}: n=${list.length} p50 ${percentile(list, 50).toFixed(1)} ms · p95 ${percentile(list, 95).toFixed(1)} ms · p99 ${percentile(list, 99).toFixed(1)} ms`,
    );
  }
  console.log(
    `misspelled artist among the results: ${found}/${misspellings} (${((100 * found) / misspellings).toFixed(0)}%)`,
  );
  const p95 = percentile(times.all, 95);
  console.log(`Goal p95 < 30 ms: ${verdict(p95 < 30, host)} (${p95.toFixed(1)} ms)`);
  console.log(host.line);
} finally {
  await stop();
}
