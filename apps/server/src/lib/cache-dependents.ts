import type { Change, Dependencies } from './public-response-cache.ts';

/**
 * Which cached keys a change may touch, found without a walk over every entry: the keys by each
 * table they read whole, by each table they follow by row (an untagged notice drops those too),
 * and by each tag they carry. A notice then costs the size of its candidates, not of the cache
 * (at 20 writes a second, ~80 notices a second, each over up to ~100k entries of a 64 MiB cache).
 */
export function createDependents() {
  const readers = new Map<string, Set<string>>();
  const wholeReaders = new Map<string, Set<string>>();
  const tagged = new Map<string, Set<string>>();

  const add = (index: Map<string, Set<string>>, name: string, key: string) => {
    const keys = index.get(name) ?? new Set<string>();
    index.set(name, keys.add(key));
  };
  const remove = (index: Map<string, Set<string>>, name: string, key: string) => {
    const keys = index.get(name);
    if (!keys) return;
    keys.delete(key);
    if (keys.size === 0) index.delete(name);
  };
  const each = (
    change: (index: Map<string, Set<string>>, name: string, key: string) => void,
    key: string,
    dependsOn: Dependencies,
    tags: ReadonlySet<string>,
  ) => {
    for (const table of dependsOn.tables) {
      change(readers, table, key);
      if (!dependsOn.byRow.includes(table)) change(wholeReaders, table, key);
    }
    for (const tag of tags) change(tagged, tag, key);
  };

  return {
    add: (key: string, dependsOn: Dependencies, tags: ReadonlySet<string>) =>
      each(add, key, dependsOn, tags),
    remove: (key: string, dependsOn: Dependencies, tags: ReadonlySet<string>) =>
      each(remove, key, dependsOn, tags),

    /**
     * Every key `change` may touch (a superset: `touches` decides), or `'all'` for a change that
     * names neither a table nor a tag. A copy: dropping them while iterating is safe.
     */
    candidates(change: Change): string[] | 'all' {
      if (change.table === undefined && change.tags === undefined) return 'all';
      const found = new Set<string>();
      const take = (keys: Set<string> | undefined) => {
        for (const key of keys ?? []) found.add(key);
      };
      if (change.table !== undefined && change.tags === undefined) take(readers.get(change.table));
      if (change.table !== undefined && change.tags !== undefined) {
        take(wholeReaders.get(change.table));
      }
      for (const tag of change.tags ?? []) take(tagged.get(tag));
      return [...found];
    },
  };
}
