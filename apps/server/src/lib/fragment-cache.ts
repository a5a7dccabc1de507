import type { Change } from './public-response-cache.ts';

export type FragmentCacheOptions<F> = {
  /** The tables a fragment is read from: a change to another table drops nothing. */
  tables: readonly string[];
  /** The fragment's id a change notice's tag names (`show:<id>` → `<id>`), else undefined. */
  idOfTag: (tag: string) => string | undefined;
  /** Bound on the kept fragments' size by `sizeOf`, in characters (least recently used goes first). */
  maxChars: number;
  /** A fragment's size in characters: a JSON string's length, or its JSON's and what it keeps beside. */
  sizeOf: (fragment: F) => number;
  /** No fragment outlives this, whatever the notices say: the page caches' own bound. */
  maxAgeMs: number;
  /** Keep nothing (SHOW_FRAGMENTS=off): every read loads every fragment. */
  off?: boolean;
  now?: () => number;
};

/** A fill under way: what changed since it started, so it keeps nothing a change overtook. */
type Fill = { dropped: Set<string>; all: boolean };

/**
 * Fragments kept by id in one process, for pages made of them (Your Alerts' show cards, decision
 * 051: each show's pre-serialised JSON, and the faces each viewer's card picks from): many pages
 * share a fragment, and a change rebuilds one fragment, not
 * every page that shows it. Every fragment is read from `tables` and tagged by its id, so a
 * change notice naming one of those tables drops the fragments of the ids its tags name; one
 * naming a table but no rows (a statement of more than 100 rows, a truncate), or nothing at all
 * (notices may have been lost), drops them all.
 *
 * The commit race, per fragment: a fragment read before a commit and kept after the commit's notice
 * was handled would stay stale. Each read records the drops handled while it runs and keeps none
 * of the fragments they named (lib/public-response-cache.ts does the same per page).
 */
export function createFragmentCache<F>(options: FragmentCacheOptions<F>) {
  const now = options.now ?? Date.now;
  const entries = new Map<string, { fragment: F; size: number; expiresAt: number }>();
  const fills = new Set<Fill>();
  let chars = 0;
  /** Off until the notices are listened to, and while that connection is lost. */
  let enabled = false;

  function dropAll() {
    entries.clear();
    chars = 0;
    for (const fill of fills) fill.all = true;
  }

  function drop(id: string) {
    const entry = entries.get(id);
    if (entry) {
      entries.delete(id);
      chars -= entry.size;
    }
    for (const fill of fills) fill.dropped.add(id);
  }

  function keep(id: string, fragment: F) {
    const old = entries.get(id);
    if (old) chars -= old.size;
    entries.delete(id);
    const size = options.sizeOf(fragment);
    if (size > options.maxChars) return;
    entries.set(id, { fragment, size, expiresAt: now() + options.maxAgeMs });
    chars += size;
    // A Map iterates in insertion order and a hit re-inserts: the first key is the least used.
    for (const [first, entry] of entries) {
      if (chars <= options.maxChars) break;
      entries.delete(first);
      chars -= entry.size;
    }
  }

  /** The kept fragment while it is current (marked as just used), else none. */
  function fresh(id: string): F | undefined {
    const entry = entries.get(id);
    if (!entry) return undefined;
    entries.delete(id);
    if (entry.expiresAt <= now()) {
      chars -= entry.size;
      return undefined;
    }
    entries.set(id, entry);
    return entry.fragment;
  }

  return {
    /**
     * The fragments of `ids`, in order: the kept ones, and the others from `load` (one call for
     * all of them), kept unless a change handled meanwhile named them. An id `load` does not
     * answer (its row is gone) is undefined. The caller has waited for every notice committed
     * before its request (the listener's barrier), so a kept fragment is as current as a read.
     */
    async get(
      ids: readonly string[],
      load: (missing: string[]) => Promise<ReadonlyMap<string, F>>,
    ): Promise<Array<F | undefined>> {
      const fill: Fill = { dropped: new Set(), all: false };
      fills.add(fill);
      try {
        const found = ids.map((id) => (enabled ? fresh(id) : undefined));
        const missing = ids.filter((_, i) => found[i] === undefined);
        if (missing.length === 0) return found;
        const loaded = await load(missing);
        return ids.map((id, i) => {
          if (found[i] !== undefined) return found[i];
          const fragment = loaded.get(id);
          if (fragment !== undefined && enabled && !fill.all && !fill.dropped.has(id)) {
            keep(id, fragment);
          }
          return fragment;
        });
      } finally {
        fills.delete(fill);
      }
    },

    /** A committed change, as its notice says it (lib/public-response-cache.ts' `Change`). */
    invalidate(change: Change = {}) {
      if (change.table !== undefined && !options.tables.includes(change.table)) return;
      if (change.tags === undefined) {
        dropAll();
        return;
      }
      for (const tag of change.tags) {
        const id = options.idOfTag(tag);
        if (id !== undefined) drop(id);
      }
    },

    /** While the notices are not listened to, nothing is kept (a change would go unnoticed). */
    setEnabled(on: boolean) {
      dropAll();
      enabled = on && !options.off;
    },

    stats: () => ({ entries: entries.size, chars, enabled }),
  };
}

export type FragmentCache<F> = ReturnType<typeof createFragmentCache<F>>;
