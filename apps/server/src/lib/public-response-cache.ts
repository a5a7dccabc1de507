import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { createDependents } from './cache-dependents.ts';

export type Encoding = 'br' | 'gzip' | 'identity';

/** One cached public response: its JSON, the page object it was made from, and its variants. */
export type CachedResponse = {
  key: string;
  /** The page object (for viewers whose own part is added to it: the fan on an artist page). */
  value: unknown;
  /** Strong validator of the JSON (the identity bytes); a variant's tag adds its encoding. */
  hash: string;
  variants: Partial<Record<Encoding, Buffer>>;
  expiresAt: number;
  dependsOn: Dependencies;
  /** The rows it showed (decision 034): `show:<id>`, `user:<id>`, `shows:listing`. */
  tags: ReadonlySet<string>;
  /** The last day it can list a show on (`Built.horizon`); none: any day. */
  horizon?: string;
  bytes: number;
  /** A part kept for pages (its loader gave `bytes`, no JSON), not a page sent as it is. */
  part: boolean;
};

/**
 * What a page read: its tables, and those of them it follows row by row (by its tags). `tagKinds`:
 * for a table followed by row, the one kind of its notices' tags that names a row the page read
 * (`user:` for Your Alerts' own cards on show_attendance: the marks of the fan and their pals, not
 * every mark on the shows they list); without it, any of the notice's tags does.
 */
export type Dependencies = {
  tables: readonly string[];
  byRow: readonly string[];
  tagKinds?: TagKinds;
};
/** Table → the one kind (prefix) of its notices' tags that names a row read (`Dependencies`). */
export type TagKinds = Readonly<Record<string, string>>;

/**
 * A committed change, as its notice says it: a table and the tags of its rows (none: any row of
 * it); no table: anything tagged with one of the tags (a user's read mark), or, without tags either,
 * anything at all (notices may have been lost).
 */
export type Change = { table?: string; tags?: readonly string[] };

/**
 * The tags of a change to the shows a listing may hold (a show added, removed, or edited beyond its
 * results: http/cached-pages.ts' LISTING_TAG and `listingTag`, migrations 0040 and 0055).
 */
export const LISTING_TAG = 'shows:listing';
/**
 * Beside them, the day each show they name starts, before and after an edit (migration 0060,
 * decision 061): `shows:starts:<YYYY-MM-DD>`, in UTC.
 */
export const START_DAY_TAG = 'shows:starts:';
/** A start's day as the change notices name it (`START_DAY_TAG`): UTC, `YYYY-MM-DD`. */
export const startDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * Whether `change` may alter a page that read `dependsOn`, showed `tags` and lists shows up to
 * `horizon` (none: any). A change that shares only listing tags with a page with a horizon alters
 * it only when a show it names starts on or before that day (or it names no day: conservative).
 */
export function touches(
  { dependsOn, tags, horizon }: Pick<CachedResponse, 'dependsOn' | 'tags' | 'horizon'>,
  change: Change,
) {
  const named = (kind = '') => {
    let listing = false;
    for (const tag of change.tags ?? []) {
      if (!tags.has(tag) || !tag.startsWith(kind)) continue;
      if (horizon === undefined || !tag.startsWith(LISTING_TAG)) return true;
      listing = true;
    }
    return listing && startsBy(change.tags ?? [], horizon as string);
  };
  if (change.table === undefined) return change.tags === undefined || named();
  if (!dependsOn.tables.includes(change.table)) return false;
  if (change.tags === undefined || !dependsOn.byRow.includes(change.table)) return true;
  return named(dependsOn.tagKinds?.[change.table]);
}

/** Whether a change's tags name a show starting on or before `day`, or no day at all. */
function startsBy(tags: readonly string[], day: string) {
  let days = 0;
  for (const tag of tags) {
    if (!tag.startsWith(START_DAY_TAG)) continue;
    if (tag.slice(START_DAY_TAG.length) <= day) return true;
    days += 1;
  }
  return days === 0;
}

export type Built = {
  value: unknown;
  json: string;
  /** When the page changes by time alone (its first upcoming show starts): earlier than max age. */
  expiresAt?: number | null;
  /** The rows it showed, for the tables it follows by row (decision 034). */
  tags?: readonly string[];
  /**
   * Its memory, for a part kept for a page rather than sent (its `json` empty): an estimate, so
   * that the bound in bytes holds for it too. A page's is its JSON's, with its object.
   */
  bytes?: number;
  /**
   * A listing cut at its limit, soonest first (Your Alerts with a next page, decision 061): the
   * day of its last show (`startDay`). A show starting on a later day cannot be on it, so a change
   * of such shows only (by its listing tags) leaves it. None: it may hold a show of any day.
   */
  horizon?: string | null;
};

export type CacheOptions = {
  maxBytes: number;
  /** The longest an entry lives without a change notice (time-bound content: `when=`, now()). */
  maxAgeMs: number;
  /** Below this the JSON is sent as is (as http/compression.ts does). */
  compressAboveBytes: number;
  /** Keep nothing, whatever `setEnabled` says (PAGE_CACHES=off). */
  off?: boolean;
  /** Brotli's quality and gzip's level (PUBLIC_COMPRESSION: a page many read). */
  compression?: Compression;
  now?: () => number;
  /** A number in [0, 1) for each entry's age (AGE_SPREAD); Math.random unless a test gives one. */
  random?: () => number;
};

