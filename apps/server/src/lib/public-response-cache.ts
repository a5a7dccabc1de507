import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

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
  tables: readonly string[];
  bytes: number;
};

export type Built = {
  value: unknown;
  json: string;
  /** When the page changes by time alone (its first upcoming show starts): earlier than max age. */
  expiresAt?: number | null;
};

export type CacheOptions = {
  maxBytes: number;
  /** The longest an entry lives without a change notice (time-bound content: `when=`, now()). */
  maxAgeMs: number;
  /** Below this the JSON is sent as is (as http/compression.ts does). */
  compressAboveBytes: number;
  now?: () => number;
};

/** Brotli 4, as http/compression.ts: 11 costs more CPU than it saves, even once per change. */
const BROTLI = { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } };
/** The page object's memory, roughly, against its JSON's length. */
const OBJECT_OVERHEAD = 2;

/**
 * Public responses kept in memory, per process, keyed by route and normalised query, bounded in
 * bytes (least recently used goes first). Entries are tagged with the tables they were read from;
 * `invalidate(table)` drops those (the database's change notices call it, http/public-cache.ts).
 *
 * The race a cache like this must not lose: a page read before a commit, stored after the commit's
 * notice was handled, would stay stale. Every invalidation bumps a generation; a fill stores its
 * result only if no invalidation happened while it read. Concurrent fills of a key share one read
 * (50 connections on a cold page make one query, not 50), but a fill that started before an
 * invalidation is not joined by requests that arrive after it.
 */
export function createPublicResponseCache(options: CacheOptions) {
  const now = options.now ?? Date.now;
  const entries = new Map<string, CachedResponse>();
  let pending = new Map<string, Promise<CachedResponse>>();
  let bytes = 0;
  let generation = 0;
  /** Off until the change notices are listened to, and while that connection is lost. */
  let enabled = false;

  function drop(key: string) {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
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
    bytes += entry.bytes;
    evictOverBudget();
  }

  async function build(load: () => Promise<Built>, tables: readonly string[], key: string) {
    const startedAt = generation;
    const built = await load();
    const identity = Buffer.from(built.json);
    const maxAge = now() + options.maxAgeMs;
    const entry: CachedResponse = {
      key,
      value: built.value,
      hash: createHash('sha1').update(identity).digest('base64url').slice(0, 22),
      variants: { identity },
      expiresAt: Math.min(maxAge, built.expiresAt ?? maxAge),
      tables,
      bytes: identity.length * (1 + OBJECT_OVERHEAD),
    };
    if (enabled && generation === startedAt) store(key, entry);
    return entry;
  }

  return {
    /** The cached response, or one read now (and kept when nothing changed meanwhile). */
    async get(key: string, tables: readonly string[], load: () => Promise<Built>) {
      const found = entries.get(key);
      if (found && found.expiresAt > now()) {
        entries.delete(key);
        entries.set(key, found);
        return found;
      }
      if (found) drop(key);
      if (!enabled) return build(load, tables, key);
      const inFlight = pending.get(key);
      if (inFlight) return inFlight;
      const started = build(load, tables, key);
      const own = pending;
      own.set(key, started);
      const forget = () => {
        if (own.get(key) === started) own.delete(key);
      };
      started.then(forget, forget);
      return started;
    },

    /** The bytes for `encoding`, compressed once per entry and encoding (small JSON never). */
    body(entry: CachedResponse, encoding: Encoding): { encoding: Encoding; bytes: Buffer } {
      const identity = entry.variants.identity as Buffer;
      if (encoding === 'identity' || identity.length < options.compressAboveBytes) {
        return { encoding: 'identity', bytes: identity };
      }
      let bytesOut = entry.variants[encoding];
      if (!bytesOut) {
        bytesOut = encoding === 'br' ? brotliCompressSync(identity, BROTLI) : gzipSync(identity);
        entry.variants[encoding] = bytesOut;
        // Counted only while the entry is still the cached one (an invalidation may have dropped it).
        if (entries.get(entry.key) === entry) {
          entry.bytes += bytesOut.length;
          bytes += bytesOut.length;
          evictOverBudget();
        }
      }
      return { encoding, bytes: bytesOut };
    },

    /** A change to `table` (undefined: anything, e.g. notices may have been lost). */
    invalidate(table?: string) {
      generation += 1;
      pending = new Map();
      for (const [key, entry] of entries) {
        if (table === undefined || entry.tables.includes(table)) drop(key);
      }
    },

    /** While the notices are not listened to, nothing is kept (a change would go unnoticed). */
    setEnabled(on: boolean) {
      if (!on) this.invalidate();
      enabled = on;
    },

    stats: () => ({ entries: entries.size, bytes, generation, enabled }),
  };
}

export type PublicResponseCache = ReturnType<typeof createPublicResponseCache>;
