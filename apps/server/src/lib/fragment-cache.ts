import type { Change } from './public-response-cache.ts';

export type FragmentCacheOptions = {
  /** The tables a fragment is read from: a change to another table drops nothing. */
  tables: readonly string[];
  /** The fragment's id a change notice's tag names (`show:<id>` → `<id>`), else undefined. */
  idOfTag: (tag: string) => string | undefined;
  /** Bound on the kept JSON, in characters (least recently used goes first). */
  maxChars: number;
  /** No fragment outlives this, whatever the notices say: the page caches' own bound. */
  maxAgeMs: number;
  /** Keep nothing (SHOW_FRAGMENTS=off): every read loads every fragment. */
  off?: boolean;
  now?: () => number;
};

/** A fill under way: what changed since it started, so it keeps nothing a change overtook. */
type Fill = { dropped: Set<string>; all: boolean };

/**
 * Pre-serialised JSON fragments kept by id in one process, for pages made of them (Your Alerts'
 * show cards, decision 051): many pages share a fragment, and a change rebuilds one fragment, not
 * every page that shows it. Every fragment is read from `tables` and tagged by its id, so a
 * change notice naming one of those tables drops the fragments of the ids its tags name; one
 * naming a table but no rows (a statement of more than 100 rows, a truncate), or nothing at all
 * (notices may have been lost), drops them all.
 *
 * The commit race, per fragment: a fragment read before a commit and kept after the commit's notice
 * was handled would stay stale. Each read records the drops handled while it runs and keeps none
 * of the fragments they named (lib/public-response-cache.ts does the same per page).
 */
export function createFragmentCache(options: FragmentCacheOptions) {
  const now = options.now ?? Date.now;
  const entries = new Map<string, { json: string; expiresAt: number }>();
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
      chars -= entry.json.length;
    }
    for (const fill of fills) fill.dropped.add(id);
  }

  function keep(id: string, json: string) {
    const old = entries.get(id);
    if (old) chars -= old.json.length;
    entries.delete(id);
    if (json.length > options.maxChars) return;
    entries.set(id, { json, expiresAt: now() + options.maxAgeMs });
    chars += json.length;
    // A Map iterates in insertion order and a hit re-inserts: the first key is the least used.
    for (const [first, entry] of entries) {
      if (chars <= options.maxChars) break;
      entries.delete(first);
      chars -= entry.json.length;
    }
  }

  /** The kept fragment while it is current (marked as just used), else none. */
  function fresh(id: string): string | undefined {
    const entry = entries.get(id);
    if (!entry) return undefined;
    entries.delete(id);
    if (entry.expiresAt <= now()) {
      chars -= entry.json.length;
      return undefined;
    }
    entries.set(id, entry);
    return entry.json;
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
      load: (missing: string[]) => Promise<ReadonlyMap<string, string>>,
    ): Promise<Array<string | undefined>> {
      const fill: Fill = { dropped: new Set(), all: false };
      fills.add(fill);
      try {
        const found = ids.map((id) => (enabled ? fresh(id) : undefined));
        const missing = ids.filter((_, i) => found[i] === undefined);
        if (missing.length === 0) return found;
        const loaded = await load(missing);
        return ids.map((id, i) => {
          if (found[i] !== undefined) return found[i];
          const json = loaded.get(id);
          if (json !== undefined && enabled && !fill.all && !fill.dropped.has(id)) keep(id, json);
          return json;
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

export type FragmentCache = ReturnType<typeof createFragmentCache>;