/**
 * An entry lives between 75% and 100% of the max age, drawn per entry. Pages cached together (a
 * start, a deploy, a notice that dropped every fan's in-app pages) otherwise all aged out in the
 * same second 60 s later, and again 60 s after that: bench:drops saw 176-195 of 200 fans' pages
 * miss at once after its warm-up, with no change to explain them.
 */
export const AGE_SPREAD = 0.25;

export type Compression = { brotliQuality: number; gzipLevel: number };

/**
 * A page many read: brotli 4 (11 costs more CPU than it saves, even once per change), gzip's
 * default.
 */
export const PUBLIC_COMPRESSION: Compression = { brotliQuality: 4, gzipLevel: 6 };
/**
 * A response read for one request and kept by no cache (PAGE_CACHES=off, the cache not yet
 * listening, a fill a change overtook), and every answer no cache keeps (http/compression.ts): its
 * compression is paid by that request alone. Brotli 2 / gzip 1, as a user's own page
 * (http/private-cache.ts has the figures): ~90 instead of ~170 µs of CPU for a 14 KB page, for ~5%
 * more bytes.
 */
export const ONCE_COMPRESSION: Compression = { brotliQuality: 2, gzipLevel: 1 };
/** The page object's memory, roughly, against its JSON's length. */
const OBJECT_OVERHEAD = 2;

/** Changes remembered for the fills in flight; a fill older than the oldest kept is not stored. */
const MAX_LOGGED_CHANGES = 10_000;

/**
 * Public responses kept in memory, per process, keyed by route and normalised query, bounded in
 * bytes (least recently used goes first). Entries carry the tables they were read from and the
 * rows they showed; `invalidate(change)` drops those it may alter (the database's change notices
 * call it, http/public-cache.ts; `touches` is the rule).
 *
 * The race a cache like this must not lose: a page read before a commit, stored after the commit's
 * notice was handled, would stay stale. Every change handled is logged with a number; a fill
 * stores its result only if no change logged while it read touches it. Concurrent fills of a key
 * share one read (50 connections on a cold page make one query, not 50), but a request that
 * joined a fill gets a read of its own when a change touching the page came between the fill's
 * start and its own arrival.
 */
