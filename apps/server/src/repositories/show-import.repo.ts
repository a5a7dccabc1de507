import { and, eq, inArray, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Orm } from '../db/client.ts';
import { performerProfile, showImportKeys, shows, user, venueProfile } from '../db/schema/index.ts';
import { VENUE_PLACE } from './show.repo.ts';
import { duplicateShowId, sameDayShow } from './show-announce.repo.ts';
import { showOnVenueNight } from './venue-night.repo.ts';

/** An Encore venue a row may name: its place, to tell same-named venues apart and place shows. */
export type ImportVenue = {
  id: string;
  name: string;
  city: string;
  state: string;
  zipCode: string;
  latitude: number;
  longitude: number;
};
/** An Encore artist a venue's row may name; its genres give the show's genre, as announcing does. */
export type ImportArtist = { id: string; name: string; genres: string[] };
/** What an earlier import of a key made, and whether that show can still be edited. */
export type ImportedShow = {
  showId: string;
  fingerprint: string;
  status: string;
  confirmation: string;
};

/** The reads of an import's preview, and its keys' writes (show-import.service.ts). */
export function createShowImportRepo(orm: Orm) {
  return {
    /** Encore venues by name, in any case: every one of each name (the row's place decides). */
    async venuesNamed(names: string[]): Promise<ImportVenue[]> {
      if (names.length === 0) return [];
      return orm
        .select({ id: venueProfile.userId, city: venueProfile.city, ...VENUE_PLACE })
        .from(venueProfile)
        .innerJoin(user, eq(user.id, venueProfile.userId))
        .where(namedWithRole(venueProfile.venueName, names, 'venue'));
    },

    /** Encore artists by name, in any case (same-named artists are never guessed between). */
    async performersNamed(names: string[]): Promise<ImportArtist[]> {
      if (names.length === 0) return [];
      return orm
        .select({
          id: performerProfile.userId,
          name: performerProfile.artistName,
          genres: performerProfile.genres,
        })
        .from(performerProfile)
        .innerJoin(user, eq(user.id, performerProfile.userId))
        .where(namedWithRole(performerProfile.artistName, names, 'performer'));
    },

    /** The user's earlier imports: key → the show it made, as it is now. */
    async imported(userId: string): Promise<Map<string, ImportedShow>> {
      const rows = await orm
        .select({
          key: showImportKeys.key,
          showId: showImportKeys.showId,
          fingerprint: showImportKeys.fingerprint,
          status: shows.status,
          confirmation: shows.confirmation,
        })
        .from(showImportKeys)
        .innerJoin(shows, eq(shows.id, showImportKeys.showId))
        .where(eq(showImportKeys.userId, userId));
      return new Map(rows.map(({ key, ...show }) => [key, show]));
    },

    duplicateOf: (values: Parameters<typeof duplicateShowId>[1]) => duplicateShowId(orm, values),

    /** The questions announcing would ask (show-announce.repo.ts, venue-night.repo.ts). */
    sameDayOf: (values: Parameters<typeof sameDayShow>[1], localDate: string) =>
      sameDayShow(orm, values, localDate),
    nightOf: (venueId: string, localDate: string) => showOnVenueNight(orm, venueId, localDate),

    /**
     * Runs `work` in one transaction. It gets the transaction as an Orm, so the repositories it
     * builds on it (the announce and edit ones) run inside it: their own transactions become
     * savepoints, and everything commits or rolls back together.
     */
    transaction<T>(work: (tx: Orm) => Promise<T>): Promise<T> {
      return orm.transaction((tx) => work(tx as unknown as Orm));
    },
  };
}

/** Records that a key's row made (or last changed) a show, in the caller's transaction. */
export async function saveImportKey(
  tx: Orm,
  row: { userId: string; key: string; showId: string; fingerprint: string },
): Promise<void> {
  await tx
    .insert(showImportKeys)
    .values(row)
    .onConflictDoUpdate({
      target: [showImportKeys.userId, showImportKeys.key],
      set: { showId: row.showId, fingerprint: row.fingerprint, importedAt: new Date() },
    });
}

/** A profile whose name is one of `names` in any case, of a user who has that role. */
function namedWithRole(column: AnyPgColumn, names: string[], role: 'venue' | 'performer') {
  const lowered = [...new Set(names.map((name) => name.toLowerCase()))];
  return and(inArray(sql`lower(${column})`, lowered), eq(user.role, role));
}

export type ShowImportRepo = ReturnType<typeof createShowImportRepo>;
