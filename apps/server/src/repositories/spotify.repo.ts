import { and, eq, sql } from 'drizzle-orm';
import type { Orm } from '../db/client.ts';
import { spotifyAuthorizations, spotifyConnections } from '../db/schema/index.ts';

/** A connection row as stored: the tokens are ciphertexts (see lib/spotify-token-cipher.ts). */
export type StoredSpotifyConnection = typeof spotifyConnections.$inferSelect;
export type NewSpotifyConnection = Omit<StoredSpotifyConnection, 'connectedAt' | 'refreshedAt'>;
/** What a refresh writes back: the new tokens and expiry. */
export type RefreshedTokens = Pick<
  StoredSpotifyConnection,
  'accessToken' | 'refreshToken' | 'expiresAt' | 'scope'
>;

/** Spotify connections and authorisations in progress. SQL only. */
export function createSpotifyRepo(orm: Orm) {
  return {
    /** Starts (or restarts) the fan's authorisation: one state per fan. */
    async saveAuthorization(userId: string, stateHash: string, expiresAt: Date): Promise<void> {
      await orm
        .insert(spotifyAuthorizations)
        .values({ userId, stateHash, expiresAt })
        .onConflictDoUpdate({
          target: spotifyAuthorizations.userId,
          set: { stateHash, expiresAt },
        });
    },

    /**
     * Uses up the fan's authorisation if `stateHash` is its state: true when it was still valid.
     * A wrong state leaves it in place, so a forged callback cannot cancel the fan's real one.
     */
    async takeAuthorization(userId: string, stateHash: string, now: Date): Promise<boolean> {
      const taken = await orm
        .delete(spotifyAuthorizations)
        .where(
          and(
            eq(spotifyAuthorizations.userId, userId),
            eq(spotifyAuthorizations.stateHash, stateHash),
          ),
        )
        .returning({ expiresAt: spotifyAuthorizations.expiresAt });
      return taken.some((t) => t.expiresAt > now);
    },

    async find(userId: string): Promise<StoredSpotifyConnection | null> {
      const [found] = await orm
        .select()
        .from(spotifyConnections)
        .where(eq(spotifyConnections.userId, userId));
      return found ?? null;
    },

    /** Connecting again (another Spotify account, say) replaces the old grant entirely. */
    async save(connection: NewSpotifyConnection): Promise<void> {
      const { userId, ...rest } = connection;
      await orm
        .insert(spotifyConnections)
        .values(connection)
        .onConflictDoUpdate({
          target: spotifyConnections.userId,
          set: { ...rest, connectedAt: sql`now()`, refreshedAt: null },
        });
    },

    async remove(userId: string): Promise<void> {
      await orm.delete(spotifyConnections).where(eq(spotifyConnections.userId, userId));
    },

    /**
     * Runs `decide` with the fan's row locked (FOR UPDATE), so that of several API processes
     * refreshing at once only the first asks Spotify and the others read its tokens. `decide`
     * answers what to store: new tokens, 'keep' (another process already refreshed), or
     * 'delete' (the grant is dead). Null when there is no connection.
     */
    lockedRefresh<T>(
      userId: string,
      decide: (row: StoredSpotifyConnection) => Promise<{
        write: RefreshedTokens | 'keep' | 'delete';
        result: T;
      }>,
    ): Promise<T | null> {
      return orm.transaction(async (tx) => {
        const [row] = await tx
          .select()
          .from(spotifyConnections)
          .where(eq(spotifyConnections.userId, userId))
          .for('update');
        if (!row) return null;
        const { write, result } = await decide(row);
        if (write === 'delete') {
          await tx.delete(spotifyConnections).where(eq(spotifyConnections.userId, userId));
        } else if (write !== 'keep') {
          await tx
            .update(spotifyConnections)
            .set({ ...write, refreshedAt: sql`now()` })
            .where(eq(spotifyConnections.userId, userId));
        }
        return result;
      });
    },
  };
}

export type SpotifyRepo = ReturnType<typeof createSpotifyRepo>;
