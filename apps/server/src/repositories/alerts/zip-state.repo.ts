import zipcodes from 'zipcodes';

let table: string | undefined;

/**
 * ZIP → state for SQL, as JSON: a ZIP's first three digits name its state except under 6 of
 * the 931 prefixes, so the table holds each prefix whose ZIPs all lie in one state, and every
 * ZIP under the others (about 1,200 keys, 15 kB). Look up `coalesce(t ->> zip, t ->> left(zip, 3))`.
 * From the same bundled ZIP table that placed the fan's home, so it needs no schema change.
 */
export function zipStateTable(): string {
  if (table) return table;
  const byPrefix = new Map<string, Map<string, string>>();
  for (const [zip, place] of Object.entries(zipcodes.codes)) {
    if (place.country !== 'US') continue;
    const prefix = zip.slice(0, 3);
    const zips = byPrefix.get(prefix) ?? new Map<string, string>();
    zips.set(zip, place.state);
    byPrefix.set(prefix, zips);
  }
  const entries: Record<string, string> = {};
  for (const [prefix, zips] of byPrefix) {
    const states = new Set(zips.values());
    if (states.size === 1) entries[prefix] = [...states][0] as string;
    else for (const [zip, state] of zips) entries[zip] = state;
  }
  table = JSON.stringify(entries);
  return table;
}

let lookup: Record<string, string> | undefined;

/** A ZIP's state ('NY'), as the SQL lookup above finds it; undefined for an unknown ZIP. */
export function zipState(zip: string): string | undefined {
  lookup ??= JSON.parse(zipStateTable()) as Record<string, string>;
  return lookup[zip] ?? lookup[zip.slice(0, 3)];
}
