/** A verified session's user, as the session check answers it, and when the session expires. */
export type CachedSession<U> = { userId: string; user: U; expiresAt: number; cachedAt: number };

export type SessionCacheOptions = {
  maxEntries: number;
  /** A safety net only: changes drop entries at once (their notices); this bounds a missed one. */
  maxAgeMs: number;
  now?: () => number;
};

/**
 * Verified sessions kept in memory, per process, keyed by session token, with an index by user so
 * that a change to a user or to any of their sessions drops all of that user's entries (the
 * session triggers of migration 0032 name the users; auth/session-change-listener.ts calls
 * `dropUsers`). Never a negative answer: a token without a session always asks the database.
 *
 * The race it must not lose, as lib/public-response-cache.ts: a row read before a revocation's
 * commit and stored after its notice was handled would keep the session alive. Every drop bumps a
 * generation; `store` keeps a row only if nothing was dropped since its read began.
 */
export function createSessionCache<U>(options: SessionCacheOptions) {
  const now = options.now ?? Date.now;
  const byToken = new Map<string, CachedSession<U>>();
  const tokensByUser = new Map<string, Set<string>>();
  let generation = 0;
  /** Off until the change notices are listened to, and while that connection is lost. */
  let enabled = false;

  function forget(token: string) {
    const entry = byToken.get(token);
    if (!entry) return;
    byToken.delete(token);
    const tokens = tokensByUser.get(entry.userId);
    tokens?.delete(token);
    if (tokens?.size === 0) tokensByUser.delete(entry.userId);
  }

  /** Lookups while on, for the metrics (metrics/metrics.ts): plain numbers, read on a scrape. */
  const counts = { hits: 0, misses: 0 };

  return {
    counts,

    get enabled() {
      return enabled;
    },

    /** The generation to hand back to `store` (taken before the read begins). */
    generation: () => generation,

    get(token: string): CachedSession<U> | undefined {
      if (!enabled) return undefined;
      const entry = byToken.get(token);
      if (!entry) {
        counts.misses += 1;
        return undefined;
      }
      if (entry.cachedAt + options.maxAgeMs <= now()) {
        forget(token);
        counts.misses += 1;
        return undefined;
      }
      counts.hits += 1;
      // Least recently used first: a Map keeps insertion order.
      byToken.delete(token);
      byToken.set(token, entry);
      return entry;
    },

    store(token: string, userId: string, user: U, expiresAt: number, readSince: number) {
      if (!enabled || generation !== readSince) return;
      forget(token);
      byToken.set(token, { userId, user, expiresAt, cachedAt: now() });
      let tokens = tokensByUser.get(userId);
      if (!tokens) {
        tokens = new Set();
        tokensByUser.set(userId, tokens);
      }
      tokens.add(token);
      for (const oldest of byToken.keys()) {
        if (byToken.size <= options.maxEntries) break;
        forget(oldest);
      }
    },

    /** These users' sessions changed (or the users themselves); undefined: anyone's may have. */
    dropUsers(userIds?: readonly string[]) {
      generation += 1;
      if (!userIds) {
        byToken.clear();
        tokensByUser.clear();
        return;
      }
      for (const userId of userIds) {
        for (const token of tokensByUser.get(userId) ?? []) forget(token);
      }
    },

    /** While the notices are not listened to, nothing is kept (a revocation would go unnoticed). */
    setEnabled(on: boolean) {
      this.dropUsers();
      enabled = on;
    },

    stats: () => ({ entries: byToken.size, users: tokensByUser.size, generation, enabled }),
  };
}

export type SessionCache<U> = ReturnType<typeof createSessionCache<U>>;
