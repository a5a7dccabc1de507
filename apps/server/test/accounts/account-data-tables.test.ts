import { ROLES } from '@encore/contract';
import { drizzle } from 'drizzle-orm/node-postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/client.ts';
import * as schema from '../../src/db/schema/index.ts';
import { createAccountDataRepo } from '../../src/repositories/account-data.repo.ts';
import { createTestDatabase } from '../support/test-app.ts';

/**
 * Tables that hold rows about a person and are deliberately not in "Export My Data", each with
 * why. A new table with a person's id (a foreign key to "user", or a user, fan, performer or
 * venue id column) must be read by the export (repositories/account-data.repo.ts) or be named
 * here: the test below fails otherwise.
 */
const NOT_EXPORTED: Record<string, string> = {
  // Credentials and their short-lived housekeeping: the export names the account, never a secret.
  email_changes: 'a pending change of address, whose link token is a credential',
  spotify_authorizations: "a Spotify sign-in in flight (the OAuth state's hash, minutes long)",
  push_subscriptions: "the browser's push endpoint and keys, a credential for that device",
  show_announce_keys:
    "the announce form's idempotency keys, a hash of a request (the show is exported)",
  show_import_keys:
    'which show an import made from which row of its file: a key and a hash (the show is exported)',
  // The alert pipeline beyond the outbox (whose rows held for the digest are exported).
  alert_match_nearby: "an announcement's match in progress (unlogged scratch, emptied at its end)",
  alert_early_reads:
    "a read mark made while a big announcement's alerts were being written (seconds long; it is applied to the exported alert when its row is written)",
  // The dashboards' rollups: counts over many fans, kept by triggers from exported rows.
  performer_follow_months: "a performer's follows and unfollows per month, over all fans",
  performer_follower_zips: "a performer's followers per ZIP, over all fans",
  performer_follower_cities: "a performer's followers per city, over all fans",
  venue_audience_months: "a venue's audience per month, over all shows' fans",
  venue_audience_years: "a venue's audience per year, over all shows' fans",
};

/** The tables a query of the export names (after `from` or `join`). */
function tablesIn(sql: string): string[] {
  return [...sql.matchAll(/\b(?:from|join)\s+"?([a-z_][a-z0-9_]*)"?/gi)].map((m) => m[1] ?? '');
}

let database: Database;
beforeAll(async () => {
  ({ database } = await createTestDatabase());
});
afterAll(() => database.close());

describe('"Export My Data" and the tables about a person', () => {
  it('reads every table holding a user’s, fan’s, performer’s or venue’s rows, or says why not', async () => {
    // What the export reads, from the statements it runs for a user of each role.
    const read = new Set<string>();
    const orm = drizzle(database.pool, {
      schema,
      logger: {
        logQuery: (query) => {
          for (const table of tablesIn(query)) read.add(table);
        },
      },
    });
    const repo = createAccountDataRepo(orm);
    for (const role of ROLES) await repo.collect('00000000-0000-0000-0000-000000000000', role);

    // "user" itself, every table with a foreign key to it, or a column that names a person by id.
    const { rows } = await database.pool.query<{ table: string }>(
      `select c.conrelid::regclass::text as table from pg_constraint c
        where c.contype = 'f' and c.confrelid = '"user"'::regclass
       union
       select table_name from information_schema.columns
        where table_schema = 'public' and column_name ~ '^(user|fan|performer|venue)_id$'`,
    );
    const personal = [...new Set(['user', ...rows.map((r) => r.table.replaceAll('"', ''))])].sort();
    expect(personal).toEqual(expect.arrayContaining(['user', 'fan_profiles', 'show_attendance']));

    expect(personal.filter((table) => !read.has(table) && !(table in NOT_EXPORTED))).toEqual([]);
    // The list holds no table that is exported after all, or that no longer exists.
    expect(Object.keys(NOT_EXPORTED).filter((t) => read.has(t) || !personal.includes(t))).toEqual(
      [],
    );
  });
});