export function createPublicResponseCache(options: CacheOptions) {
  const now = options.now ?? Date.now;
  const random = options.random ?? Math.random;
  const { brotliQuality, gzipLevel } = options.compression ?? PUBLIC_COMPRESSION;
  const zlibOptions = (c: Compression) => ({
    brotli: { params: { [constants.BROTLI_PARAM_QUALITY]: c.brotliQuality } },
    gzip: { level: c.gzipLevel },
  });
  const kept = zlibOptions({ brotliQuality, gzipLevel });
  const once = zlibOptions(ONCE_COMPRESSION);
  const entries = new Map<string, CachedResponse>();
  const dependents = createDependents();
  /** Fills under way: their promise and the number of the last change before they started. */
  const pending = new Map<string, { fill: Promise<CachedResponse>; since: number }>();
  let bytes = 0;
  /** Changes handled, numbered; only those after the oldest fill in flight are kept. */
  let changes: Array<{ seq: number; change: Change }> = [];
  let lastSeq = 0;
  /** Fills in flight by the number they started at (how many of each). */
  const filling = new Map<number, number>();
  /** Off until the change notices are listened to, and while that connection is lost. */
  let enabled = false;
  /** Entries dropped because a change may have altered them (not by age or size): the metrics'. */
  let droppedByChanges = 0;
  let partsDroppedByChanges = 0;

  function drop(key: string) {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    dependents.remove(key, entry.dependsOn, entry.tags);
    bytes -= entry.bytes;
  }

  function evictOverBudget() {
    // A Map iterates in insertion order and `get` re-inserts: the first key is the least used.
    for (const key of entries.keys()) {
      if (bytes <= options.maxBytes) break;
      drop(key);
    }
  }

  function store(key: string, entry: CachedResponse) {
    drop(key);
    if (entry.bytes > options.maxBytes) return;
    entries.set(key, entry);
    dependents.add(key, entry.dependsOn, entry.tags);
    bytes += entry.bytes;
    evictOverBudget();
  }

  /** Whether a change logged after `since`, up to `until`, may alter `entry`. */
  function changedSince(entry: CachedResponse, since: number, until = lastSeq): boolean {
    const oldest = changes[0]?.seq ?? lastSeq + 1;
    if (since < lastSeq && since + 1 < oldest) return true; // forgotten: assume it did
    return changes.some(({ seq, change }) => seq > since && seq <= until && touches(entry, change));
  }

  function forgetChanges() {
    const oldestFill = filling.size ? Math.min(...filling.keys()) : lastSeq;
    if (changes.length && (changes[0]?.seq ?? 0) <= oldestFill) {
      changes = changes.filter(({ seq }) => seq > oldestFill);
    }
    if (changes.length > MAX_LOGGED_CHANGES) changes = changes.slice(-MAX_LOGGED_CHANGES);
  }

  async function build(load: () => Promise<Built>, dependsOn: Dependencies, key: string) {
    const since = lastSeq;
    filling.set(since, (filling.get(since) ?? 0) + 1);
    try {
      const built = await load();
      const identity = Buffer.from(built.json);
      const maxAge = now() + options.maxAgeMs * (1 - AGE_SPREAD * random());
      const entry: CachedResponse = {
        key,
        value: built.value,
        hash: createHash('sha1').update(identity).digest('base64url').slice(0, 22),
        variants: { identity },
        expiresAt: Math.min(maxAge, built.expiresAt ?? maxAge),
        dependsOn,
        tags: new Set(built.tags),
        ...(built.horizon != null && { horizon: built.horizon }),
        bytes: built.bytes ?? identity.length * (1 + OBJECT_OVERHEAD),
        part: built.bytes !== undefined,
      };
      if (enabled && !changedSince(entry, since)) store(key, entry);
      return entry;
    } finally {
      const left = (filling.get(since) ?? 1) - 1;
      if (left) filling.set(since, left);
      else filling.delete(since);
    }
  }

  /** The entry while it is current (marked as just used), else none. */
  function fresh(key: string): CachedResponse | undefined {
    const found = entries.get(key);
    if (!found || found.expiresAt <= now()) return undefined;
    entries.delete(key);
    entries.set(key, found);
    return found;
  }

  return {
    /** The cached response now, without waiting for anything: a hit needs no promise. */
    fresh,

    /** The cached response, or one read now (and kept when nothing it shows changed meanwhile). */
    async get(
      key: string,
      dependsOn: Dependencies,
      load: () => Promise<Built>,
    ): Promise<CachedResponse> {
      const current = fresh(key);
      if (current) return current;
      drop(key);
      if (!enabled) return build(load, dependsOn, key);
      const arrived = lastSeq;
      const inFlight = pending.get(key);
      if (inFlight) {
        const shared = await inFlight.fill;
        // A change between the fill's start and this request's arrival may be missing from it.
        if (!changedSince(shared, inFlight.since, arrived)) return shared;
        return build(load, dependsOn, key);
      }
      const started = build(load, dependsOn, key);
      const own = { fill: started, since: arrived };
      pending.set(key, own);
      const forget = () => {
        if (pending.get(key) === own) pending.delete(key);
      };
      started.then(forget, forget);
      return started;
    },

    /**
     * The bytes for `encoding`, compressed once per entry and encoding (small JSON never): at the
     * cache's levels for an entry it keeps, at ONCE_COMPRESSION's for one it does not.
     */
    body(entry: CachedResponse, encoding: Encoding): { encoding: Encoding; bytes: Buffer } {
      const identity = entry.variants.identity as Buffer;
      if (encoding === 'identity' || identity.length < options.compressAboveBytes) {
        return { encoding: 'identity', bytes: identity };
      }
      let bytesOut = entry.variants[encoding];
      if (!bytesOut) {
        const isKept = entries.get(entry.key) === entry;
        const level = isKept ? kept : once;
        bytesOut =
          encoding === 'br'
            ? brotliCompressSync(identity, level.brotli)
            : gzipSync(identity, level.gzip);
        entry.variants[encoding] = bytesOut;
        // Counted only while the entry is still the cached one (an invalidation may have dropped it).
        if (isKept) {
          entry.bytes += bytesOut.length;
          bytes += bytesOut.length;
          evictOverBudget();
        }
      }
      return { encoding, bytes: bytesOut };
    },

    /** A committed change (`Change`); none: anything (notices may have been lost). */
    invalidate(change: Change = {}) {
      lastSeq += 1;
      changes.push({ seq: lastSeq, change });
      forgetChanges();
      const candidates = dependents.candidates(change);
      for (const key of candidates === 'all' ? [...entries.keys()] : candidates) {
        const entry = entries.get(key);
        if (entry && touches(entry, change)) {
          drop(key);
          if (entry.part) partsDroppedByChanges += 1;
          else droppedByChanges += 1;
        }
      }
    },

    /** The keys kept now. */
    keys: (): string[] => [...entries.keys()],

    /** How many pages changes have dropped so far (metrics/metrics.ts). */
    droppedByChanges: () => droppedByChanges,

    /** How many kept parts (no JSON of their own) changes have dropped so far. */
    partsDroppedByChanges: () => partsDroppedByChanges,

    /** Whether a page read now may be kept (else its tags need not be known). */
    keeps: () => enabled,

    /** While the notices are not listened to, nothing is kept (a change would go unnoticed). */
    setEnabled(on: boolean) {
      if (!on) this.invalidate();
      enabled = on && !options.off;
    },

    stats: () => ({ entries: entries.size, bytes, changes: lastSeq, enabled }),
  };
}

export type PublicResponseCache = ReturnType<typeof createPublicResponseCache>;
