import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import {
  type Change,
  createPublicResponseCache,
  type Dependencies,
  ONCE_COMPRESSION,
  PUBLIC_COMPRESSION,
  touches,
} from '../../src/lib/public-response-cache.ts';

/** The cache's own rules, without HTTP or a database: bounds, expiry and the commit race. */
function cacheAt(clock: { now: number }, maxBytes = 10_000) {
  const cache = createPublicResponseCache({
    maxBytes,
    maxAgeMs: 60_000,
    compressAboveBytes: 100,
    now: () => clock.now,
  });
  cache.setEnabled(true);
  return cache;
}

/** A page read from `tables`, each whole (dropped by any change to it). */
const whole = (...tables: string[]) => ({ tables, byRow: [] });

/** A loader that counts its reads and answers `json` (by default, its read number). */
function loader(json?: () => string) {
  const counter = {
    reads: 0,
    load: async () => {
      counter.reads += 1;
      const text = json ? json() : JSON.stringify({ read: counter.reads });
      return { value: JSON.parse(text), json: text };
    },
  };
  return counter;
}

describe('the public response cache', () => {
  it('keeps nothing when off (PAGE_CACHES=off), even once the notices are listened to', async () => {
    const cache = createPublicResponseCache({
      maxBytes: 10_000,
      maxAgeMs: 60_000,
      compressAboveBytes: 100,
      off: true,
    });
    cache.setEnabled(true);
    const page = loader();
    await cache.get('a', whole('shows'), page.load);
    await cache.get('a', whole('shows'), page.load);
    expect(page.reads).toBe(2);
    expect(cache.stats()).toMatchObject({ entries: 0, enabled: false });
  });

  it('reads once for many concurrent requests, then serves from memory', async () => {
    const cache = cacheAt({ now: 0 });
    const page = loader();
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => cache.get('a', whole('shows'), page.load)),
    );
    await cache.get('a', whole('shows'), page.load);
    expect(page.reads).toBe(1);
    expect(new Set(answers.map((a) => a.hash)).size).toBe(1);
  });

  it('drops the entries read from a changed table only', async () => {
    const cache = cacheAt({ now: 0 });
    const shows = loader();
    const users = loader();
    await cache.get('shows', whole('shows'), shows.load);
    await cache.get('users', whole('user'), users.load);
    cache.invalidate({ table: 'shows' });
    await cache.get('shows', whole('shows'), shows.load);
    await cache.get('users', whole('user'), users.load);
    expect([shows.reads, users.reads]).toEqual([2, 1]);
  });

  it('does not keep a page read before a change whose notice came while it was read', async () => {
    const cache = cacheAt({ now: 0 });
    let release: () => void = () => {};
    const slow = {
      reads: 0,
      load: async () => {
        slow.reads += 1;
        const read = slow.reads;
        if (read === 1) await new Promise<void>((resolve) => (release = resolve));
        return { value: read, json: String(read) };
      },
    };
    const first = cache.get('a', whole('shows'), slow.load);
    // The notice arrives while the first read is in flight: a later request must not join it.
    cache.invalidate({ table: 'shows' });
    const second = cache.get('a', whole('shows'), slow.load);
    release();
    expect((await first).value).toBe(1);
    expect((await second).value).toBe(2);
    expect((await cache.get('a', whole('shows'), slow.load)).value).toBe(2);
  });

  it('keeps no read that began before a commit, whether its notice came before or after it ended', async () => {
    // Issue 32's question: a show page read before a postponement's commit must never stay.
    const cache = cacheAt({ now: 0 });
    const showPage = { tables: ['shows'], byRow: ['shows'] };
    const postponed = { table: 'shows', tags: ['show:1'] };
    let status = 'announced';
    let release: () => void = () => {};
    const held = async () => {
      const read = status; // the read's snapshot, taken before the commit
      await new Promise<void>((resolve) => (release = resolve));
      return { value: read, json: JSON.stringify(read), tags: ['show:1'] };
    };
    // Notice while the read is held: the read answers its request but is not kept.
    const first = cache.get('show', showPage, held);
    status = 'postponed';
    cache.invalidate(postponed);
    release();
    expect((await first).value).toBe('announced');
    expect(cache.fresh('show')).toBeUndefined();
    // Notice after the read was kept: it drops it.
    status = 'announced';
    const second = cache.get('show', showPage, held);
    status = 'postponed';
    release();
    expect((await second).value).toBe('announced');
    expect(cache.fresh('show')?.value).toBe('announced');
    cache.invalidate(postponed);
    expect(cache.fresh('show')).toBeUndefined();
  });

  it('drops, for a table followed by row, only the pages that showed a changed row', async () => {
    const cache = cacheAt({ now: 0 });
    const read = { tables: ['shows', 'show_attendance', 'user'], byRow: ['show_attendance'] };
    const tagged = (...tags: string[]) => {
      const page = loader();
      return { ...page, load: async () => ({ ...(await page.load()), tags }), page };
    };
    const one = tagged('show:1');
    const two = tagged('show:2');
    const fill = async () => {
      await cache.get('one', read, one.load);
      await cache.get('two', read, two.load);
    };
    const reads = () => [one.page.reads, two.page.reads];
    await fill();
    // A going mark on show 2: only the page that showed it goes.
    cache.invalidate({ table: 'show_attendance', tags: ['show:2', 'user:9'] });
    await fill();
    expect(reads()).toEqual([1, 2]);
    // A table the pages read whole: tags or not, both go.
    cache.invalidate({ table: 'shows', tags: ['show:3'] });
    await fill();
    expect(reads()).toEqual([2, 3]);
    // A notice without tags (a bulk statement): every page that read the table goes.
    cache.invalidate({ table: 'show_attendance' });
    await fill();
    expect(reads()).toEqual([3, 4]);
    // A table they do not read: nothing goes.
    cache.invalidate({ table: 'artist_alerts', tags: ['show:1'] });
    await fill();
    expect(reads()).toEqual([3, 4]);
    // Tags alone (a user's read mark): whatever carries one, whatever it read.
    cache.invalidate({ tags: ['show:1'] });
    await fill();
    expect(reads()).toEqual([4, 4]);
  });

  it('follows a table by one kind of its notices’ tags when told (tagKinds)', async () => {
    const cache = cacheAt({ now: 0 });
    // Your Alerts' own cards: the marks of the fan and their pals, on the shows they list.
    const read = {
      tables: ['shows', 'show_attendance'],
      byRow: ['shows', 'show_attendance'],
      tagKinds: { show_attendance: 'user:' },
    };
    const page = loader();
    const load = async () => ({ ...(await page.load()), tags: ['show:1', 'user:7'] });
    await cache.get('own', read, load);
    // Another fan's going mark on the listed show: kept.
    cache.invalidate({ table: 'show_attendance', tags: ['show:1', 'user:9'] });
    await cache.get('own', read, load);
    expect(page.reads).toBe(1);
    // A pal's (or the fan's own): dropped.
    cache.invalidate({ table: 'show_attendance', tags: ['show:1', 'user:7'] });
    await cache.get('own', read, load);
    expect(page.reads).toBe(2);
    // Another table followed by row: any tag, the show's too.
    cache.invalidate({ table: 'shows', tags: ['show:1'] });
    await cache.get('own', read, load);
    expect(page.reads).toBe(3);
  });

  it('keeps a listing cut at its limit through listing changes of shows after its last day (decision 061)', async () => {
    const cache = cacheAt({ now: 0 });
    // Your Alerts' first page with a next one: its last card starts on 2027-03-10.
    const read = { tables: ['shows'], byRow: ['shows'] };
    const watched = 'shows:listing:performer_id:7';
    const page = loader();
    const load = async () => ({
      ...(await page.load()),
      tags: [watched, 'shows:listing:genre:Jazz', 'show:1', 'user:3'],
      horizon: '2027-03-10',
    });
    const after = (...tags: string[]) => {
      cache.invalidate({ table: 'shows', tags });
      return cache.get('alerts', read, load).then(() => page.reads);
    };
    await cache.get('alerts', read, load);
    // The watched band announces a show the day after the page's last: kept.
    expect(await after(watched, 'show:2', 'shows:starts:2027-03-11')).toBe(1);
    // On the last card's day (the time of day is not told): dropped.
    expect(await after(watched, 'show:3', 'shows:starts:2027-03-10')).toBe(2);
    // A show moved from after the page's last day to before it: its old day and its new.
    expect(
      await after(watched, 'show:2', 'shows:starts:2027-03-11', 'shows:starts:2027-01-02'),
    ).toBe(3);
    // A listing change that names no day (conservative): dropped.
    expect(await after('shows:listing:genre:Jazz', 'show:4')).toBe(4);
    // A show on the page, moved later: its own tag, whatever the days.
    expect(await after('show:1', 'shows:starts:2027-05-01')).toBe(5);
    // A page that holds every show (no next page) has no horizon: any day drops it.
    const whole = loader();
    const wholeLoad = async () => ({ ...(await whole.load()), tags: [watched], horizon: null });
    await cache.get('all', read, wholeLoad);
    cache.invalidate({ table: 'shows', tags: [watched, 'shows:starts:2030-01-01'] });
    await cache.get('all', read, wholeLoad);
    expect(whole.reads).toBe(2);
  });

  it('counts a part kept without JSON by the bytes its loader gives', async () => {
    const cache = cacheAt({ now: 0 }, 1_000);
    const part = (n: number) => async () => ({ value: n, json: '', bytes: 400 });
    await cache.get('a', whole('shows'), part(1));
    await cache.get('b', whole('shows'), part(2));
    expect(cache.stats()).toMatchObject({ entries: 2, bytes: 800 });
    // A third goes past the bound: the least recently used goes.
    await cache.get('c', whole('shows'), part(3));
    expect(cache.keys()).toEqual(['b', 'c']);
  });

  it('drops by its indexes exactly what a walk over every entry would', async () => {
    // A seeded shuffle of pages, tables, tags and changes, against the rule itself (`touches`).
    let seed = 7;
    const random = (n: number) => {
      // mulberry32
      seed = (seed + 0x6d2b79f5) | 0;
      let x = Math.imul(seed ^ (seed >>> 15), 1 | seed);
      x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
      return ((x ^ (x >>> 14)) >>> 0) % n;
    };
    const tables = ['shows', 'show_attendance', 'artist_alerts', 'user'];
    const tags = Array.from({ length: 12 }, (_, i) =>
      i % 3 === 2 ? `shows:listing:genre:${i}` : i % 2 ? `show:${i}` : `user:${i}`,
    );
    // Listing changes' start days, and pages cut at one of them (decision 061).
    const days = ['2027-01-01', '2027-01-02', '2027-01-03'].map((day) => `shows:starts:${day}`);
    const some = <T>(list: T[]) => list.filter(() => random(3) === 0);
    const cache = cacheAt({ now: 0 });
    const model = new Map<
      string,
      { dependsOn: Dependencies; tags: Set<string>; horizon?: string }
    >();
    let most = 0;
    for (let round = 0; round < 600; round++) {
      const key = `k${random(60)}`;
      const read = some(tables);
      const byRow = some(read);
      // Some tables followed by one kind of their tags (`tagKinds`: Your Alerts' own cards).
      const kinds = byRow.filter(() => random(2) === 0);
      const tagKinds = Object.fromEntries(kinds.map((t) => [t, random(2) ? 'user:' : 'show:']));
      const dependsOn = { tables: read, byRow, tagKinds };
      const shown = some(tags);
      const horizon = random(2) ? undefined : `2027-01-0${1 + random(3)}`;
      await cache.get(key, dependsOn, async () => ({ value: 1, json: '1', tags: shown, horizon }));
      if (!model.has(key)) model.set(key, { dependsOn, tags: new Set(shown), horizon });
      most = Math.max(most, model.size);
      if (round % 3) continue;
      const change: Change =
        random(10) === 0
          ? { tags: some(tags) }
          : {
              table: tables[random(tables.length)],
              tags: random(4) ? [...some(tags), ...some(days)] : undefined,
            };
      cache.invalidate(change);
      for (const [k, e] of model) if (touches(e, change)) model.delete(k);
      expect(cache.stats().entries).toBe(model.size);
    }
    expect(most).toBeGreaterThan(10);
  });

  it('keeps a fill through a change that does not touch it, not through one that does', async () => {
    const cache = cacheAt({ now: 0 });
    const read = { tables: ['show_attendance'], byRow: ['show_attendance'] };
    let release: () => void = () => {};
    let reads = 0;
    const load = async () => {
      reads += 1;
      const n = reads;
      if (n === 1 || n === 3) await new Promise<void>((resolve) => (release = resolve));
      return { value: n, json: String(n), tags: ['show:1'] };
    };
    const first = cache.get('a', read, load);
    cache.invalidate({ table: 'show_attendance', tags: ['show:2'] });
    // Joins the fill: the change between does not touch its page.
    const joined = cache.get('a', read, load);
    release();
    expect([(await first).value, (await joined).value]).toEqual([1, 1]);
    expect((await cache.get('a', read, load)).value).toBe(1);
    expect(reads).toBe(1);

    cache.invalidate({ tags: ['show:1'] });
    const refill = cache.get('a', read, load); // read 2, stored
    expect((await refill).value).toBe(2);
    cache.invalidate({ tags: ['show:1'] });
    const third = cache.get('a', read, load); // read 3, in flight
    cache.invalidate({ table: 'show_attendance', tags: ['show:1'] });
    const after = cache.get('a', read, load); // must not take read 3
    release();
    expect((await third).value).toBe(3);
    expect((await after).value).toBe(4);
    expect((await cache.get('a', read, load)).value).toBe(4);
  });

  it('expires an entry at its own time (a show starting) or at the max age', async () => {
    const clock = { now: 1_000 };
    const cache = cacheAt(clock);
    let reads = 0;
    const load = async () => {
      reads += 1;
      return { value: reads, json: String(reads), expiresAt: 5_000 };
    };
    await cache.get('a', whole(), load);
    clock.now = 4_999;
    await cache.get('a', whole(), load);
    expect(reads).toBe(1);
    clock.now = 5_000;
    await cache.get('a', whole(), load);
    expect(reads).toBe(2);
    const plain = loader();
    await cache.get('b', whole(), plain.load);
    clock.now += 60_000;
    await cache.get('b', whole(), plain.load);
    expect(plain.reads).toBe(2);
  });

  it('spreads its entries’ ages over the last quarter of the max age, so pages kept together do not all go together', async () => {
    const clock = { now: 0 };
    const draws = [0, 0.5, 0.999];
    const cache = createPublicResponseCache({
      maxBytes: 10_000,
      maxAgeMs: 60_000,
      compressAboveBytes: 100,
      now: () => clock.now,
      random: () => draws.shift() ?? 0,
    });
    cache.setEnabled(true);
    const pages = { a: loader(), b: loader(), c: loader() };
    for (const [key, page] of Object.entries(pages)) await cache.get(key, whole(), page.load);
    const readsAt = async (ms: number) => {
      clock.now = ms;
      for (const [key, page] of Object.entries(pages)) await cache.get(key, whole(), page.load);
      return Object.values(pages).map((page) => page.reads);
    };
    expect(await readsAt(45_000)).toEqual([1, 1, 1]); // none before 75% of the max age
    expect(await readsAt(45_100)).toEqual([1, 1, 2]); // c drew the shortest, ~45 s
    expect(await readsAt(52_600)).toEqual([1, 2, 2]); // b: 52.5 s
    expect(await readsAt(59_900)).toEqual([1, 2, 2]);
    expect(await readsAt(60_000)).toEqual([2, 2, 2]); // a drew the longest: the max age
  });

  it('stays within its bytes, dropping the least recently used first', async () => {
    const cache = cacheAt({ now: 0 }, 1_000);
    const big = (key: string) => cache.get(key, whole(), loader(() => `"${key.repeat(100)}"`).load);
    await big('a');
    await big('b');
    await big('a');
    await big('c');
    expect(cache.stats().bytes).toBeLessThanOrEqual(1_000);
    const reads = loader(() => '"a"');
    // 'a' was used after 'b', so 'b' went first.
    await cache.get('a', whole(), reads.load);
    expect(reads.reads).toBe(0);
  });

  it('compresses each encoding once, and small bodies never', async () => {
    const cache = cacheAt({ now: 0 });
    const entry = await cache.get('a', whole(), loader(() => JSON.stringify('x'.repeat(500))).load);
    const br = cache.body(entry, 'br');
    expect(br.encoding).toBe('br');
    expect(cache.body(entry, 'br').bytes).toBe(br.bytes);
    const small = await cache.get('b', whole(), loader(() => '"x"').load);
    expect(cache.body(small, 'gzip').encoding).toBe('identity');
  });

  it('compresses a kept entry at its levels, one it does not keep at the cheaper once levels', async () => {
    // Shows-like JSON: varied enough that brotli 2 and 4 (gzip 1 and 6) give different bytes.
    const json = JSON.stringify(
      Array.from({ length: 60 }, (_, i) => ({
        id: `show-${(i * 7919) % 1000}`,
        name: `Act ${i} at Hall ${(i * 31) % 17}`,
        startsAt: new Date(Date.UTC(2027, i % 12, (i % 28) + 1, 20)).toISOString(),
        going: (i * 37) % 101,
      })),
    );
    const br = (c: typeof PUBLIC_COMPRESSION) =>
      brotliCompressSync(json, { params: { [constants.BROTLI_PARAM_QUALITY]: c.brotliQuality } });
    const gz = (c: typeof PUBLIC_COMPRESSION) => gzipSync(json, { level: c.gzipLevel });
    expect(br(ONCE_COMPRESSION).equals(br(PUBLIC_COMPRESSION))).toBe(false);
    expect(gz(ONCE_COMPRESSION).equals(gz(PUBLIC_COMPRESSION))).toBe(false);

    const kept = cacheAt({ now: 0 }, 100_000);
    const entry = await kept.get('a', whole(), loader(() => json).load);
    expect(kept.body(entry, 'br').bytes.equals(br(PUBLIC_COMPRESSION))).toBe(true);
    expect(kept.body(entry, 'gzip').bytes.equals(gz(PUBLIC_COMPRESSION))).toBe(true);

    const off = createPublicResponseCache({
      maxBytes: 10_000,
      maxAgeMs: 60_000,
      compressAboveBytes: 100,
      off: true,
    });
    off.setEnabled(true);
    const once = await off.get('a', whole(), loader(() => json).load);
    expect(off.body(once, 'br').bytes.equals(br(ONCE_COMPRESSION))).toBe(true);
    expect(off.body(once, 'gzip').bytes.equals(gz(ONCE_COMPRESSION))).toBe(true);
  });

  it('keeps nothing while disabled (the change notices are not listened to)', async () => {
    const cache = cacheAt({ now: 0 });
    const page = loader();
    await cache.get('a', whole(), page.load);
    cache.setEnabled(false);
    await cache.get('a', whole(), page.load);
    await cache.get('a', whole(), page.load);
    expect(page.reads).toBe(3);
  });
});
