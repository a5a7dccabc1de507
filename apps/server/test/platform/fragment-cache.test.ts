import { describe, expect, it } from 'vitest';
import { createFragmentCache } from '../../src/lib/fragment-cache.ts';

/** The fragment cache's own rules, without a database: what a change drops, bounds, the race. */
function cacheAt(clock: { now: number }, maxChars = 1_000) {
  const cache = createFragmentCache<string>({
    tables: ['shows', 'show_acts'],
    idOfTag: (tag) => (tag.startsWith('show:') ? tag.slice('show:'.length) : undefined),
    maxChars,
    sizeOf: (json) => json.length,
    maxAgeMs: 60_000,
    now: () => clock.now,
  });
  cache.setEnabled(true);
  return cache;
}

/** A loader that counts the ids it read and answers `<id>#<read number>`. */
function loader() {
  const counter = {
    reads: 0,
    ids: [] as string[],
    load: async (missing: string[]) => {
      counter.reads += 1;
      counter.ids.push(...missing);
      return new Map(missing.map((id) => [id, `${id}#${counter.reads}`]));
    },
  };
  return counter;
}

describe('the fragment cache', () => {
  it('reads only the fragments it does not keep, all in one call', async () => {
    const cache = cacheAt({ now: 0 });
    const l = loader();
    expect(await cache.get(['a', 'b'], l.load)).toEqual(['a#1', 'b#1']);
    expect(await cache.get(['b', 'c', 'a'], l.load)).toEqual(['b#1', 'c#2', 'a#1']);
    expect(l.ids).toEqual(['a', 'b', 'c']);
    // Everything kept: no read at all.
    expect(await cache.get(['c', 'a'], l.load)).toEqual(['c#2', 'a#1']);
    expect(l.reads).toBe(2);
  });

  it('drops the fragments a change names, only for the tables it reads', async () => {
    const cache = cacheAt({ now: 0 });
    const l = loader();
    await cache.get(['a', 'b', 'c'], l.load);
    cache.invalidate({ table: 'shows', tags: ['show:a', 'user:x'] });
    // Another table's change, naming b: not read from it.
    cache.invalidate({ table: 'ticket_clicks', tags: ['show:b'] });
    // A read mark (no table, a user's tag): names no show.
    cache.invalidate({ tags: ['user:x'] });
    expect(await cache.get(['a', 'b', 'c'], l.load)).toEqual(['a#2', 'b#1', 'c#1']);
  });

  it('drops everything on a change that names no rows, or nothing at all', async () => {
    const cache = cacheAt({ now: 0 });
    const l = loader();
    await cache.get(['a', 'b'], l.load);
    cache.invalidate({ table: 'show_acts' });
    expect(await cache.get(['a', 'b'], l.load)).toEqual(['a#2', 'b#2']);
    cache.invalidate();
    expect(await cache.get(['a'], l.load)).toEqual(['a#3']);
    // A table it does not read, without rows: nothing.
    cache.invalidate({ table: 'ticket_clicks' });
    expect(await cache.get(['a'], l.load)).toEqual(['a#3']);
  });

  it('keeps no fragment a change named while it was read (the commit race)', async () => {
    const cache = cacheAt({ now: 0 });
    const l = loader();
    const answered = await cache.get(['a', 'b'], async (missing) => {
      // The read saw the rows before the commit; its notice is handled before the read ends.
      const read = await l.load(missing);
      cache.invalidate({ table: 'shows', tags: ['show:a'] });
      return read;
    });
    expect(answered).toEqual(['a#1', 'b#1']);
    expect(await cache.get(['a', 'b'], l.load)).toEqual(['a#2', 'b#1']);
    // A change of everything during a read: nothing of it is kept.
    await cache.get(['c'], async (missing) => {
      const read = await l.load(missing);
      cache.invalidate();
      return read;
    });
    expect(await cache.get(['c'], l.load)).toEqual(['c#4']);
  });

  it('keeps nothing while the notices are not listened to, and starts empty after', async () => {
    const cache = cacheAt({ now: 0 });
    const l = loader();
    await cache.get(['a'], l.load);
    cache.setEnabled(false);
    expect(await cache.get(['a'], l.load)).toEqual(['a#2']);
    expect(await cache.get(['a'], l.load)).toEqual(['a#3']);
    cache.setEnabled(true);
    expect(await cache.get(['a'], l.load)).toEqual(['a#4']);
    expect(await cache.get(['a'], l.load)).toEqual(['a#4']);
    // Off (SHOW_FRAGMENTS=off): never kept, whatever the listener says.
    const off = createFragmentCache<string>({
      tables: ['shows'],
      idOfTag: () => undefined,
      maxChars: 1_000,
      sizeOf: (json) => json.length,
      maxAgeMs: 60_000,
      off: true,
    });
    off.setEnabled(true);
    await off.get(['a'], l.load);
    expect(await off.get(['a'], l.load)).toEqual(['a#6']);
  });

  it('lets the least used go past its bound, and nothing outlive its age', async () => {
    const clock = { now: 0 };
    // Each fragment is 3 characters ('a#1'): room for three.
    const cache = cacheAt(clock, 9);
    const l = loader();
    await cache.get(['a', 'b', 'c'], l.load);
    await cache.get(['a'], l.load); // a is now the most recently used
    await cache.get(['d'], l.load); // over the bound: b goes
    expect(cache.stats()).toMatchObject({ entries: 3, chars: 9 });
    expect(await cache.get(['a', 'c', 'd'], l.load)).toEqual(['a#1', 'c#1', 'd#2']);
    expect(await cache.get(['b'], l.load)).toEqual(['b#3']);
    clock.now = 60_000;
    expect(await cache.get(['b'], l.load)).toEqual(['b#4']);
  });

  it('answers undefined for an id the read does not find, and keeps nothing for it', async () => {
    const cache = cacheAt({ now: 0 });
    let reads = 0;
    const none = async () => {
      reads += 1;
      return new Map<string, string>();
    };
    expect(await cache.get(['gone'], none)).toEqual([undefined]);
    expect(await cache.get(['gone'], none)).toEqual([undefined]);
    expect(reads).toBe(2);
  });
});
